// The body text of each program, written for that program in each language (not filled in from
// a template): `about` follows the short description on the program page, `apply` says how to
// apply. Keyed by the English slug of programs.mjs; generate.mjs fails if a program has none.
// The facts are the public outline of each program, without amounts the sources do not give.
export const programText = {
  'disability-support-program': {
    en: {
      about:
        'A social worker plans your supports with you, around your goals: personal care, help at home, day activities or equipment. The help is based on your needs, not on a diagnosis.',
      apply:
        'Call Social Development to ask for a disability support assessment. You can have a family member or an advocate with you.',
    },
    fr: {
      about:
        'Une travailleuse sociale ou un travailleur social planifie avec vous le soutien dont vous avez besoin selon vos objectifs : soins personnels, aide à la maison, activités de jour ou équipement. L’aide repose sur vos besoins, et non sur un diagnostic.',
      apply:
        'Appelez Développement social pour demander une évaluation en vue du soutien aux personnes ayant un handicap. Un membre de votre famille ou une personne de confiance peut vous accompagner.',
    },
  },
  'home-support-services': {
    en: {
      about:
        'A home support worker can help you bathe, dress, prepare meals or keep your home clean. How much help you get, and what you pay, depends on an assessment of your needs and your income.',
      apply:
        'Call Social Development to ask for a home support assessment. The financial help calculator gives you an idea of the cost first.',
    },
    fr: {
      about:
        'Une préposée ou un préposé au soutien à domicile peut vous aider à faire votre toilette, à vous habiller, à préparer vos repas ou à entretenir votre logement. L’aide reçue et la part que vous payez dépendent d’une évaluation de vos besoins et de votre revenu.',
      apply:
        'Appelez Développement social pour demander une évaluation des besoins de soutien à domicile. La calculatrice d’aide financière vous donne d’abord une idée du coût.',
    },
  },
  'canada-housing-benefit-chb': {
    en: {
      about:
        'The benefit is paid to you, not to your landlord, and is recalculated every year from your household income and rent. It is funded by Canada and New Brunswick and delivered by Housing NB.',
      apply:
        'Check whether you might qualify on the screening page, then apply online or by mail with your pay stubs, notice of assessment and lease.',
    },
    fr: {
      about:
        'L’allocation vous est versée directement, et non à votre propriétaire. Son montant est recalculé chaque année selon le revenu de votre ménage et votre loyer. Elle est financée par le Canada et le Nouveau-Brunswick et offerte par Habitation NB.',
      apply:
        'Vérifiez d’abord si vous pourriez être admissible sur la page de présélection, puis présentez une demande en ligne ou par la poste avec vos talons de paie, votre avis de cotisation et votre bail.',
    },
  },
  'public-housing-and-rent-supplement-programs': {
    en: {
      about:
        'Public housing units belong to the province; with a rent supplement, you rent from a private landlord and the province pays part of the rent. In both cases you pay about 30 percent of your household income.',
      apply:
        'Fill in one application for both programs. Your name goes on a waiting list for the communities you choose.',
    },
    fr: {
      about:
        'Les logements publics appartiennent à la province; avec le supplément au loyer, vous louez un logement auprès d’un propriétaire privé et la province paie une partie du loyer. Dans les deux cas, vous payez environ 30 % du revenu de votre ménage.',
      apply:
        'Une seule demande suffit pour les deux programmes. Votre nom est inscrit sur une liste d’attente pour les collectivités que vous choisissez.',
    },
  },
  'homeowner-repair-and-landlord-programs': {
    en: {
      about:
        'Homeowners with a modest income can fix a roof, heating, wiring or plumbing, or make their home accessible. Landlords can get help to repair units they then rent at an affordable price.',
      apply:
        'Call Housing NB through Social Development to ask for an application and an inspection of the work needed.',
    },
    fr: {
      about:
        'Les propriétaires à revenu modeste peuvent faire réparer la toiture, le chauffage, l’électricité ou la plomberie, ou rendre leur maison accessible. Les propriétaires de logements locatifs peuvent obtenir de l’aide pour réparer des logements qu’ils louent ensuite à prix abordable.',
      apply:
        'Communiquez avec Habitation NB par l’entremise de Développement social pour obtenir un formulaire et faire inspecter les travaux à faire.',
    },
  },
  'social-assistance-program': {
    en: {
      about:
        'Monthly payments cover basic needs such as food, rent and utilities. A case manager also helps you plan next steps, such as training or a job, when you are ready.',
      apply:
        'Call Social Development or visit a regional office. We first ask about your income, savings and household.',
    },
    fr: {
      about:
        'Des versements mensuels couvrent les besoins essentiels comme la nourriture, le loyer et les services publics. Une gestionnaire ou un gestionnaire de cas vous aide aussi à planifier la suite, comme une formation ou un emploi, quand vous êtes prêt ou prête.',
      apply:
        'Appelez Développement social ou rendez-vous dans un bureau régional. Nous vous posons d’abord des questions sur votre revenu, vos économies et votre ménage.',
    },
  },
  'career-development-opportunities-cdo-program': {
    en: {
      about:
        'The program can pay for training, work clothing, tools or transportation while you prepare for a job, and you keep your assistance during that time.',
      apply: 'Ask your case manager about the program; together you write a plan with your work goals.',
    },
    fr: {
      about:
        'Le programme peut payer une formation, des vêtements de travail, des outils ou le transport pendant que vous vous préparez à un emploi, et vous continuez à recevoir votre aide pendant ce temps.',
      apply:
        'Parlez du programme à la personne qui gère votre dossier; vous préparerez ensemble un plan avec vos objectifs de travail.',
    },
  },
  'family-supports-children-disabilities-program': {
    en: {
      about:
        'Depending on your child’s needs and your family’s income, the program can pay for respite, child care support, therapies or special equipment, until your child turns 19.',
      apply: 'Call Social Development. A social worker meets your family to understand your child’s needs.',
    },
    fr: {
      about:
        'Selon les besoins de votre enfant et le revenu de votre famille, le programme peut payer du répit, du soutien en service de garde, des thérapies ou de l’équipement spécialisé, jusqu’à ce que votre enfant ait 19 ans.',
      apply:
        'Appelez Développement social. Une travailleuse sociale ou un travailleur social rencontre votre famille pour comprendre les besoins de votre enfant.',
    },
  },
  'how-report-abuse-assault-or-neglect': {
    en: {
      about:
        'You do not need proof to report, and you can do it without giving your name. In New Brunswick, anyone who suspects that a child is abused or neglected must report it.',
      apply: 'If someone is in danger now, call 911. Otherwise, call Social Development any time, day or night.',
    },
    fr: {
      about:
        'Vous n’avez pas besoin de preuve pour faire un signalement, et vous pouvez le faire sans donner votre nom. Au Nouveau-Brunswick, toute personne qui soupçonne qu’un enfant est maltraité ou négligé doit le signaler.',
      apply:
        'Si une personne est en danger en ce moment, composez le 911. Sinon, appelez Développement social à toute heure du jour ou de la nuit.',
    },
  },
  'prescription-drug-plans': {
    en: {
      about:
        'The province has plans for seniors, for people on social assistance and for anyone without drug insurance. Premiums and copayments are based on income.',
      apply: 'Apply with the form for the plan that fits you; your pharmacist can tell you which one it is.',
    },
    fr: {
      about:
        'La province offre des régimes pour les personnes aînées, pour les personnes prestataires d’aide sociale et pour toute personne sans assurance médicaments. Les primes et la quote-part dépendent du revenu.',
      apply:
        'Présentez une demande avec le formulaire du régime qui vous convient; votre pharmacienne ou votre pharmacien peut vous dire lequel.',
    },
  },
  'red-cross-equipment-loan-programs': {
    en: {
      about:
        'The Canadian Red Cross lends equipment after a surgery, an injury or an illness, usually for up to three months. Many depots are run by volunteers.',
      apply: 'Bring a note from a health professional to the Red Cross depot nearest you.',
    },
    fr: {
      about:
        'La Croix-Rouge canadienne prête de l’équipement après une chirurgie, une blessure ou une maladie, habituellement pour un maximum de trois mois. Bien des dépôts sont tenus par des bénévoles.',
      apply:
        'Présentez-vous au dépôt de la Croix-Rouge le plus près avec une note d’une ou d’un professionnel de la santé.',
    },
  },
  'healthy-smiles-clear-vision-program': {
    en: {
      about:
        'Children under 19 get checkups, cleanings, fillings, an eye exam and glasses each year at no cost to the family.',
      apply:
        'Apply once with your family’s income information; coverage is renewed automatically when you file your taxes.',
    },
    fr: {
      about:
        'Les enfants de moins de 19 ans ont droit chaque année à un examen et à un nettoyage des dents, aux obturations, à un examen de la vue et à des lunettes, sans frais pour la famille.',
      apply:
        'Présentez une seule demande avec les renseignements sur le revenu de votre famille; la couverture se renouvelle d’elle-même quand vous produisez vos déclarations de revenus.',
    },
  },
  'nursing-homes': {
    en: {
      about:
        'Nursing homes give nursing care, meals and activities to people with high care needs. The province pays the cost of care; residents pay for room and board according to their income.',
      apply:
        'A long-term care assessment comes first: it confirms that a nursing home is the right level of care for you.',
    },
    fr: {
      about:
        'Les foyers de soins offrent des soins infirmiers, des repas et des activités aux personnes qui ont de grands besoins de soins. La province paie le coût des soins; les résidentes et résidents paient l’hébergement selon leur revenu.',
      apply:
        'Une évaluation des soins de longue durée a lieu d’abord : elle confirme que le foyer de soins est le bon niveau de soins pour vous.',
    },
  },
  'special-care-homes': {
    en: {
      about:
        'Residents have their own room, meals, help with medication and someone on site day and night, without needing full nursing care.',
      apply:
        'Ask for a long-term care assessment; the social worker then gives you a list of homes with a place for you.',
    },
    fr: {
      about:
        'Les résidentes et résidents ont leur propre chambre, les repas, de l’aide pour leurs médicaments et du personnel sur place jour et nuit, sans avoir besoin de soins infirmiers complets.',
      apply:
        'Demandez une évaluation des soins de longue durée; la travailleuse sociale ou le travailleur social vous remet ensuite une liste de foyers où une place est libre.',
    },
  },
  'meals-on-wheels': {
    en: {
      about:
        'Volunteers bring a hot dinner at midday, often with a frozen supper, several days a week. The visit is also a chance to check that you are well.',
      apply:
        'Call the Meals on Wheels program in your community; you can sign up yourself, or a relative or your doctor can do it for you.',
    },
    fr: {
      about:
        'Des bénévoles apportent un dîner chaud le midi, souvent avec un souper surgelé, plusieurs jours par semaine. La visite permet aussi de s’assurer que tout va bien.',
      apply:
        'Appelez la popote roulante de votre collectivité; vous pouvez vous inscrire vous-même, ou un membre de votre famille ou votre médecin peut le faire pour vous.',
    },
  },
  'long-term-care-assessment': {
    en: {
      about:
        'A social worker, and sometimes a nurse or an occupational therapist, looks at what you can do on your own and where you need help, then recommends services at home or in a care home.',
      apply: 'Call Social Development; you, a family member or a health professional can ask for the assessment.',
    },
    fr: {
      about:
        'Une travailleuse sociale ou un travailleur social, parfois avec le personnel infirmier ou une ou un ergothérapeute, examine ce que vous pouvez faire seul ou seule et là où vous avez besoin d’aide, puis recommande des services à domicile ou en foyer.',
      apply:
        'Appelez Développement social; vous, un membre de votre famille ou une ou un professionnel de la santé pouvez demander l’évaluation.',
    },
  },
  'low-income-seniors-benefit': {
    en: {
      about:
        'The benefit is paid once a year to seniors who receive the Guaranteed Income Supplement, the Allowance or the Allowance for the Survivor.',
      apply: 'Fill in the short application each year before the deadline printed on it.',
    },
    fr: {
      about:
        'La prestation est versée une fois par année aux personnes aînées qui reçoivent le Supplément de revenu garanti, l’Allocation ou l’Allocation au survivant.',
      apply: 'Remplissez le court formulaire de demande chaque année, avant la date limite qui y est indiquée.',
    },
  },
  'seniors-home-renovation': {
    en: {
      about:
        'Grants pay for small changes such as grab bars, a ramp, a walk-in shower or better lighting, so you can move around your home safely.',
      apply: 'Call Social Development; an inspector visits your home to see what work is needed.',
    },
    fr: {
      about:
        'Des subventions paient de petits travaux comme des barres d’appui, une rampe, une douche de plain-pied ou un meilleur éclairage, pour que vous puissiez vous déplacer chez vous en sécurité.',
      apply:
        'Appelez Développement social; une inspectrice ou un inspecteur visite votre domicile pour voir les travaux à faire.',
    },
  },
  'wheelchair-and-seating-program': {
    en: {
      about:
        'An occupational therapist assesses your needs, and the program lends you a wheelchair or seating system suited to you and repairs it.',
      apply: 'Ask your occupational therapist or doctor to refer you to the program.',
    },
    fr: {
      about:
        'Une ergothérapeute ou un ergothérapeute évalue vos besoins, puis le programme vous prête un fauteuil roulant ou un système de positionnement adapté et en assure la réparation.',
      apply: 'Demandez à votre ergothérapeute ou à votre médecin de vous diriger vers le programme.',
    },
  },
  'daycare-assistance-program': {
    en: {
      about:
        'The help goes straight to your licensed child care centre or home and lowers the fee you pay each month, based on your family income.',
      apply: 'Apply once your child has a place in a licensed facility; the facility can help you with the form.',
    },
    fr: {
      about:
        'L’aide est versée directement à votre garderie ou à votre service de garde en milieu familial agréé et réduit les frais que vous payez chaque mois, selon le revenu de votre famille.',
      apply:
        'Présentez une demande une fois que votre enfant a une place dans un service agréé; le service peut vous aider à remplir le formulaire.',
    },
  },
  'adult-protective-services': {
    en: {
      about:
        'Social workers look into each report about an adult with a disability or an older adult who may be abused or neglected, and work with the person to make them safe.',
      apply: 'Call Social Development to make a report. You do not need to give your name.',
    },
    fr: {
      about:
        'Les travailleuses et travailleurs sociaux examinent chaque signalement concernant une personne aînée ou ayant un handicap qui pourrait être maltraitée ou négligée, et travaillent avec elle à assurer sa sécurité.',
      apply: 'Appelez Développement social pour faire un signalement. Vous n’avez pas à donner votre nom.',
    },
  },
  'child-protection-services': {
    en: {
      about:
        'When a report is made, a social worker checks on the child’s safety and, whenever possible, helps the family make changes so the child can stay at home.',
      apply: 'Call Social Development at any hour to report a concern about a child. In an emergency, call 911.',
    },
    fr: {
      about:
        'Après un signalement, une travailleuse sociale ou un travailleur social vérifie la sécurité de l’enfant et, chaque fois que c’est possible, aide la famille à apporter des changements pour que l’enfant puisse rester à la maison.',
      apply:
        'Appelez Développement social à toute heure pour signaler une inquiétude au sujet d’un enfant. En cas d’urgence, composez le 911.',
    },
  },
  'transition-houses': {
    en: {
      about:
        'Transition houses are open day and night. Besides a room, staff help with safety plans, court, housing and counselling, free of charge.',
      apply: 'Call a transition house directly at any hour; you do not need a referral.',
    },
    fr: {
      about:
        'Les maisons de transition sont ouvertes jour et nuit. En plus de vous offrir une chambre, le personnel vous aide gratuitement à préparer un plan de sécurité et à faire les démarches liées au tribunal, au logement et au counseling.',
      apply: 'Appelez directement une maison de transition, à toute heure; aucune recommandation n’est nécessaire.',
    },
  },
  'family-violence-outreach': {
    en: {
      about:
        'An outreach worker meets you where you feel safe, listens, explains your options and helps you plan, whether you stay or leave.',
      apply: 'Call the outreach service in your region; the first conversation can be by phone.',
    },
    fr: {
      about:
        'Une intervenante ou un intervenant vous rencontre là où vous vous sentez en sécurité, vous écoute, vous explique vos options et vous aide à faire un plan, que vous restiez ou que vous partiez.',
      apply: 'Appelez le service d’approche de votre région; la première conversation peut avoir lieu au téléphone.',
    },
  },
  'emergency-shelters': {
    en: {
      about:
        'Shelters offer a bed, a meal and a shower, and staff who can help you look for housing and income support.',
      apply: 'Go to a shelter or call 211 to find one with a bed tonight.',
    },
    fr: {
      about:
        'Les refuges offrent un lit, un repas et une douche, ainsi que du personnel qui peut vous aider à chercher un logement et de l’aide au revenu.',
      apply: 'Rendez-vous dans un refuge ou composez le 211 pour en trouver un qui a un lit libre ce soir.',
    },
  },
  'extended-health-benefits': {
    en: {
      about:
        'If you receive social assistance, a health card can cover prescriptions, dental care, eyeglasses, hearing aids and some medical supplies.',
      apply: 'Ask your case manager; some items need a prescription or a quote first.',
    },
    fr: {
      about:
        'Si vous recevez de l’aide sociale, une carte santé peut couvrir les médicaments, les soins dentaires, les lunettes, les prothèses auditives et certaines fournitures médicales.',
      apply:
        'Adressez-vous à la personne qui gère votre dossier; certains articles exigent d’abord une ordonnance ou une soumission.',
    },
  },
  'food-banks': {
    en: {
      about:
        'Food banks give groceries once or twice a month; many also have community meals, gardens or cooking classes.',
      apply: 'Contact the food bank that serves your address; bring identification and proof of address if you can.',
    },
    fr: {
      about:
        'Les banques alimentaires remettent des denrées une ou deux fois par mois; plusieurs offrent aussi des repas communautaires, des jardins ou des cours de cuisine.',
      apply:
        'Communiquez avec la banque alimentaire qui dessert votre adresse; apportez une pièce d’identité et une preuve d’adresse si possible.',
    },
  },
  'wellness-programs-for-seniors': {
    en: {
      about:
        'Seniors’ centres and clubs across the province offer exercise classes, walking groups, card games and outings, often for a small fee.',
      apply: 'Call the seniors’ centre or club near you, or dial 211 to find one.',
    },
    fr: {
      about:
        'Partout dans la province, des centres et des clubs pour personnes aînées offrent des cours d’exercice, des groupes de marche, des jeux de cartes et des sorties, souvent pour des frais modestes.',
      apply: 'Appelez le centre ou le club pour personnes aînées le plus près, ou composez le 211 pour en trouver un.',
    },
  },
  'tele-care-811': {
    en: {
      about:
        'A registered nurse helps you decide whether to go to the emergency room, see a doctor or care for yourself at home, in English or French.',
      apply: 'Dial 811 from any phone in New Brunswick. Keep your Medicare card close by.',
    },
    fr: {
      about:
        'Une infirmière immatriculée ou un infirmier immatriculé vous aide à décider s’il faut aller à l’urgence, consulter un médecin ou vous soigner à la maison, en français ou en anglais.',
      apply:
        'Composez le 811 de n’importe quel téléphone au Nouveau-Brunswick. Gardez votre carte d’assurance-maladie à portée de main.',
    },
  },
  '211-new-brunswick': {
    en: {
      about:
        'Trained staff answer day and night and find the service that fits your situation, from housing to mental health, in more than 100 languages.',
      apply: 'Dial 2-1-1, chat on this website, or search the 211 directory online.',
    },
    fr: {
      about:
        'Du personnel formé répond jour et nuit et trouve le service qui convient à votre situation, du logement à la santé mentale, dans plus de 100 langues.',
      apply: 'Composez le 211, clavardez sur ce site ou consultez le répertoire du 211 en ligne.',
    },
  },
  'youth-engagement-services': {
    en: {
      about:
        'Young people get money for living costs and a youth worker who helps them stay in school, find housing and plan for adulthood.',
      apply: 'Call Social Development; a youth worker meets you to talk about your situation.',
    },
    fr: {
      about:
        'Les jeunes reçoivent de l’argent pour leurs frais de subsistance et l’aide d’une intervenante ou d’un intervenant jeunesse pour rester à l’école, trouver un logement et préparer leur vie adulte.',
      apply:
        'Appelez Développement social; une intervenante ou un intervenant jeunesse vous rencontre pour parler de votre situation.',
    },
  },
  'foster-care': {
    en: {
      about:
        'Foster families care for children who cannot live with their parents for a while. You receive training, a monthly allowance and the support of a social worker.',
      apply: 'Call Social Development to attend an information session; a home study follows.',
    },
    fr: {
      about:
        'Les familles d’accueil prennent soin d’enfants qui ne peuvent pas vivre avec leurs parents pendant un certain temps. Vous recevez une formation, une allocation mensuelle et le soutien d’une travailleuse sociale ou d’un travailleur social.',
      apply:
        'Appelez Développement social pour assister à une séance d’information; une évaluation du milieu familial suit.',
    },
  },
  'adoption-services': {
    en: {
      about:
        'Most children waiting for a family are school-aged or brothers and sisters who want to stay together. The department’s adoption services are free.',
      apply: 'Call Social Development to attend an information session and start the home study.',
    },
    fr: {
      about:
        'La plupart des enfants qui attendent une famille sont d’âge scolaire ou sont des frères et sœurs qui veulent rester ensemble. Les services d’adoption du ministère sont gratuits.',
      apply:
        'Appelez Développement social pour assister à une séance d’information et commencer l’évaluation du milieu familial.',
    },
  },
  'post-secondary-education-training-and-labour': {
    en: {
      about:
        'Free literacy and upgrading classes help adults get their high school equivalency, and student aid helps pay for college or university.',
      apply: 'Contact the adult learning office in your region to have your skills assessed.',
    },
    fr: {
      about:
        'Des cours gratuits d’alphabétisation et de mise à niveau aident les adultes à obtenir l’équivalence du diplôme d’études secondaires, et l’aide financière aux études aide à payer le collège ou l’université.',
      apply: 'Communiquez avec le bureau de formation des adultes de votre région pour faire évaluer vos compétences.',
    },
  },
  'supported-living': {
    en: {
      about:
        'You live in a home or apartment, alone or with others, and staff help with cooking, budgeting, medication or getting around, as much as you need.',
      apply: 'Ask for a disability support assessment; supported living is planned as part of your supports.',
    },
    fr: {
      about:
        'Vous vivez dans une maison ou un appartement, seul ou seule ou avec d’autres personnes, et du personnel vous aide pour la cuisine, le budget, les médicaments ou les déplacements, autant que vous en avez besoin.',
      apply:
        'Demandez une évaluation en vue du soutien aux personnes ayant un handicap; la vie autonome avec soutien est planifiée dans le cadre du soutien qui vous est offert.',
    },
  },
  'heating-assistance': {
    en: {
      about:
        'The payment is made once each heating season, whatever your heating source: oil, electricity, wood or propane.',
      apply: 'Apply during the application period each winter, with your income information.',
    },
    fr: {
      about:
        'Le paiement est versé une fois par saison de chauffage, quelle que soit votre source de chauffage : mazout, électricité, bois ou propane.',
      apply: 'Présentez une demande pendant la période prévue chaque hiver, avec les renseignements sur votre revenu.',
    },
  },
  'caregiver-respite': {
    en: {
      about:
        'A trained worker or a day program takes over for a few hours, a day or a weekend, so you can rest, see a doctor or spend time with others.',
      apply:
        'Call the respite service in your community, or ask Social Development whether you qualify for funded respite.',
    },
    fr: {
      about:
        'Une personne formée ou un programme de jour prend le relais pendant quelques heures, une journée ou une fin de semaine, pour que vous puissiez vous reposer, voir un médecin ou passer du temps avec d’autres.',
      apply:
        'Appelez le service de répit de votre collectivité, ou demandez à Développement social si vous avez droit à du répit financé.',
    },
  },
  'mental-health-and-addictions': {
    en: {
      about:
        'Community mental health centres offer counselling, walk-in sessions and withdrawal management; mobile crisis teams can come to you.',
      apply: 'Walk in or call your community mental health centre; in a crisis, call or text 988.',
    },
    fr: {
      about:
        'Les centres de santé mentale communautaires offrent du counseling, des consultations sans rendez-vous et des services de désintoxication; des équipes mobiles d’intervention de crise peuvent se déplacer jusqu’à vous.',
      apply:
        'Présentez-vous à votre centre de santé mentale communautaire ou appelez-le; en situation de crise, composez le 988 ou envoyez un texto au 988.',
    },
  },
  'legal-aid-family': {
    en: {
      about:
        'A lawyer can help with custody, support and protection orders if your income is low. Duty counsel is also available at family court.',
      apply: 'Call the family legal aid office in your region; they ask about your income and your case.',
    },
    fr: {
      about:
        'Une avocate ou un avocat peut vous aider pour la garde, la pension alimentaire et les ordonnances de protection si votre revenu est faible. Des avocates et avocats de service sont aussi présents au tribunal de la famille.',
      apply:
        'Appelez le bureau d’aide juridique en droit de la famille de votre région; on vous posera des questions sur votre revenu et votre dossier.',
    },
  },
  'transportation-for-seniors': {
    en: {
      about: 'Volunteer drivers use their own cars; you pay a small amount per kilometre to cover gas.',
      apply: 'Call the community transportation service a few days before your appointment to book a ride.',
    },
    fr: {
      about:
        'Les chauffeuses et chauffeurs bénévoles utilisent leur propre voiture; vous payez un petit montant par kilomètre pour l’essence.',
      apply:
        'Appelez le service de transport communautaire quelques jours avant votre rendez-vous pour réserver un trajet.',
    },
  },
  'energy-efficiency-low-income': {
    en: {
      about:
        'An energy advisor visits your home, then contractors add insulation, seal drafts or install a heat pump at no cost to you.',
      apply: 'Apply with proof of household income; homeowners and tenants can both apply.',
    },
    fr: {
      about:
        'Une conseillère ou un conseiller en énergie visite votre logement, puis une entreprise ajoute de l’isolant, colmate les fuites d’air ou installe une thermopompe, sans frais pour vous.',
      apply:
        'Présentez une demande avec une preuve du revenu de votre ménage; les propriétaires comme les locataires peuvent le faire.',
    },
  },
  'volunteer-income-tax-clinics': {
    en: {
      about:
        'Filing your taxes every year keeps benefits such as the GST credit and child benefits coming, even if you had no income.',
      apply: 'Book a spot at a clinic between February and April, and bring your tax slips.',
    },
    fr: {
      about:
        'Produire votre déclaration chaque année vous permet de continuer à recevoir des prestations comme le crédit pour la TPS/TVH et les allocations pour enfants, même si vous n’avez eu aucun revenu.',
      apply: 'Réservez une place dans un comptoir entre février et avril, et apportez vos feuillets d’impôt.',
    },
  },
  'seniors-rent-supplement-pilot': {
    en: {
      about:
        'The pilot has ended and no longer takes applications. Seniors who rent can look at the rent supplement program instead.',
      apply: 'This pilot is closed.',
    },
    fr: {
      about:
        'Le projet pilote est terminé et n’accepte plus de demandes. Les personnes aînées locataires peuvent plutôt consulter le programme de supplément au loyer.',
      apply: 'Ce projet pilote est terminé.',
    },
  },
  'winter-warming-centres': {
    en: {
      about:
        'During cold weather alerts, community centres open their doors so people without heat or shelter can warm up.',
      apply: 'Dial 211 to find the warming centre open near you.',
    },
    fr: {
      about:
        'Lors des avertissements de froid extrême, des centres communautaires ouvrent leurs portes pour que les personnes sans chauffage ou sans abri puissent se réchauffer.',
      apply: 'Composez le 211 pour trouver le centre de réchauffement ouvert près de chez vous.',
    },
  },
  'covid-19-income-support': {
    en: {
      about:
        'This temporary benefit ended with the pandemic measures. Social assistance and employment insurance remain available.',
      apply: 'This benefit is closed.',
    },
    fr: {
      about:
        'Cette prestation temporaire a pris fin avec les mesures liées à la pandémie. L’aide sociale et l’assurance-emploi demeurent offertes.',
      apply: 'Cette prestation n’est plus offerte.',
    },
  },
};
