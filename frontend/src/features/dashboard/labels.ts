import i18n from 'i18next';
import { withFrenchSpacing } from '@/i18n/typography';

export const DASHBOARD_NAMESPACE = 'dashboard';

/** The client dashboard's text (namespace `dashboard`); the spec's toasts come from domain/. */
const fr = {
  title: 'Mon Espace Client',
  greeting: 'Bonjour {{name}}, suivez vos projets de montage ici.',
  counters: {
    label: 'Vos chiffres',
    total: 'Projets',
    active: 'En cours',
    completed: 'Terminés',
    spent: 'Total investi',
  },
  projects: {
    title: 'Mes projets',
    seeAll: 'Voir tout ({{count}})',
    seeLess: 'Voir moins',
    empty: 'Aucun projet pour le moment',
    emptyHint: 'Décrivez votre vidéo : devis instantané et monteur dédié.',
    startBrief: 'Créer mon premier brief',
    created: 'Créé {{when}}',
    editor: 'Monteur : {{name}}',
    noEditor: 'Monteur bientôt assigné',
    open: 'Ouvrir le projet {{title}} ({{reference}})',
    retry: 'Réessayer',
    loading: 'Chargement de vos projets…',
  },
  unpaid: {
    title_one: 'Un brief attend son paiement',
    title_other: '{{count}} briefs attendent leur paiement',
    hint: 'Payez un brief pour lancer son montage, sans le saisir à nouveau. Sans paiement, il expire 7 jours après son envoi.',
    sent: 'Réf. {{reference}} · envoyé {{when}}',
    pay: 'Payer',
  },
  links: {
    title: 'Raccourcis',
    brief: 'Nouveau projet',
    briefHint: 'Décrire une nouvelle vidéo',
    pricing: 'Tarifs',
    pricingHint: 'Simuler le prix d’un montage',
    contact: 'Contact',
    contactHint: 'Une question ? Réponse sous 24 h',
  },
};

const en: typeof fr = {
  title: 'My client space',
  greeting: 'Hello {{name}}, follow your editing projects here.',
  counters: {
    label: 'Your figures',
    total: 'Projects',
    active: 'In progress',
    completed: 'Completed',
    spent: 'Total spent',
  },
  projects: {
    title: 'My projects',
    seeAll: 'See all ({{count}})',
    seeLess: 'See less',
    empty: 'No project yet',
    emptyHint: 'Describe your video: instant quote and a dedicated editor.',
    startBrief: 'Create my first brief',
    created: 'Created {{when}}',
    editor: 'Editor: {{name}}',
    noEditor: 'Editor assigned soon',
    open: 'Open project {{title}} ({{reference}})',
    retry: 'Retry',
    loading: 'Loading your projects…',
  },
  unpaid: {
    title_one: 'One brief awaits its payment',
    title_other: '{{count}} briefs await their payment',
    hint: 'Pay a brief to start its edit, without typing it again. Unpaid, it expires 7 days after it was sent.',
    sent: 'Ref. {{reference}} · sent {{when}}',
    pay: 'Pay',
  },
  links: {
    title: 'Shortcuts',
    brief: 'New project',
    briefHint: 'Describe a new video',
    pricing: 'Pricing',
    pricingHint: 'Simulate the price of an edit',
    contact: 'Contact',
    contactHint: 'A question? Reply within 24 h',
  },
};

let registered = false;

export function registerDashboardLabels(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('fr', DASHBOARD_NAMESPACE, withFrenchSpacing(fr), true, false);
  i18n.addResourceBundle('en', DASHBOARD_NAMESPACE, en, true, false);
}
