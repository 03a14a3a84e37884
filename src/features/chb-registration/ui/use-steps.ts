// Which step the registration shows, the problems listed above it, and the focus moves between
// steps: the arriving step's heading, or the error summary when there are problems.
import { useRef, useState } from 'react';
import { errorsForStep, stepOf, steps, type Step } from '../rules/steps.ts';

export interface Problem {
  path: string;
  message: string;
}

export function useSteps() {
  const [step, setStep] = useState<Step>('applicant');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [fromReview, setFromReview] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // The focus moves on the next frame, once the arriving step is rendered.
  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  /** Shows another step; `review` when it was reached by a Change link on the review. */
  const goTo = (next: Step, review = false) => {
    setProblems([]);
    setStep(next);
    setFromReview(review);
    focusHeading();
  };

  /** Lists problems above the step `at` (going there when it is not the current one). */
  const show = (list: Problem[], at: Step) => {
    setProblems(list);
    if (at !== step) {
      setStep(at);
      setFromReview(false);
    }
    focusSummary();
  };

  /** Goes to the step of the first problem and lists that step's problems. */
  const showFirst = (list: Problem[]) => show(errorsForStep(list, stepOf(list[0]!.path)), stepOf(list[0]!.path));

  return {
    step,
    index: steps.indexOf(step),
    problems,
    clearProblems: () => setProblems([]),
    fromReview,
    headingRef,
    summaryRef,
    goTo,
    show,
    showFirst,
  };
}
