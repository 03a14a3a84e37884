// The engines' findings that are not problems on this site, each with why (docs/accessibility.md
// lists them). An exception names the engine, its rule and, when it holds only for some elements,
// which: `hidden` (inside a `hidden` subtree, so no reader meets it) or `no-role` (role="none":
// not a group to assistive technologies).
export interface EngineException {
  engine: 'axe' | 'ibm' | 'htmlcs';
  rule: string;
  only?: 'hidden' | 'no-role';
  why: string;
}

export const engineExceptions: EngineException[] = [
  {
    engine: 'htmlcs',
    rule: 'WCAG2AA.Principle1.Guideline1_3.1_3_1.H42.2',
    only: 'hidden',
    why: 'an empty heading inside a hidden section or error summary, written by its page script when shown (text browsers print hidden text); HTML_CodeSniffer does not look at the hidden ancestor',
  },
  {
    engine: 'htmlcs',
    rule: 'WCAG2AA.Principle1.Guideline1_3.1_3_1.H71.NoLegend',
    only: 'no-role',
    why: 'the fieldset around a React form is there only to disable it until hydration, with role="none" so it is no group; HTML_CodeSniffer does not read the role',
  },
  {
    engine: 'htmlcs',
    rule: 'WCAG2AA.Principle4.Guideline4_1.4_1_2.H91.Fieldset.Name',
    only: 'no-role',
    why: 'as H71.NoLegend: a fieldset with role="none" has no name to give',
  },
];
