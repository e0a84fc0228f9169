import { RETENTION } from './retention';
import type { LegalDocument } from './types';

const fr: LegalDocument = {
  title: 'Politique de confidentialité',
  intro:
    'Cette politique explique quelles données personnelles Rushflow traite, pourquoi, combien de temps elles sont conservées et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.',
  sections: [
    {
      id: 'responsable',
      title: '1. Responsable du traitement',
      paragraphs: [
        'Le responsable du traitement est Rushflow. Pour toute question relative à vos données : {contactEmail}.',
      ],
    },
    {
      id: 'donnees',
      title: '2. Données traitées',
      paragraphs: ['Selon votre utilisation du service, nous traitons :'],
      items: [
        'les données de compte : nom, prénom, adresse e-mail, rôle, informations de connexion ;',
        'les données de projet : brief, fichiers transmis (rushes, images, sons), versions et livrables, messages échangés avec le monteur ;',
        'les données de facturation : montants, devise, factures et références de paiement (les données de carte sont traitées par notre prestataire de paiement et ne nous sont jamais transmises) ;',
        'les demandes de contact et les candidatures de monteurs (coordonnées, expérience, portfolio) ;',
        'les journaux techniques : adresse IP, date et nature des actions, nécessaires à la sécurité du service.',
      ],
    },
    {
      id: 'finalites',
      title: '3. Finalités et bases légales',
      paragraphs: [],
      items: [
        'fournir le service commandé (brief, estimation, paiement, montage, livraison, révisions) : exécution du contrat ;',
        'facturer et tenir la comptabilité : obligation légale ;',
        'sécuriser le service et prévenir la fraude : intérêt légitime ;',
        'répondre à vos demandes et étudier les candidatures : mesures précontractuelles et intérêt légitime ;',
        'utiliser une réalisation à titre de référence : votre consentement, que vous pouvez retirer à tout moment.',
      ],
    },
    {
      id: 'conservation',
      title: '4. Durées de conservation',
      paragraphs: ['Vos données sont conservées pendant les durées suivantes, puis supprimées ou anonymisées :'],
      table: {
        caption: 'Durées de conservation des données',
        head: ['Données', 'Durée de conservation', 'Motif'],
        rows: RETENTION.fr,
      },
      after: [
        'Un e-mail vous prévient avant la suppression des fichiers d’un projet et avant celle d’un compte resté inactif, pour vous laisser le temps de télécharger vos livrables ou de vous reconnecter.',
      ],
    },
    {
      id: 'destinataires',
      title: '5. Destinataires',
      paragraphs: [
        'Vos données sont accessibles à l’équipe Rushflow et, pour ce qui concerne son projet, au monteur qui vous est attribué. Elles sont confiées à nos sous-traitants techniques (hébergement, stockage des fichiers, envoi des e-mails, paiement) dans la stricte mesure nécessaire. Elles ne sont jamais vendues.',
        'Si un sous-traitant traite des données hors de l’Union européenne, ce transfert est encadré par des garanties appropriées (clauses contractuelles types de la Commission européenne).',
      ],
    },
    {
      id: 'securite',
      title: '6. Sécurité',
      paragraphs: [
        'Les accès sont protégés par authentification, les échanges sont chiffrés et chaque action est contrôlée côté serveur selon votre rôle.',
      ],
    },
    {
      id: 'cookies',
      title: '7. Cookies et stockage local',
      paragraphs: [
        'Nous utilisons uniquement les cookies et le stockage local nécessaires au fonctionnement du service : la session de connexion et votre préférence de langue. Aucun traceur publicitaire n’est utilisé.',
      ],
    },
    {
      id: 'droits',
      title: '8. Vos droits',
      paragraphs: ['Conformément au RGPD, vous disposez des droits suivants sur vos données :'],
      items: [
        'droit d’accès et de rectification ;',
        'droit à l’effacement et à la limitation du traitement ;',
        'droit d’opposition et droit à la portabilité ;',
        'droit de retirer votre consentement à tout moment ;',
        'droit de définir des directives relatives au sort de vos données après votre décès.',
      ],
      after: ['Pour les exercer, écrivez à {contactEmail}. Nous répondons dans un délai d’un mois.'],
    },
    {
      id: 'reclamation',
      title: '9. Réclamation',
      paragraphs: [
        'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission nationale de l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur www.cnil.fr.',
      ],
    },
  ],
};

