// Categories, pages, landing pages and vanity URLs of the local CMS snapshot (see generate.mjs).
const PHONE = '1-833-733-7835';

export const categories = [
  [
    'seniors',
    'Seniors',
    'Personnes aînées',
    'Programs and services for older adults and their caregivers.',
    'Programmes et services pour les personnes aînées et leurs proches aidants.',
  ],
  [
    'disability',
    'Disability',
    'Personnes ayant un handicap',
    'Support for people living with a disability and their families.',
    'Soutien aux personnes ayant un handicap et à leurs familles.',
  ],
  [
    'housing',
    'Housing',
    'Logement',
    'Help finding, paying for and repairing a home.',
    'De l’aide pour trouver, payer et réparer un logement.',
  ],
  [
    'finances',
    'Finances',
    'Finances',
    'Income support, benefits and help with costs.',
    'Aide au revenu, prestations et aide pour les dépenses.',
  ],
  [
    'abuse-and-neglect',
    'Abuse and neglect',
    'Mauvais traitements et négligence',
    'How to get help and report abuse, violence or neglect.',
    'Comment obtenir de l’aide et signaler les mauvais traitements, la violence ou la négligence.',
  ],
  [
    'families-and-youth',
    'Families and youth',
    'Familles et jeunes',
    'Support for parents, children and young people.',
    'Soutien aux parents, aux enfants et aux jeunes.',
  ],
  [
    'your-health',
    'Your health',
    'Votre santé',
    'Health coverage, equipment and wellness programs.',
    'Couverture santé, équipement et programmes de mieux-être.',
  ],
];

