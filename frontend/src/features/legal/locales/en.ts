import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  lastUpdated: 'Last updated: {{date}}',
  inProgress: 'Being defined',
  frenchPrevails: 'This translation is provided for convenience; the French version prevails.',
  onThisPage: 'On this page',
  siteMap: {
    title: 'Site map',
    intro: 'Every page of Rushflow. The spaces need a sign-in with the role they name.',
    discover: 'Discover',
    order: 'Order',
    wizard: 'Quick brief (3 steps)',
    fullForm: 'Full brief (detailed form)',
    spaces: 'Spaces',
    clientSpace: 'Client dashboard',
    editorSpace: 'Editor space',
    adminSpace: 'Administration',
    myData: 'My data',
    signIn: 'Sign in',
    legal: 'Legal information',
    accessibility: 'Accessibility statement',
  },
};
