// The registration form's steps, in the spec's section order, and which answers each one owns.
export const steps = [
  'applicant',
  'members19Plus',
  'members18Under',
  'rental',
  'employment',
  'otherIncome',
  'additional',
  'consent',
  'declaration',
  'uploads',
  'review',
] as const;
export type Step = (typeof steps)[number];

const owned: Record<Step, readonly string[]> = {
  applicant: ['applicant'],
  members19Plus: ['members19Plus'],
  members18Under: ['members18Under'],
  rental: ['rental'],
  employment: ['employment'],
  otherIncome: ['income', 'otherIncome'],
  additional: ['additional'],
  consent: ['consents'],
  declaration: ['declaration'],
  uploads: ['uploads'],
  review: ['confirmComplete'],
};

/** The step that asks the question at an error path such as `members19Plus.0.firstName`. */
export function stepOf(path: string): Step {
  const head = path.split('.')[0]!;
  return steps.find((s) => owned[s].includes(head)) ?? 'review';
}

export function errorsForStep<E extends { path: string }>(errors: readonly E[], step: Step): E[] {
  return errors.filter((e) => stepOf(e.path) === step);
}

/** DOM id of the control answering an error path (the summary links to it). */
export const fieldId = (path: string) => `chb-${path.replace(/\./g, '-')}`;
