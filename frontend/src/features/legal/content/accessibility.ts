import {
  ACCESSIBILITY_AUDIT,
  ACCESSIBILITY_AUDITED_AT,
  CONFORMANCE_LEVEL_NAMES,
  conformanceRate,
  RGAA_THEMES,
  SITE_CONFORMANCE_LEVEL,
  type AuditedCriterion,
  type CheckMethod,
  type CriterionResult,
} from '@/lib/accessibility-audit';
import type { LegalDocument } from './types';

const rate = conformanceRate(ACCESSIBILITY_AUDIT);
const level = SITE_CONFORMANCE_LEVEL;
const count = (result: CriterionResult, criteria: readonly AuditedCriterion[] = ACCESSIBILITY_AUDIT) =>
  criteria.filter((criterion) => criterion.result === result).length;
const themeOf = (criterion: AuditedCriterion) => Number(criterion.id.split('.')[0]);

/** Per theme: conformant, non-conformant and not applicable criteria. */
const themeRows = (language: 'fr' | 'en') =>
  RGAA_THEMES.map(({ theme, ...names }) => {
    const criteria = ACCESSIBILITY_AUDIT.filter((criterion) => themeOf(criterion) === theme);
    return [
      `${theme}. ${names[language]}`,
      ...(['C', 'NC', 'NA'] as const).map((result) => String(count(result, criteria))),
    ];
  });

/** The criteria a method checked, as `1.1, 1.2…`. */
const checkedBy = (method: CheckMethod, only = false) =>
  ACCESSIBILITY_AUDIT.filter((criterion) =>
    only ? criterion.checkedBy.length === 1 && criterion.checkedBy[0] === method : criterion.checkedBy.includes(method),
  )
    .map((criterion) => criterion.id)
    .join(', ');

const SAMPLE_FR = [
  'Accueil, Tarifs, Contact, Devenir monteur, Connexion et inscription',
  'Brief (toutes les étapes), paiement, confirmation de paiement',
  'Tableau de bord client, page projet (tous les onglets), studio de révision, Mes données',
  'Espace monteur, administration (tous les onglets), pages légales, page introuvable',
  'E-mails envoyés par le service',
];
const SAMPLE_EN = [
  'Home, Pricing, Contact, Become an editor, Sign-in and sign-up',
  'Brief (every step), payment, payment confirmation',
  'Client dashboard, project page (every tab), review studio, My data',
  'Editor space, administration (every tab), legal pages, page not found',
  'E-mails the service sends',
];

const LEVEL_FR = CONFORMANCE_LEVEL_NAMES.fr;
const LEVEL_EN = CONFORMANCE_LEVEL_NAMES.en;

const fr: LegalDocument = {
  title: 'Déclaration d’accessibilité',
  intro:
    'Rushflow s’engage à rendre son service accessible à tous, conformément à l’article 47 de la loi n° 2005-102 du 11 février 2005 et aux exigences de l’acte européen sur l’accessibilité applicables aux services de commerce électronique. Cette déclaration s’applique à l’ensemble du site Rushflow : pages publiques, brief et paiement, espaces client, monteur et administration, studio de révision et e-mails.',
  sections: [
    {
      id: 'etat',
      title: 'État de conformité',
      paragraphs: [
        `Le site Rushflow est ${LEVEL_FR[level]} avec le référentiel général d’amélioration de l’accessibilité (RGAA), version 4.1${level === 'full' ? '.' : ', en raison des non-conformités énumérées ci-dessous.'}`,
      ],
    },
    {
      id: 'resultats',
      title: 'Résultats des tests',
      paragraphs: [
        `L’audit de conformité réalisé par l’équipe de Rushflow (auto-évaluation) révèle que ${rate} % des critères du RGAA version 4.1 applicables au site sont respectés : ${count('C')} critères conformes, ${count('NC')} non conformes et ${count('NA')} non applicables, sur 106.`,
      ],
      table: {
        caption: 'Résultats par thématique du RGAA 4.1',
        head: ['Thématique', 'Conformes', 'Non conformes', 'Non applicables'],
        rows: themeRows('fr'),
      },
    },
    {
      id: 'non-accessibles',
      title: 'Contenus non accessibles',
      paragraphs: ['Non-conformités :'],
      items: [
        'Critère 13.3 : les factures et les avoirs (fichiers PDF/A-3 au format Factur-X) ne sont pas des PDF balisés. Leurs montants, dates et numéros figurent aussi dans votre espace, et l’équipe vous les transmet sous une autre forme sur simple demande.',
      ],
      after: [
        'Contenus non soumis à l’obligation d’accessibilité : les rushes et les montages déposés par les clients et les monteurs, qui sont la matière même de la prestation (contenus de tiers, sans sous-titres ni audiodescription), et la console Temporal réservée aux administrateurs (outil tiers).',
      ],
    },
    {
      id: 'etablissement',
      title: 'Établissement de cette déclaration',
      paragraphs: [
        `Cette déclaration a été établie le ${ACCESSIBILITY_AUDITED_AT.split('-').reverse().join('/')}, date de l’audit.`,
        'Technologies utilisées : HTML5, CSS, JavaScript (React), WAI-ARIA. Tests réalisés avec Chromium, au clavier seul, avec un lecteur d’écran virtuel (Guidepup) et au zoom de 400 %. Outils : axe-core, eslint-plugin-jsx-a11y et Lighthouse, à chaque exécution des tests du projet.',
        'Pages ayant fait l’objet de la vérification :',
      ],
      items: SAMPLE_FR,
    },
    {
      id: 'methode',
      title: 'Critères vérifiés automatiquement et à la main',
      paragraphs: [
        'Chaque critère a été vérifié par une ou plusieurs des méthodes suivantes. Les contrôles automatiques et les parcours scriptés sont rejoués à chaque modification du site.',
      ],
      items: [
        `Contrôles automatiques (axe-core sur chaque page, chaque rôle et chaque état : vide, chargé, erreurs, fenêtres ouvertes) : ${checkedBy('axe')}.`,
        `Parcours scriptés (clavier seul, lecteur d’écran virtuel, zoom à 400 %, mouvement réduit) : ${checkedBy('test')}.`,
        `Vérifiés à la main seulement : ${checkedBy('hand', true)}.`,
      ],
    },
    {
      id: 'contact',
      title: 'Retour d’information et contact',
      paragraphs: [
        'Si vous n’arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une alternative accessible ou obtenir le contenu sous une autre forme : par e-mail à {contactEmail} ou par le formulaire de la page Contact.',
      ],
    },
    {
      id: 'recours',
      title: 'Voies de recours',
      paragraphs: [
        'Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que vous n’avez pas obtenu de réponse satisfaisante, vous pouvez :',
      ],
      items: [
        'écrire un message au Défenseur des droits (formulaire en ligne sur defenseurdesdroits.fr) ;',
        'contacter le délégué du Défenseur des droits dans votre région ;',
        'envoyer un courrier (gratuit, sans timbre) : Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
      ],
    },
  ],
};

