// What a feature's forms are built with (the service's one form route accepts them).
export type { AcceptedForm } from '../routes/form-route.ts';
export { submissionForm } from '../routes/submission-form.ts';
export type { Remember } from '../idempotency.ts';
