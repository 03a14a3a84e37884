// Every interface string of one language, flattened from the string modules (template functions
// called with sample arguments), with the glossary scopes that apply to each source.
import { en as enUi } from '../en.ts';
import { fr as frUi } from '../fr.ts';
import type { Lang } from '../languages.ts';
import type { GlossaryEntry } from '../glossary.ts';
import { chatStrings } from '../../features/chat/strings.ts';
import { correctionStrings, correctionTypeLabels } from '../../features/correction/strings.ts';
import { feedbackStrings } from '../../features/feedback/strings.ts';
import { searchStrings } from '../../features/search/strings.ts';
import { mapPages, mapStrings } from '../../features/map/strings.ts';
import { screeningStrings } from '../../features/screening/strings.ts';
import * as finder from '../../features/finder/strings.ts';
import { calculatorPage } from '../../features/calculator/page-strings.ts';
import { calculatorStrings } from '../../features/calculator/strings.ts';
import { registrationPage } from '../../features/chb-registration/page-strings.ts';
import { registrationStrings } from '../../features/chb-registration/strings.ts';
import { calculatorMessages } from '../../features/calculator/rules/messages.ts';
import { fieldMessages } from '../validation.ts';
import { applicationMessages, uploadMessages } from '../../features/chb-registration/messages.ts';
import { screeningMessages } from '../../features/screening/messages.ts';
import { postalMessages } from '../../features/map/messages.ts';
import { errorSummaryTitle } from '../error-summary.ts';
import * as options from '../../features/chb-registration/option-strings.ts';
import { frenchStrings } from '../typography/french.ts';
import { publishingStrings } from '../../service/publishing/publishing-strings.ts';
import { officialLanguagesStrings } from '../../service/publishing/official-languages-strings.ts';

export interface SourcedString {
  source: string;
  text: string;
  scopes: Array<NonNullable<GlossaryEntry['scope']>>;
}

function flatten(value: unknown, source: string, scopes: SourcedString['scopes'], out: SourcedString[]): void {
  if (typeof value === 'string') out.push({ source, text: value, scopes });
  else if (typeof value === 'function') {
    const fn = value as (...a: unknown[]) => unknown;
    // Sample arguments: numbers for counts, a word for names and amounts.
    flatten(fn(...Array.from({ length: fn.length }, (_, i) => (i === 0 ? 2 : 3))), `${source}()`, scopes, out);
    flatten(fn(...Array.from({ length: fn.length }, () => 'Marie')), `${source}()`, scopes, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, `${source}.${k}`, scopes, out);
  }
}

export function interfaceStrings(lang: Lang): SourcedString[] {
  const out: SourcedString[] = [];
  const chb: SourcedString['scopes'] = ['housing-benefit'];
  const labelSets = Object.entries(options).filter(
    ([name, v]) => name.endsWith('Labels') && v && typeof v === 'object',
  );
  const sources: Array<[string, unknown, SourcedString['scopes']]> = [
    ['i18n', lang === 'fr' ? frenchStrings(frUi) : enUi, []],
    ['chat', chatStrings[lang], []],
    ['feedback', feedbackStrings[lang], []],
    ['correction', correctionStrings[lang], []],
    ['search', searchStrings[lang], []],
    ['map', mapStrings[lang], []],
    ['mapPages', mapPages[lang], []],
    ['screening', screeningStrings[lang], chb],
    ['screeningMessages', screeningMessages[lang], chb],
    ['postalMessages', postalMessages[lang], []],
    ...Object.entries(finder)
      .filter(([, v]) => v && typeof v === 'object' && lang in v)
      .map(([name, v]) => [name, (v as Record<Lang, unknown>)[lang], []] as [string, unknown, SourcedString['scopes']]),
    ['calculatorPage', calculatorPage[lang], []],
    ['calculator', calculatorStrings[lang], []],
    ['registrationPage', registrationPage[lang], chb],
    ['registration', registrationStrings[lang], chb],
    ['calculatorMessages', calculatorMessages[lang], []],
    ['correctionTypes', correctionTypeLabels[lang], []],
    ['fieldMessages', fieldMessages[lang], []],
    ['errorSummary', errorSummaryTitle[lang], []],
    ['applicationMessages', applicationMessages[lang], chb],
    ['uploadMessages', uploadMessages[lang], []],
    // The editors' publishing page (src/service/publishing/): the same French, the same terms.
    ['publishing', publishingStrings[lang], []],
    ['officialLanguages', officialLanguagesStrings[lang], []],
    ...labelSets.map(
      ([name, v]) => [name, (v as Record<Lang, unknown>)[lang], []] as [string, unknown, SourcedString['scopes']],
    ),
  ];
  for (const [source, value, scopes] of sources) flatten(value, source, scopes, out);
  return out;
}
