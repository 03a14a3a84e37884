// Sending the application: the confirm, submitting, success and failed phases, one idempotency
// key per unchanged set of answers (a retry after a lost answer is not a second application).
import { useCallback, useRef, useState } from 'react';
import type { Lang } from '../../../i18n/languages.ts';
import type { ApplicationForm } from '../rules/form-schema.ts';
import type { RegistrationStrings } from '../strings.ts';
import type { Problem } from './use-steps.ts';
import { randomUuid } from '../../../site/rules/random-uuid.ts';

export type Phase = 'form' | 'confirm' | 'submitting' | 'success' | 'failed';

interface Options {
  lang: Lang;
  intake: string;
  s: RegistrationStrings;
  /** The server refused some answers (HTTP 422): show them. */
  onRefused: (errors: Problem[]) => void;
}

export function useSubmission({ lang, intake, s, onRefused }: Options) {
  const [phase, setPhase] = useState<Phase>('form');
  const [failure, setFailure] = useState('');
  const [applicationNumber, setApplicationNumber] = useState('');
  const idempotencyKey = useRef('');
  /** The answers changed: the next send is a new application. */
  const forgetKey = useCallback(() => {
    idempotencyKey.current = '';
  }, []);

  async function send(application: ApplicationForm) {
    // Offline: said plainly, without a request; the answers stay in the form.
    if (!navigator.onLine) {
      setFailure(s.errorOffline);
      setPhase('failed');
      return;
    }
    setPhase('submitting');
    idempotencyKey.current ||= randomUuid();
    try {
      const response = await fetch(`${intake}/api/applications`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey.current,
          'accept-language': lang,
        },
        body: JSON.stringify(application),
      });
      const body = (await response.json().catch(() => ({}))) as { applicationNumber?: string; errors?: Problem[] };
      if (response.ok && body.applicationNumber) {
        setApplicationNumber(body.applicationNumber);
        setPhase('success');
        return;
      }
      if (response.status === 422 && body.errors?.length) {
        setPhase('form');
        onRefused(body.errors);
        return;
      }
      setFailure(s.errorServer);
    } catch {
      setFailure(navigator.onLine ? s.errorNetwork : s.errorOffline);
    }
    setPhase('failed');
  }

  return {
    phase,
    setPhase,
    failure,
    applicationNumber,
    send,
    forgetKey,
  };
}
