// The notice on draft previews (src/preview/), in both languages.
import type { Lang } from '../i18n/languages.ts';

export const previewNotice: Record<Lang, string> = {
  en: 'Preview of the latest draft: this page is not public.',
  fr: 'Aperçu de la dernière ébauche\u00a0: cette page n’est pas publique.',
};
