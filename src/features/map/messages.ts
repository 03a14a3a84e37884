// The map pages' postal code messages, shown by the page script (src/features/map/ui/map-page.ts).
import { defineStrings } from '../../i18n/define.ts';

/** The map pages' postal code (LocateProblem in src/features/map/rules/locate.ts). */
export const postalMessages = defineStrings({
  en: {
    empty: 'Enter your postal code.',
    malformed: 'Enter a valid postal code in the format A1A 1A1, for example E1C 4B7.',
    outside: 'This postal code is outside New Brunswick. Enter a New Brunswick postal code: it starts with E.',
    unknown: 'We could not find this postal code. Check it, or enter another postal code near you.',
  },
  fr: {
    empty: 'Entrez votre code postal.',
    malformed: 'Entrez un code postal valide au format A1A 1A1, par exemple E1C 4B7.',
    outside:
      'Ce code postal est à l’extérieur du Nouveau-Brunswick. Entrez un code postal du Nouveau-Brunswick : il commence par E.',
    unknown: 'Nous n’avons pas trouvé ce code postal. Vérifiez-le ou entrez un autre code postal près de chez vous.',
  },
});