const en: LegalDocument = {
  title: 'Accessibility statement',
  intro:
    'Rushflow is committed to making its service accessible to everyone, under article 47 of French law no. 2005-102 of 11 February 2005 and the European Accessibility Act’s requirements for e-commerce services. This statement covers the whole Rushflow site: public pages, brief and payment, client, editor and admin spaces, the review studio and the e-mails.',
  sections: [
    {
      id: 'etat',
      title: 'Compliance status',
      paragraphs: [
        `The Rushflow site is ${LEVEL_EN[level]} with the French accessibility framework RGAA, version 4.1${level === 'full' ? '.' : ', because of the non-conformities listed below.'}`,
      ],
    },
    {
      id: 'resultats',
      title: 'Test results',
      paragraphs: [
        `The conformity audit made by the Rushflow team (self-assessment) shows that ${rate}% of the RGAA 4.1 criteria applicable to the site are met: ${count('C')} criteria met, ${count('NC')} not met and ${count('NA')} not applicable, out of 106.`,
      ],
      table: {
        caption: 'Results per RGAA 4.1 theme',
        head: ['Theme', 'Met', 'Not met', 'Not applicable'],
        rows: themeRows('en'),
      },
    },
    {
      id: 'non-accessibles',
      title: 'Non-accessible content',
      paragraphs: ['Non-conformities:'],
      items: [
        'Criterion 13.3: invoices and credit notes (PDF/A-3 files in the Factur-X format) are not tagged PDFs. Their amounts, dates and numbers are also shown in your space, and the team sends them in another form on request.',
      ],
      after: [
        'Content exempt from the obligation: the rushes and edits uploaded by clients and editors, which are the very material of the service (third-party content, without captions or audio description), and the Temporal console for administrators (a third-party tool).',
      ],
    },
    {
      id: 'etablissement',
      title: 'Preparation of this statement',
      paragraphs: [
        `This statement was prepared on ${ACCESSIBILITY_AUDITED_AT}, the date of the audit.`,
        'Technologies: HTML5, CSS, JavaScript (React), WAI-ARIA. Tested with Chromium, with the keyboard only, with a virtual screen reader (Guidepup) and at 400% zoom. Tools: axe-core, eslint-plugin-jsx-a11y and Lighthouse, at every run of the project’s tests.',
        'Pages checked:',
      ],
      items: SAMPLE_EN,
    },
    {
      id: 'methode',
      title: 'Criteria checked automatically and by hand',
      paragraphs: [
        'Each criterion was checked by one or more of these methods. The automated checks and the scripted journeys run again at every change of the site.',
      ],
      items: [
        `Automated checks (axe-core on every page, role and state: empty, loaded, errors, dialogs open): ${checkedBy('axe')}.`,
        `Scripted journeys (keyboard only, virtual screen reader, 400% zoom, reduced motion): ${checkedBy('test')}.`,
        `Checked by hand only: ${checkedBy('hand', true)}.`,
      ],
    },
    {
      id: 'contact',
      title: 'Feedback and contact',
      paragraphs: [
        'If you cannot reach a content or a service, contact us to be directed to an accessible alternative or to get the content in another form: by e-mail at {contactEmail} or through the Contact page’s form.',
      ],
    },
    {
      id: 'recours',
      title: 'Remedies',
      paragraphs: [
        'If you reported an accessibility defect that keeps you from a content or a service and got no satisfying answer, you may:',
      ],
      items: [
        'write to the Défenseur des droits (online form on defenseurdesdroits.fr);',
        'contact the Défenseur des droits’ delegate in your region;',
        'send a letter (free, no stamp): Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
      ],
    },
  ],
};

export const ACCESSIBILITY = { fr, en };
