// The dialogs around sending: confirm (with the income warning), "Submitting Form...", the
// failure with Try again, and the success modal that, once dismissed, stays on the page as a panel.
import { useState } from 'react';
import { around } from '../../../i18n/around.ts';
import type { RegistrationStrings } from '../strings.ts';
import { Modal } from './Modal.tsx';
import type { Phase } from './use-submission.ts';

interface Props {
  s: RegistrationStrings;
  phase: Phase;
  failure: string;
  warningText: string;
  onSend: () => void;
  onClose: () => void;
}

export function SubmitDialogs({ s, phase, failure, warningText, onSend, onClose }: Props) {
  return (
    <>
      <Modal
        open={phase === 'confirm'}
        titleId="chb-confirm-title"
        onCancel={onClose}
        initialFocus="#chb-confirm-title"
      >
        <h2 id="chb-confirm-title" tabIndex={-1}>
          {s.confirmTitle}
        </h2>
        <p>{s.confirmText}</p>
        {warningText && (
          <p>
            <strong>{warningText}</strong>
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button" onClick={onSend}>
            {s.confirmYes}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            {s.cancel}
          </button>
        </div>
      </Modal>
      <Modal open={phase === 'submitting'} titleId="chb-submitting-title">
        <h2 id="chb-submitting-title" tabIndex={-1} aria-live="polite">
          {s.submitting}
        </h2>
        <p className="spinner" aria-hidden="true" />
      </Modal>
      <Modal open={phase === 'failed'} titleId="chb-failed-title" onCancel={onClose}>
        <h2 id="chb-failed-title" tabIndex={-1}>
          {s.errorTitle}
        </h2>
        <p>{failure}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={onSend}>
            {s.tryAgain}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            {s.close}
          </button>
        </div>
      </Modal>
    </>
  );
}

/** The modal first; once dismissed (Escape), the same confirmation stays on the page. */
export function Success({
  s,
  home,
  applicationNumber,
}: {
  s: RegistrationStrings;
  home: string;
  applicationNumber: string;
}) {
  const [open, setOpen] = useState(true);
  // One sentence with the number where {number} stands (and its final period after it).
  const [before, after] = around(s.successNumber, 'number');
  return open ? (
    <Modal open titleId="chb-success-title" onCancel={() => setOpen(false)}>
      <h2 id="chb-success-title" tabIndex={-1}>
        {s.successTitle}
      </h2>
      <p>
        {before}
        <strong data-application-number>{applicationNumber}</strong>
        {after}
      </p>
      <p>{s.successText}</p>
      <p className="button-row">
        <a className="button" href={home}>
          {s.returnHome}
        </a>
      </p>
    </Modal>
  ) : (
    <div className="confirmation-panel">
      <h2 tabIndex={-1} ref={(el) => el?.focus()}>
        {s.successTitle}
      </h2>
      <p>
        {before}
        <strong>{applicationNumber}</strong>
        {after}
      </p>
      <p>{s.successText}</p>
      <p>
        <a href={home}>{s.returnHome}</a>
      </p>
    </div>
  );
}