const en: LegalDocument = {
  title: 'Privacy policy',
  intro:
    'This policy explains which personal data Rushflow processes, why, how long it is kept and how to exercise your rights, in accordance with the General Data Protection Regulation (GDPR) and the French Data Protection Act.',
  sections: [
    {
      id: 'responsable',
      title: '1. Data controller',
      paragraphs: ['The data controller is Rushflow. For any question about your data: {contactEmail}.'],
    },
    {
      id: 'donnees',
      title: '2. Data processed',
      paragraphs: ['Depending on how you use the service, we process:'],
      items: [
        'account data: last name, first name, e-mail address, role, sign-in information;',
        'project data: brief, files provided (rushes, images, sounds), versions and deliverables, messages exchanged with the editor;',
        'billing data: amounts, currency, invoices and payment references (card details are processed by our payment provider and never sent to us);',
        'contact requests and editor applications (contact details, experience, portfolio);',
        'technical logs: IP address, date and kind of actions, needed to secure the service.',
      ],
    },
    {
      id: 'finalites',
      title: '3. Purposes and legal bases',
      paragraphs: [],
      items: [
        'providing the service ordered (brief, estimate, payment, editing, delivery, revisions): performance of the contract;',
        'invoicing and accounting: legal obligation;',
        'securing the service and preventing fraud: legitimate interest;',
        'answering your requests and reviewing applications: pre-contractual steps and legitimate interest;',
        'using a production as a reference: your consent, which you may withdraw at any time.',
      ],
    },
    {
      id: 'conservation',
      title: '4. Retention periods',
      paragraphs: ['Your data is kept for the following periods, then deleted or anonymised:'],
      table: {
        caption: 'Data retention periods',
        head: ['Data', 'Retention period', 'Reason'],
        rows: RETENTION.en,
      },
      after: [
        'An e-mail warns you before a project’s files are deleted and before an inactive account is, so you have time to download your deliverables or to sign in again.',
      ],
    },
    {
      id: 'destinataires',
      title: '5. Recipients',
      paragraphs: [
        'Your data is available to the Rushflow team and, for their project only, to the editor assigned to you. It is entrusted to our technical processors (hosting, file storage, e-mail sending, payment) strictly as needed. It is never sold.',
        'Where a processor handles data outside the European Union, the transfer is covered by appropriate safeguards (the European Commission’s standard contractual clauses).',
      ],
    },
    {
      id: 'securite',
      title: '6. Security',
      paragraphs: [
        'Access is protected by authentication, exchanges are encrypted and every action is checked on the server according to your role.',
      ],
    },
    {
      id: 'cookies',
      title: '7. Cookies and local storage',
      paragraphs: [
        'We only use the cookies and local storage the service needs to work: the sign-in session and your language preference. No advertising tracker is used.',
      ],
    },
    {
      id: 'droits',
      title: '8. Your rights',
      paragraphs: ['Under the GDPR, you have the following rights over your data:'],
      items: [
        'right of access and rectification;',
        'right to erasure and to restriction of processing;',
        'right to object and right to data portability;',
        'right to withdraw your consent at any time;',
        'right to set instructions about your data after your death.',
      ],
      after: ['To exercise them, write to {contactEmail}. We answer within one month.'],
    },
    {
      id: 'reclamation',
      title: '9. Complaints',
      paragraphs: [
        'If you believe your rights are not respected, you may lodge a complaint with the French data-protection authority, the CNIL (Commission nationale de l’informatique et des libertés), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, or online at www.cnil.fr.',
      ],
    },
  ],
};

export const PRIVACY = { fr, en } as const;
