import {
  ACCOUNT_INACTIVITY,
  ACCOUNT_INACTIVITY_WARNING,
  BILLING_RECORDS,
  CONTACT_REQUESTS,
  DATA_EXPORT_LINK,
  DELETION_GRACE,
  PROJECT_FILES,
  REJECTED_APPLICATIONS,
  TECHNICAL_LOGS,
  periodInWords,
} from '@domain/retention';

const fr = (period: Parameters<typeof periodInWords>[0]) => periodInWords(period, 'fr');
const en = (period: Parameters<typeof periodInWords>[0]) => periodInWords(period, 'en');

/** How long a project's files are kept, as the terms and the privacy page say it. */
export const PROJECT_FILES_KEPT = {
  fr: `${fr(PROJECT_FILES)} après la livraison`,
  en: `${en(PROJECT_FILES)} after delivery`,
} as const;

/**
 * The privacy page's retention table (spec 000 §2 'Static legal pages'): every period the product
 * enforces, and only those, written from the periods its timers read (domain/retention.ts).
 */
export const RETENTION = {
  fr: [
    [
      'Données de compte',
      `Pendant toute la durée de l’inscription, puis suppression après ${fr(ACCOUNT_INACTIVITY)} sans activité (un e-mail vous prévient ${fr(ACCOUNT_INACTIVITY_WARNING)} avant)`,
      'Gestion du compte, relation client, preuve',
    ],
    [
      'Données de facturation (factures et avoirs)',
      `${fr(BILLING_RECORDS)} à compter de la clôture de l’exercice de leur émission`,
      'Obligations comptables et fiscales',
    ],
    [
      'Fichiers de projet (rushes, versions, livrables)',
      PROJECT_FILES_KEPT.fr,
      'Exécution de la prestation, révisions',
    ],
    ['Journaux techniques (logs)', fr(TECHNICAL_LOGS), 'Sécurité du service'],
    [
      'Candidatures de monteurs non retenues',
      `${fr(REJECTED_APPLICATIONS)} après le dernier contact`,
      'Recrutement (une candidature retenue devient le compte du monteur)',
    ],
    [
      'Messages de contact et rendez-vous téléphoniques',
      `${fr(CONTACT_REQUESTS)} après le dernier contact (message reçu ou appel)`,
      'Réponse à vos demandes, relation commerciale',
    ],
    ['Liens de téléchargement de vos données (export)', fr(DATA_EXPORT_LINK), 'Droit à la portabilité'],
    [
      'Demandes de suppression de compte',
      `${fr(DELETION_GRACE)} pour changer d’avis, puis suppression`,
      'Droit à l’effacement',
    ],
  ],
  en: [
    [
      'Account data',
      `For the whole registration period, then deleted after ${en(ACCOUNT_INACTIVITY)} without activity (an e-mail warns you ${en(ACCOUNT_INACTIVITY_WARNING)} before)`,
      'Account management, customer relationship, evidence',
    ],
    [
      'Billing data (invoices and credit notes)',
      `${en(BILLING_RECORDS)} from the close of the financial year they were issued in`,
      'Accounting and tax obligations',
    ],
    ['Project files (rushes, versions, deliverables)', PROJECT_FILES_KEPT.en, 'Performance of the service, revisions'],
    ['Technical logs', en(TECHNICAL_LOGS), 'Security of the service'],
    [
      'Editor applications not accepted',
      `${en(REJECTED_APPLICATIONS)} after the last contact`,
      'Recruitment (an accepted application becomes the editor’s account)',
    ],
    [
      'Contact messages and phone appointments',
      `${en(CONTACT_REQUESTS)} after the last contact (message received or call)`,
      'Answering your requests, business relationship',
    ],
    ['Download links to your data (export)', en(DATA_EXPORT_LINK), 'Right to data portability'],
    ['Account deletion requests', `${en(DELETION_GRACE)} to change your mind, then deletion`, 'Right to erasure'],
  ],
} as const;
