// The Canada Housing Benefit screening page (node--screening), one node in each language,
// written from the public facts of the Canada-New Brunswick Housing Benefit (spec section 9):
// up to three years, recalculated once a year; household employment income $12,500 to $50,000
// before tax over the past 12 months; individuals under 65 living alone; families with a child
// under 19 or a dependent 19 or older with a disability. See generate.mjs for the node shape.
const PHONE = '1-833-733-7835';

export const screening = {
  program: 'canada-housing-benefit-chb',
  en: {
    title: 'Canada Housing Benefit screening',
    alias: '/screening',
    intro: 'Find out whether the Canada Housing Benefit is for you, what to have ready and how to apply.',
    programLink: 'Check whether you might qualify for the Canada Housing Benefit',
    portal: 'https://portal.socialsupports.gnb.ca/en/',
    about: `<p>The Canada Housing Benefit is a monthly payment that helps low-wage workers in New Brunswick pay their rent. It is paid for up to three years, and the amount is recalculated once a year from your household income and your rent.</p><p>It is funded by the governments of Canada and New Brunswick and delivered by Housing NB, part of the Department of Social Development.</p>`,
    families: `<p>A family may qualify if it:</p><ul><li>has a child under 19, or a dependent 19 or older with a disability, living in the home;</li><li>rents a unit with its own sleeping area, living area, kitchen and bathroom;</li><li>lives in New Brunswick;</li><li>has at least one person employed, with a household employment income from $12,500 to $50,000 before tax over the past 12 months;</li><li>has filed income taxes for the previous year (every adult, 19 or older).</li></ul>`,
    individuals: `<p>An individual may qualify if they:</p><ul><li>are under 65 and live alone;</li><li>rent a unit with its own sleeping area, living area, kitchen and bathroom;</li><li>live in New Brunswick;</li><li>are employed, with an employment income from $12,500 to $50,000 before tax over the past 12 months;</li><li>have filed income taxes for the previous year.</li></ul>`,
    excluded: `<p>You cannot get the benefit if you:</p><ul><li>live in public housing, or already get a rent supplement or another rent subsidy from Housing NB;</li><li>rent a room in a rooming house or boarding house;</li><li>own your home;</li><li>have a household employment income under $12,500 or of $50,001 or more before tax;</li><li>are 65 or older and live alone (other programs for seniors may help you).</li></ul><p>The employment income of full-time students under 25 is not counted in the household employment income.</p>`,
    bring: `<ul><li>Your social insurance number and the dates of birth of everyone in your household.</li><li>Proof of employment income: four consecutive recent pay stubs, or a letter from your employer dated within the past 30 days (up to 3 jobs).</li><li>The notice of assessment for the previous year of each adult (19 or older) in your household.</li><li>Proof of your rent: a lease signed within the past 12 months, a rent receipt, a rent increase notice or a signed rental declaration.</li><li>A direct deposit form or a void cheque, so the benefit can be paid into your bank account.</li></ul>`,
    online: `<p>Apply online through the Social Supports NB portal, where you create an account and can follow your application, or fill in the online registration form on this site and upload your documents. Files must be PDF, JPG, TIFF or PNG, 7 MB or less each.</p>`,
    mail: `<p>Print the application form, fill it in, sign it and mail it with copies (not originals) of your documents to the address printed on the form. Mailed applications take longer to process.</p>`,
    submission: `<ul><li><strong>Online portal:</strong> create an account, apply and follow your application.</li><li><strong>Online registration form:</strong> no account needed; upload your documents as you go.</li><li><strong>By mail:</strong> send the paper form and copies of your documents.</li><li><strong>Help by phone:</strong> call Social Development at <a href="tel:18337337835">${PHONE}</a> (toll-free), Monday to Friday, 8:15 a.m. to 4:30 p.m.</li></ul><p>If a document is missing or hard to read, we will email you to ask for it again, which delays your application.</p>`,
    checklist: [
      'I rent a unit with its own sleeping area, living area, kitchen and bathroom.',
      'I have filed my income taxes for last year, and so has every adult in my household.',
      'I have four recent pay stubs in a row, or an employer letter dated within 30 days, for each job.',
      'I have the notice of assessment of each adult in my household.',
      'I have a lease signed within the past 12 months, a rent receipt, a rent increase notice or a signed rental declaration.',
      'I have a direct deposit form or a void cheque.',
      'My documents are clear and easy to read.',
    ],
    otherSupport: [
      ['internal:/program/social-assistance-program', 'Social Assistance Program'],
      ['internal:/simple_page/financial-benefits-families-children', 'Financial Benefits for Families and Children'],
      ['internal:/category/families-and-youth', 'Help for parents: families and youth'],
      ['internal:/program/public-housing-and-rent-supplement-programs', 'Public Housing and Rent Supplement Programs'],
      ['internal:/disability/', 'Supports for people with a disability'],
      ['internal:/navigator/', 'Find other programs with the navigator'],
    ],
  },
  fr: {
    title: 'Présélection pour l’Allocation canadienne pour le logement',
    alias: '/screening',
    intro:
      'Découvrez si l’Allocation canadienne pour le logement peut vous aider, ce qu’il faut préparer et comment présenter une demande.',
    programLink: 'Vérifiez si vous pourriez être admissible à l’Allocation canadienne pour le logement',
    portal: 'https://portal.socialsupports.gnb.ca/fr/',
    about: `<p>L’Allocation canadienne pour le logement est un paiement mensuel qui aide les travailleuses et travailleurs à faible salaire du Nouveau-Brunswick à payer leur loyer. Elle est versée pendant un maximum de trois ans, et son montant est recalculé une fois par année selon le revenu de votre ménage et votre loyer.</p><p>Elle est financée par les gouvernements du Canada et du Nouveau-Brunswick et offerte par Habitation NB, qui fait partie du ministère du Développement social.</p>`,
    families: `<p>Une famille pourrait être admissible si elle :</p><ul><li>compte un enfant de moins de 19 ans, ou une personne à charge de 19 ans ou plus ayant un handicap, qui vit au foyer;</li><li>loue un logement autonome, avec son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain;</li><li>habite au Nouveau-Brunswick;</li><li>compte au moins une personne qui occupe un emploi, avec un revenu d’emploi du ménage de 12 500 $ à 50 000 $ avant impôt au cours des 12 derniers mois;</li><li>a produit ses déclarations de revenus de l’année précédente (chaque adulte de 19 ans ou plus).</li></ul>`,
    individuals: `<p>Une personne seule pourrait être admissible si elle :</p><ul><li>a moins de 65 ans et vit seule;</li><li>loue un logement autonome, avec son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain;</li><li>habite au Nouveau-Brunswick;</li><li>occupe un emploi, avec un revenu d’emploi de 12 500 $ à 50 000 $ avant impôt au cours des 12 derniers mois;</li><li>a produit sa déclaration de revenus de l’année précédente.</li></ul>`,
    excluded: `<p>Vous ne pouvez pas recevoir l’allocation si vous :</p><ul><li>habitez dans un logement public, ou recevez déjà un supplément au loyer ou une autre subvention au loyer d’Habitation NB;</li><li>louez une chambre dans une maison de chambres ou une pension;</li><li>êtes propriétaire de votre logement;</li><li>avez un revenu d’emploi du ménage de moins de 12 500 $ ou de 50 001 $ ou plus avant impôt;</li><li>avez 65 ans ou plus et vivez seul ou seule (d’autres programmes pour les personnes aînées peuvent vous aider).</li></ul><p>Le revenu d’emploi des étudiantes et étudiants à temps plein de moins de 25 ans n’est pas compté dans le revenu d’emploi du ménage.</p>`,
    bring: `<ul><li>Votre numéro d’assurance sociale et la date de naissance de chaque membre de votre ménage.</li><li>Une preuve de revenu d’emploi : quatre talons de paie récents et consécutifs, ou une lettre de votre employeur datée de moins de 30 jours (jusqu’à 3 emplois).</li><li>L’avis de cotisation de l’année précédente de chaque adulte (19 ans ou plus) de votre ménage.</li><li>Une preuve de votre loyer : un bail signé au cours des 12 derniers mois, un reçu de loyer, un avis d’augmentation de loyer ou une déclaration de location signée.</li><li>Un formulaire de dépôt direct ou un chèque annulé, pour que l’allocation soit versée dans votre compte bancaire.</li></ul>`,
    online: `<p>Présentez une demande en ligne dans le portail Soutiens sociaux NB, où vous créez un compte et pouvez suivre votre demande, ou remplissez le formulaire de demande en ligne de ce site et téléversez vos documents. Chaque fichier doit être en format PDF, JPG, TIFF ou PNG et peser au plus 7 Mo.</p>`,
    mail: `<p>Imprimez le formulaire de demande, remplissez-le, signez-le et envoyez-le par la poste avec des copies (pas les originaux) de vos documents à l’adresse inscrite sur le formulaire. Le traitement des demandes envoyées par la poste est plus long.</p>`,
    submission: `<ul><li><strong>Portail en ligne :</strong> créez un compte, présentez votre demande et suivez-la.</li><li><strong>Formulaire de demande en ligne :</strong> aucun compte requis; téléversez vos documents au fur et à mesure.</li><li><strong>Par la poste :</strong> envoyez le formulaire papier et des copies de vos documents.</li><li><strong>Aide par téléphone :</strong> composez le <a href="tel:18337337835">${PHONE}</a> (sans frais) pour joindre Développement social, du lundi au vendredi, de 8 h 15 à 16 h 30.</li></ul><p>Si un document manque ou est difficile à lire, nous vous demanderons par courriel de l’envoyer de nouveau, ce qui retarde votre demande.</p>`,
    checklist: [
      'Je loue un logement autonome, avec son propre coin nuit, sa propre salle de séjour, sa propre cuisine et sa propre salle de bain.',
      'J’ai produit ma déclaration de revenus de l’an dernier, tout comme chaque adulte de mon ménage.',
      'J’ai quatre talons de paie récents et consécutifs, ou une lettre de l’employeur datée de moins de 30 jours, pour chaque emploi.',
      'J’ai l’avis de cotisation de chaque adulte de mon ménage.',
      'J’ai un bail signé au cours des 12 derniers mois, un reçu de loyer, un avis d’augmentation de loyer ou une déclaration de location signée.',
      'J’ai un formulaire de dépôt direct ou un chèque annulé.',
      'Mes documents sont clairs et faciles à lire.',
    ],
    otherSupport: [
      ['internal:/program/programme-d-aide-sociale', 'Programme d’aide sociale'],
      [
        'internal:/simple_page/prestations-financieres-familles-enfants',
        'Prestations financières pour les familles et les enfants',
      ],
      ['internal:/category/families-and-youth', 'Aide aux parents : familles et jeunes'],
      [
        'internal:/program/programmes-de-logement-public-et-de-supplement-au-loyer',
        'Programmes de logement public et de supplément au loyer',
      ],
      ['internal:/disability/', 'Aide pour les personnes ayant un handicap'],
      ['internal:/navigator/', 'Trouver d’autres programmes dans le répertoire'],
    ],
  },
};