export const simplePages = [
  {
    categories: ['seniors', 'abuse-and-neglect'],
    en: {
      slug: 'senior-financial-abuse',
      title: 'Senior Financial Abuse',
      keywords: 'financial abuse, elder abuse, scam, fraud, power of attorney',
      short: 'Learn the signs of financial abuse of older adults and how to get help.',
      body: `<h2>What is financial abuse?</h2><p>Financial abuse happens when someone takes or misuses an older person’s money or property without permission.</p><h2>Warning signs</h2><ul><li>Unpaid bills or missing money</li><li>New names on bank accounts</li><li>Pressure to sign documents</li></ul><h2>Get help</h2><p>Call Social Development at ${PHONE} or read about <a href="/en/program/adult-protective-services">Adult Protective Services</a>.</p><script>alert(1)</script><p><a href="javascript:alert(1)">Unsafe link removed by the build</a></p>`,
    },
    fr: {
      slug: 'exploitation-financiere-des-personnes-ainees',
      title: 'Exploitation financière des personnes aînées',
      keywords: 'exploitation financière, maltraitance des aînés, fraude, procuration',
      short: 'Reconnaître les signes d’exploitation financière des personnes aînées et savoir où obtenir de l’aide.',
      body: `<h2>Qu’est-ce que l’exploitation financière?</h2><p>Il y a exploitation financière lorsqu’une personne prend ou utilise mal l’argent ou les biens d’une personne aînée sans sa permission.</p><h2>Signes à surveiller</h2><ul><li>Factures impayées ou argent disparu</li><li>Nouveaux noms sur les comptes bancaires</li><li>Pression pour signer des documents</li></ul><h2>Obtenir de l’aide</h2><p>Composez le ${PHONE} ou renseignez-vous sur les <a href="/fr/program/services-de-protection-des-adultes">Services de protection des adultes</a>.</p>`,
    },
  },
  {
    categories: ['abuse-and-neglect'],
    en: {
      slug: 'intimate-partner-violence',
      title: 'Intimate Partner Violence',
      keywords: 'domestic violence, intimate partner violence, abuse, partner, safety plan',
      short: 'Where to find safety and support if your partner hurts or controls you.',
      body: `<h2>You are not alone</h2><p>Intimate partner violence can be physical, sexual, emotional or financial. If you are in danger, call 911.</p><h2>Support</h2><ul><li><a href="/en/program/transition-houses">Transition Houses</a></li><li><a href="/en/program/family-violence-outreach">Family Violence Outreach</a></li></ul>`,
    },
    fr: {
      slug: 'violence-entre-partenaires-intimes',
      title: 'Violence entre partenaires intimes',
      keywords: 'violence conjugale, violence entre partenaires intimes, abus, plan de sécurité',
      short: 'Où trouver sécurité et soutien si votre partenaire vous blesse ou vous contrôle.',
      body: `<h2>De l’aide est à votre portée</h2><p>La violence entre partenaires intimes peut être physique, sexuelle, psychologique ou financière. En cas de danger, composez le 911.</p><h2>Soutien</h2><ul><li><a href="/fr/program/maisons-de-transition">Maisons de transition</a></li><li><a href="/fr/program/services-d-approche-en-violence-familiale">Services d’approche en matière de violence familiale</a></li></ul>`,
    },
  },
  {
    categories: ['families-and-youth', 'finances'],
    en: {
      slug: 'financial-benefits-families-children',
      title: 'Financial Benefits for Families and Children',
      keywords: 'child benefit, family benefits, parents, money for families',
      short: 'An overview of benefits that help families with children.',
      body: `<h2>Benefits for families</h2><ul><li>Canada Child Benefit and the New Brunswick Child Tax Benefit</li><li><a href="/en/program/daycare-assistance-program">Daycare Assistance Program</a></li><li><a href="/en/program/healthy-smiles-clear-vision-program">Healthy Smiles, Clear Vision</a></li></ul>`,
    },
    fr: {
      slug: 'prestations-financieres-familles-enfants',
      title: 'Prestations financières pour les familles et les enfants',
      keywords: 'allocation pour enfants, prestations familiales, parents',
      short: 'Un aperçu des prestations qui aident les familles ayant des enfants.',
      body: `<h2>Prestations pour les familles</h2><ul><li>Allocation canadienne pour enfants et prestation fiscale pour enfants du Nouveau-Brunswick</li><li><a href="/fr/program/programme-d-assistance-aux-garderies">Programme d’assistance aux garderies</a></li><li><a href="/fr/program/programme-beaux-sourires-et-bonne-vision">Beaux sourires et bonne vision</a></li></ul>`,
    },
  },
  {
    categories: ['housing'],
    en: {
      slug: 'canada-housing-benefit-application',
      title: 'Apply for the Canada Housing Benefit',
      keywords: 'apply housing benefit, chb application, rent benefit application',
      short: 'How to apply for the Canada Housing Benefit online or by mail.',
      body: `<h2>Before you apply</h2><p>Read <a href="/en/program/canada-housing-benefit-chb">who qualifies for the Canada Housing Benefit</a>.</p><h2>Apply</h2><p><a href="/en/screening">Check whether you might qualify</a>, then apply online with the <a href="/en/chb-registration">online registration form</a>, or print the form and mail it with copies of your documents.</p>`,
    },
    fr: {
      slug: 'demande-allocation-canadienne-pour-le-logement',
      title: 'Demander l’Allocation canadienne pour le logement',
      keywords: 'demande allocation logement, demande acl, aide au loyer',
      short: 'Comment demander l’Allocation canadienne pour le logement en ligne ou par la poste.',
      body: `<h2>Avant de présenter une demande</h2><p>Vérifiez <a href="/fr/program/allocation-canadienne-pour-le-logement">qui est admissible à l’Allocation canadienne pour le logement</a>.</p><h2>Présenter une demande</h2><p><a href="/fr/screening">Vérifiez si vous pourriez être admissible</a>, puis remplissez le <a href="/fr/chb-registration">formulaire de demande en ligne</a>, ou imprimez-le et envoyez-le par la poste avec des copies de vos documents.</p>`,
    },
  },
  {
    categories: ['your-health', 'seniors'],
    en: {
      slug: 'staying-safe-in-extreme-heat',
      title: 'Staying Safe in Extreme Heat',
      keywords: 'heat, heat wave, hot weather, cooling',
      short: 'Tips for older adults and families during heat waves.',
      body: '<h2>During a heat wave</h2><ul><li>Drink water often.</li><li>Spend time in a cool place.</li><li>Check on neighbours who live alone.</li></ul>',
    },
    fr: {
      slug: 'se-proteger-pendant-la-chaleur-extreme',
      title: 'Se protéger pendant la chaleur extrême',
      keywords: 'chaleur, canicule, temps chaud',
      short: 'Conseils pour les personnes aînées et les familles pendant les vagues de chaleur.',
      body: '<h2>Pendant une vague de chaleur</h2><ul><li>Buvez de l’eau souvent.</li><li>Passez du temps dans un endroit frais.</li><li>Prenez des nouvelles des personnes de votre voisinage qui vivent seules.</li></ul>',
    },
  },
];

