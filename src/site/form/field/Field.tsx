// GOV.UK field for the islands: the markup of fieldHtml (src/site/form/form-html.ts). The control
// is the child; give it aria-describedby={describedBy(id, hint, error)} and aria-invalid.
import type { ReactNode } from 'react';
import { errorId, fieldClass, hintId } from '../form-html.ts';

interface MessagesProps {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** The hint and error paragraphs under a label or a legend. */
export function Messages({ id, hint, error }: MessagesProps) {
  return (
    <>
      {hint && (
        <p className="hint" id={hintId(id)}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
    </>
  );
}

interface Props extends MessagesProps {
  label: ReactNode;
  children: ReactNode;
}

export function Field({ id, label, hint, error, children }: Props) {
  return (
    <div className={fieldClass(error)}>
      <label htmlFor={id}>{label}</label>
      <Messages id={id} hint={hint} error={error} />
      {children}
    </div>
  );
}
