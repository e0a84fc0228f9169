import i18n from 'i18next';
import { withFrenchSpacing } from '@/i18n/typography';

export const EDITOR_NAMESPACE = 'editor';

/** The editor space's text (namespace `editor`); the spec's toasts come from domain/. */
const fr = {
  title: 'Espace Monteur',
  subtitle: 'Vos projets, votre profil et votre charge de travail.',
  loading: 'Chargement de votre espace…',
  load: 'Charge : {{current}}/{{max}} projets',
  loadLabel: 'Projets en cours sur votre maximum',
  setup: {
    title: 'Configuration requise',
    text: 'Complétez votre profil de monteur pour recevoir des projets : vos spécialités, vos niveaux, votre taux horaire et votre disponibilité.',
    missing: 'Il manque : {{fields}}.',
  },
  missing: { specialties: 'spécialités', visualComplexityLevels: 'niveaux de complexité visuelle' },
  incomplete: {
    title: 'Profil enregistré, mais incomplet',
    text: 'Il manque : {{fields}}. Aucun projet ne vous sera confié avant.',
  },
  tabs: { profile: 'Profil', active: 'Projets Actifs', pending: 'En attente', done: 'Terminés' },
  empty: {
    active: 'Aucun projet en cours.',
    pending: 'Aucun projet en attente.',
    done: 'Aucun projet terminé pour le moment.',
  },
  project: {
    open: 'Voir le projet',
    delivery: 'Livraison prévue : {{date}}',
    revisions: 'Révisions : {{count}}/{{max}}',
  },
  form: {
    identity: 'Identité',
    firstName: 'Prénom',
    lastName: 'Nom',
    specialties: 'Spécialités',
    levels: 'Niveaux de complexité visuelle',
    languages: 'Langues',
    rates: 'Tarif et charge',
    hourlyRate: 'Taux horaire (€)',
    hourlyRateHint: 'Minimum 15 €, par pas de 0,5.',
    maxProjects: 'Projets simultanés (1 à 10)',
    availability: 'Disponibilité',
    timezone: 'Fuseau horaire',
    start: 'Début',
    end: 'Fin',
    status: 'Statut',
    statuses: { active: 'Actif', vacation: 'En congé', inactive: 'Inactif' },
    bio: 'Présentation',
    portfolio: 'Liens de portfolio',
    portfolioLink: 'Lien de portfolio {{number}}',
    addLink: 'Ajouter un lien',
    removeLink: 'Retirer le lien {{number}}',
    save: 'Enregistrer le profil',
    create: 'Créer mon profil',
    invalid: 'Certains champs sont invalides.',
  },
  specialties: {
    youtube: 'YouTube',
    tiktok: 'TikTok',
    instagram: 'Instagram',
    corporate: 'Corporate',
    branding: 'Branding',
    general: 'Général',
  },
  levels: { simple: 'Simple', moderate: 'Modéré', complex: 'Complexe', expert: 'Expert' },
};

const en: typeof fr = {
  title: 'Editor space',
  subtitle: 'Your projects, your profile and your workload.',
  loading: 'Loading your space…',
  load: 'Load: {{current}}/{{max}} projects',
  loadLabel: 'Current projects out of your maximum',
  setup: {
    title: 'Configuration required',
    text: 'Complete your editor profile to receive projects: your specialties, levels, hourly rate and availability.',
    missing: 'Missing: {{fields}}.',
  },
  missing: { specialties: 'specialties', visualComplexityLevels: 'visual complexity levels' },
  incomplete: {
    title: 'Profile saved, but incomplete',
    text: 'Missing: {{fields}}. No project will be given to you until then.',
  },
  tabs: { profile: 'Profile', active: 'Active projects', pending: 'Pending', done: 'Completed' },
  empty: {
    active: 'No project in progress.',
    pending: 'No pending project.',
    done: 'No completed project yet.',
  },
  project: {
    open: 'View the project',
    delivery: 'Planned delivery: {{date}}',
    revisions: 'Revisions: {{count}}/{{max}}',
  },
  form: {
    identity: 'Identity',
    firstName: 'First name',
    lastName: 'Last name',
    specialties: 'Specialties',
    levels: 'Visual complexity levels',
    languages: 'Languages',
    rates: 'Rate and workload',
    hourlyRate: 'Hourly rate (€)',
    hourlyRateHint: 'At least €15, in steps of 0.5.',
    maxProjects: 'Concurrent projects (1 to 10)',
    availability: 'Availability',
    timezone: 'Time zone',
    start: 'Start',
    end: 'End',
    status: 'Status',
    statuses: { active: 'Active', vacation: 'On leave', inactive: 'Inactive' },
    bio: 'About you',
    portfolio: 'Portfolio links',
    portfolioLink: 'Portfolio link {{number}}',
    addLink: 'Add a link',
    removeLink: 'Remove link {{number}}',
    save: 'Save the profile',
    create: 'Create my profile',
    invalid: 'Some fields are invalid.',
  },
  specialties: {
    youtube: 'YouTube',
    tiktok: 'TikTok',
    instagram: 'Instagram',
    corporate: 'Corporate',
    branding: 'Branding',
    general: 'General',
  },
  levels: { simple: 'Simple', moderate: 'Moderate', complex: 'Complex', expert: 'Expert' },
};

let registered = false;

export function registerEditorLabels(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('fr', EDITOR_NAMESPACE, withFrenchSpacing(fr), true, false);
  i18n.addResourceBundle('en', EDITOR_NAMESPACE, en, true, false);
}