export const complexPages = [
  {
    categories: ['seniors', 'disability'],
    en: {
      slug: 'caregivers-guide',
      title: 'A Guide for Caregivers',
      keywords: 'caregiver, family caregiver, respite, caring for a parent',
      short: 'Practical help for people who care for a family member or friend.',
      sections: [
        [
          'Taking care of yourself',
          '<p>Caregiving is demanding. Plan regular breaks and ask about <a href="/en/program/caregiver-respite">caregiver respite</a>.</p>',
        ],
        [
          'Services at home',
          '<p><a href="/en/program/home-support-services">Home Support Services</a> can help with personal care and housework.</p>',
        ],
        [
          'When more care is needed',
          '<p>A <a href="/en/program/long-term-care-assessment">long-term care assessment</a> finds the right level of care.</p>',
        ],
      ],
    },
    fr: {
      slug: 'guide-des-aidants',
      title: 'Guide pour les proches aidants',
      keywords: 'proche aidant, répit, prendre soin d’un parent',
      short: 'De l’aide pratique pour les personnes qui prennent soin d’un proche.',
      sections: [
        [
          'Prendre soin de soi',
          '<p>Le rôle de proche aidant est exigeant. Prévoyez des pauses et renseignez-vous sur le <a href="/fr/program/repit-pour-les-proches-aidants">répit pour les proches aidants</a>.</p>',
        ],
        [
          'Services à domicile',
          '<p>Les <a href="/fr/program/services-de-soutien-a-domicile">services de soutien à domicile</a> peuvent aider pour les soins personnels et l’entretien ménager.</p>',
        ],
        [
          'Quand plus de soins sont nécessaires',
          '<p>Une <a href="/fr/program/evaluation-des-soins-de-longue-duree">évaluation des soins de longue durée</a> détermine le bon niveau de soins.</p>',
        ],
      ],
    },
  },
  {
    categories: ['housing', 'finances'],
    en: {
      slug: 'renting-in-new-brunswick',
      title: 'Renting in New Brunswick',
      keywords: 'renting, tenant, lease, landlord, rent increase',
      short: 'What tenants should know about leases, rent increases and help with rent.',
      sections: [
        ['Leases', '<p>Keep a signed copy of your lease.</p>'],
        ['Rent increases', '<p>Your landlord must give written notice before raising the rent.</p>'],
        [
          'Help with rent',
          '<p>See the <a href="/en/program/canada-housing-benefit-chb">Canada Housing Benefit</a>.</p>',
        ],
      ],
    },
    fr: {
      slug: 'louer-au-nouveau-brunswick',
      title: 'Louer au Nouveau-Brunswick',
      keywords: 'location, locataire, bail, propriétaire, augmentation de loyer',
      short: 'Ce que les locataires doivent savoir sur les baux, les augmentations de loyer et l’aide au loyer.',
      sections: [
        ['Baux', '<p>Gardez une copie signée de votre bail.</p>'],
        ['Augmentations de loyer', '<p>Votre propriétaire doit vous aviser par écrit avant d’augmenter le loyer.</p>'],
        [
          'Aide au loyer',
          '<p>Renseignez-vous sur l’<a href="/fr/program/allocation-canadienne-pour-le-logement">Allocation canadienne pour le logement</a>, qui aide à payer le loyer.</p>',
        ],
      ],
    },
  },
];

