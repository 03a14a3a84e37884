// What a feature's forms are built with (the service's one form route accepts them).
export type { AcceptedForm, Checked, FormValues } from '../routes/form-route.ts';
export { submissionForm, type SubmissionForm } from '../routes/submission-form.ts';
export type { Remember } from '../idempotency.ts';
export { BASELINE_HEADERS } from '../site-headers.ts';
