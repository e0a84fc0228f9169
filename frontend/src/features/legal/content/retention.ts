/**
 * Retention periods (spec 000 §2 'Static legal pages'). The workflows apply the same periods:
 * project files are deleted one year after delivery.
 */
export const RETENTION = {
  fr: [
    [
      'Données de compte',
      'Pendant toute la durée de l’inscription, puis 3 ans',
      'Gestion du compte, relation client, preuve',
    ],
    ['Données de facturation', '10 ans', 'Obligations comptables et fiscales'],
    [
      'Fichiers de projet (rushes, versions, livrables)',
      '1 an après la livraison',
      'Exécution de la prestation, révisions',
    ],
    ['Journaux techniques (logs)', '12 mois', 'Sécurité du service'],
  ],
  en: [
    [
      'Account data',
      'For the whole registration period, then 3 years',
      'Account management, customer relationship, evidence',
    ],
    ['Billing data', '10 years', 'Accounting and tax obligations'],
    [
      'Project files (rushes, versions, deliverables)',
      '1 year after delivery',
      'Performance of the service, revisions',
    ],
    ['Technical logs', '12 months', 'Security of the service'],
  ],
} as const;
