// The error summary's title, for every form (the form kit's error summary and the server's
// no-JavaScript correction page). On its own so that an island loads only what it shows.
import { defineStrings } from './index.ts';

/** The error summary's title, for every form. */
export const errorSummaryTitle = /* @__PURE__ */ defineStrings({
  en: { title: 'There is a problem' },
  fr: { title: 'Il y a un problème' },
});
