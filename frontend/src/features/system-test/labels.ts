import i18n from 'i18next';
import { withFrenchSpacing } from '@/i18n/typography';

export const SYSTEM_TEST_NAMESPACE = 'systemTest';

/** The /test page's text (namespace `systemTest`); the toasts of 000 §8 come from domain/admin.ts. */
const fr = {
  title: 'Tests Système — {{appName}}',
  subtitle: 'Vérifications réelles de la plateforme en fonctionnement.',
  status: {
    title: 'État des services',
    refresh: 'Actualiser',
    checking: 'Vérification…',
    failed: 'Impossible de lire l’état des services.',
    ok: 'Opérationnel',
    down: 'Hors service',
    latency: '{{ms}} ms',
    components: {
      database: 'Base de données',
      temporal: 'Workflows (Temporal et worker)',
      keycloak: 'Comptes (Keycloak)',
      storage: 'Stockage des fichiers',
      smtp: 'E-mails (SMTP)',
      payments: 'Paiements',
    },
  },
  assignment: {
    title: 'Test d’assignation automatique',
    text: 'Crée un monteur de test (YouTube, TikTok, Corporate ; simple, modéré, complexe ; 4 projets au plus) et un projet YouTube « Brief reçu », lance l’assignation réelle, relit le projet avec son monteur et les notifications créées, puis supprime tout.',
    run: 'Lancer le test d’assignation',
  },
  workflow: {
    title: 'Test du workflow complet',
    text: 'Mêmes données de test, mais le projet suit son vrai workflow Temporal, qui l’assigne lui-même ; le projet est relu puis tout est supprimé.',
    run: 'Lancer le test du workflow',
  },
  running: 'Test en cours…',
  isolation:
    'Les données de test sont marquées : aucune assignation réelle ne les choisit, aucune liste ne les montre, personne n’est notifié ni ne reçoit d’e-mail.',
  result: {
    title: 'Résultat',
    kinds: { assignment: 'Assignation automatique', workflow: 'Workflow complet' },
    success: 'Succès',
    failure: 'Échec',
    editor: 'Monteur assigné',
    noEditor: 'Aucun monteur assigné',
    notifications: 'Notifications créées',
    noNotifications: 'Aucune notification',
    statuses: 'Statuts parcourus',
    error: 'Erreur',
    cleanedUp: 'Données de test supprimées',
    notCleanedUp: 'Nettoyage incomplet',
    duration: 'Durée : {{ms}} ms',
    clear: 'Effacer les résultats',
    empty: 'Lancez un test pour voir son résultat ici.',
  },
  uploads: {
    title: 'Téléversement et analyse des rushs',
    text: 'Envoie des fichiers directement vers le stockage, puis mesure leur durée avec ffprobe dans le worker.',
    declared: 'Durée déclarée (minutes, facultatif)',
    result: 'Durée totale analysée : {{seconds}} s ({{minutes}} min)',
    unavailable: 'Analyse indisponible',
  },
};

const en: typeof fr = {
  title: 'System tests — {{appName}}',
  subtitle: 'Real checks of the running platform.',
  status: {
    title: 'Services',
    refresh: 'Refresh',
    checking: 'Checking…',
    failed: 'The services’ state could not be read.',
    ok: 'Up',
    down: 'Down',
    latency: '{{ms}} ms',
    components: {
      database: 'Database',
      temporal: 'Workflows (Temporal and worker)',
      keycloak: 'Accounts (Keycloak)',
      storage: 'File storage',
      smtp: 'E-mail (SMTP)',
      payments: 'Payments',
    },
  },
  assignment: {
    title: 'Automatic assignment test',
    text: 'Creates a test editor (YouTube, TikTok, Corporate; simple, moderate, complex; at most 4 projects) and a “Brief received” YouTube project, runs the real assignment, reads the project back with its editor and the notifications created, then removes everything.',
    run: 'Run the assignment test',
  },
  workflow: {
    title: 'Full workflow test',
    text: 'The same test data, but the project follows its real Temporal workflow, which assigns it on its own; the project is read back, then everything is removed.',
    run: 'Run the workflow test',
  },
  running: 'Test running…',
  isolation: 'Test data is marked: no real assignment picks it, no list shows it, nobody is notified or e-mailed.',
  result: {
    title: 'Result',
    kinds: { assignment: 'Automatic assignment', workflow: 'Full workflow' },
    success: 'Success',
    failure: 'Failure',
    editor: 'Assigned editor',
    noEditor: 'No editor assigned',
    notifications: 'Notifications created',
    noNotifications: 'No notification',
    statuses: 'Statuses gone through',
    error: 'Error',
    cleanedUp: 'Test data removed',
    notCleanedUp: 'Clean-up incomplete',
    duration: 'Duration: {{ms}} ms',
    clear: 'Clear the results',
    empty: 'Run a test to see its result here.',
  },
  uploads: {
    title: 'Rush upload and analysis',
    text: 'Sends files straight to storage, then measures their duration with ffprobe in the worker.',
    declared: 'Declared duration (minutes, optional)',
    result: 'Total analysed duration: {{seconds}} s ({{minutes}} min)',
    unavailable: 'Analysis unavailable',
  },
};

let registered = false;

export function registerSystemTestLabels(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('fr', SYSTEM_TEST_NAMESPACE, withFrenchSpacing(fr), true, false);
  i18n.addResourceBundle('en', SYSTEM_TEST_NAMESPACE, en, true, false);
}