export const pages = [
  {
    en: {
      slug: 'about',
      title: 'About this website',
      body: '<p>This website helps New Brunswickers find government and community programs and services. It is maintained by the Department of Social Development.</p>',
    },
    fr: {
      slug: 'propos',
      title: 'À propos de ce site',
      body: '<p>Ce site aide la population du Nouveau-Brunswick à trouver des programmes et services gouvernementaux et communautaires. Il est tenu à jour par le ministère du Développement social.</p>',
    },
  },
  {
    en: {
      slug: 'start-your-human-services-career',
      title: 'Start Your Human Services Career',
      body: '<p>Social workers, home support workers and counsellors make a difference every day. Learn about careers in human services in New Brunswick.</p>',
    },
    fr: {
      slug: 'commencer-carriere-services-sociaux',
      title: 'Commencez votre carrière dans les services sociaux',
      body: '<p>Les travailleuses et travailleurs sociaux, le personnel de soutien à domicile et les conseillères et conseillers jouent chaque jour un rôle essentiel. Découvrez les carrières en services sociaux au Nouveau-Brunswick.</p>',
    },
  },
  {
    en: {
      slug: 'contact-us',
      title: 'Contact us',
      body: `<p>Social Development: <a href="tel:18337337835">${PHONE}</a> (toll-free). For community services, dial 211. For health advice, dial 811.</p>`,
    },
    fr: {
      slug: 'contactez-nous',
      title: 'Nous joindre',
      body: `<p>Développement social : <a href="tel:18337337835">${PHONE}</a> (sans frais). Pour les services communautaires, composez le 211. Pour des conseils santé, composez le 811.</p>`,
    },
  },
  {
    en: {
      slug: 'emergency-shelter-usage-dashboard',
      title: 'Emergency Shelter Usage Dashboard',
      body: '<p>This dashboard shows how many emergency shelter beds were used each night across New Brunswick. Figures are updated monthly.</p><table><caption>Average nightly use, last month</caption><thead><tr><th scope="col">Region</th><th scope="col">Beds used</th></tr></thead><tbody><tr><td>Moncton</td><td>142</td></tr><tr><td>Saint John</td><td>118</td></tr><tr><td>Fredericton</td><td>96</td></tr></tbody></table>',
    },
    fr: {
      slug: 'tableau-de-bord-utilisation-refuges-urgence',
      title: 'Tableau de bord de l’utilisation des refuges d’urgence',
      body: '<p>Ce tableau de bord indique le nombre de lits de refuge d’urgence utilisés chaque nuit au Nouveau-Brunswick. Les chiffres sont mis à jour chaque mois.</p><table><caption>Utilisation moyenne par nuit, mois dernier</caption><thead><tr><th scope="col">Région</th><th scope="col">Lits utilisés</th></tr></thead><tbody><tr><td>Moncton</td><td>142</td></tr><tr><td>Saint John</td><td>118</td></tr><tr><td>Fredericton</td><td>96</td></tr></tbody></table>',
    },
  },
  {
    en: {
      slug: 'cant-find-program',
      title: 'Can’t find a program?',
      body: `<p>We can help. Call Social Development at <a href="tel:18337337835">${PHONE}</a>, or dial 211 to reach community services any time.</p><p>You can also browse by category: <a href="/en/category/seniors">Seniors</a>, <a href="/en/category/disability">Disability</a>, <a href="/en/category/housing">Housing</a>, <a href="/en/category/finances">Finances</a>, <a href="/en/category/abuse-and-neglect">Abuse and neglect</a>, <a href="/en/category/families-and-youth">Families and youth</a>, <a href="/en/category/your-health">Your health</a>.</p>`,
    },
    fr: {
      slug: 'programme-introuvable',
      title: 'Vous ne trouvez pas de programme?',
      body: `<p>Nous pouvons vous aider. Composez le <a href="tel:18337337835">${PHONE}</a>, ou le 211 pour joindre les services communautaires en tout temps.</p><p>Vous pouvez aussi parcourir les catégories : <a href="/fr/category/seniors">Personnes aînées</a>, <a href="/fr/category/disability">Personnes ayant un handicap</a>, <a href="/fr/category/housing">Logement</a>, <a href="/fr/category/finances">Finances</a>, <a href="/fr/category/abuse-and-neglect">Mauvais traitements et négligence</a>, <a href="/fr/category/families-and-youth">Familles et jeunes</a>, <a href="/fr/category/your-health">Votre santé</a>.</p>`,
    },
  },
];

