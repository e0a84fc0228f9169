import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
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
    myData: 'My data',
    myDataHint: 'Export my data or delete my account',
  },
};
