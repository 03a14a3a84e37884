// The error summary's title, for every form (the form kit's error summary and the server's
// no-JavaScript correction page). On its own so that an island loads only what it shows.
import { defineStrings } from './index.ts';

/** The error summary's title, for every form. */
export const errorSummaryTitle = /* @__PURE__ */ defineStrings({
  en: { title: 'There is a problem' },
  fr: { title: 'Il y a un problème' },
});

/** One line of the summary: the question and what is wrong with it (« Prénom : Ce champ est obligatoire. »). */
export const errorSummaryItem = /* @__PURE__ */ defineStrings({
  en: { item: '{label}: {reason}' },
  fr: { item: '{label} : {reason}' },
});
