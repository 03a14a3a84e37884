import { describe, expect, it } from 'vitest';
import { registrationStrings } from '../features/chb-registration/strings.ts';
import { withOptional } from './optional.ts';

describe('an optional label', () => {
  it('puts « (facultatif) » inside a French question or sentence, before its punctuation', () => {
    expect(withOptional('fr', 'Vous identifiez-vous comme membre de l’un de ces groupes\u202f?', '(facultatif)')).toBe(
      'Vous identifiez-vous comme membre de l’un de ces groupes (facultatif)\u202f?',
    );
    expect(withOptional('fr', 'J’accepte qu’on communique avec moi par courriel.', '(facultatif)')).toBe(
      'J’accepte qu’on communique avec moi par courriel (facultatif).',
    );
    expect(withOptional('fr', 'Courriel', '(facultatif)')).toBe('Courriel (facultatif)');
    expect(withOptional('en', 'Do you identify as a member of any of these groups?', '(optional)')).toBe(
      'Do you identify as a member of any of these groups? (optional)',
    );
  });

  it('no French optional question or consent of the registration ends with the marker after its punctuation', () => {
    const s = registrationStrings.fr;
    for (const key of [
      'marginalized',
      'housingSituation',
      'programs',
      'barriers',
      'contactExperience',
      'shareInformation',
      'emailContact',
    ] as const)
      expect(withOptional('fr', s[key], s.optional), key).not.toMatch(/[?.!]\s*\(facultatif\)$/);
  });
});