const L = '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a0';
export const landingPages = [
  [
    `${L}1`,
    '/home',
    'Social Supports NB navigator',
    'Répertoire des programmes Soutiens sociaux NB',
    'Find programs and services for you and your family.',
    'Trouvez des programmes et services pour vous et votre famille.',
  ],
  [
    `${L}2`,
    '/category/disability',
    'Disability',
    'Personnes ayant un handicap',
    'Supports for people living with a disability.',
    'Du soutien pour les personnes ayant un handicap.',
  ],
  [
    `${L}3`,
    '/category/housing',
    'Housing',
    'Logement',
    'Help with finding and paying for housing.',
    'Aide pour trouver et payer un logement.',
  ],
  [
    `${L}4`,
    '/category/finances',
    'Finances',
    'Finances',
    'Income support and benefits.',
    'Aide au revenu et prestations.',
  ],
  [
    `${L}5`,
    '/category/abuse-and-neglect',
    'Abuse and neglect',
    'Mauvais traitements et négligence',
    'Get help and report abuse or neglect.',
    'Obtenir de l’aide et signaler les mauvais traitements ou la négligence.',
  ],
  [
    `${L}6`,
    '/category/families-and-youth',
    'Families and youth',
    'Familles et jeunes',
    'Support for families, children and youth.',
    'Soutien aux familles, aux enfants et aux jeunes.',
  ],
  [
    `${L}7`,
    '/category/your-health',
    'Your health',
    'Votre santé',
    'Health coverage and wellness.',
    'Couverture santé et mieux-être.',
  ],
];

export const vanities = [
  ['en', '/seniors', 'internal:/category/seniors'],
  ['fr', '/personnes-agees', 'internal:/category/seniors'],
  ['en', '/disability', 'internal:/category/disability'],
  ['fr', '/handicap', 'internal:/category/disability'],
  ['en', '/finances', 'internal:/category/finances'],
  ['fr', '/les-finances', 'internal:/category/finances'],
  ['en', '/abuse-neglect', 'internal:/category/abuse-and-neglect'],
  ['fr', '/abus-negligence', 'internal:/category/abuse-and-neglect'],
  ['en', '/families-youth', 'internal:/category/families-and-youth'],
  ['fr', '/familles-jeunes', 'internal:/category/families-and-youth'],
  ['en', '/health', 'internal:/category/your-health'],
  ['fr', '/sante', 'internal:/category/your-health'],
  ['en', '/Financialhelpcalculator', 'internal:/calculator'],
  ['fr', '/calculatrice-aide-financiere', 'internal:/calculator'],
  ['en', '/survey', 'internal:/correction'],
  ['fr', '/sondage', 'internal:/correction'],
  ['en', '/dental', 'program:healthy-smiles-clear-vision-program'],
  ['fr', '/dentaire', 'program:healthy-smiles-clear-vision-program'],
  ['en', '/211', 'https://nb.211.ca/'],
  ['fr', '/211-fr', 'https://nb.211.ca/fr/'],
  ['en', '/en/category/help-parents', 'internal:/category/families-and-youth'],
];
