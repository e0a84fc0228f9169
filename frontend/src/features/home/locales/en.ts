import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  metaTitle: 'Online video editing',
  offerLabel: 'Limited offer',
  offer: '-30% for the first 10 clients',
  title: 'Your videos edited by pros, hassle-free',
  subtitle:
    'Describe your project in a few minutes, get an instant estimate and follow the edit with your dedicated editor until delivery in your client space.',
  priceEurLabel: 'European rate',
  priceEur: 'From €27/h',
  priceUsdLabel: 'International rate',
  priceUsd: '$32/h',
  ctaOrder: 'Order an edit',
  ctaPricing: 'See pricing',
  reassurance: 'Quote within 24 h · Secure card payment · Revisions included within the initial brief',
  stepsTitle: 'How it works',
  stepsSubtitle: 'Three steps, from your idea to the delivered video.',
  step: 'Step {{n}}',
  steps: {
    brief: {
      title: 'Express brief',
      text: 'Describe your video: goal, style, length, deadline. You instantly get an estimate of the price and delay.',
    },
    payment: {
      title: 'Immediate payment',
      text: 'Confirm and pay securely online by card. An editor suited to your project is assigned automatically.',
    },
    delivery: {
      title: 'Delivery',
      text: 'Follow progress in real time, talk with your editor and get the final video in your client space.',
    },
  },
  typesTitle: 'All your video formats',
  typesSubtitle: 'Specialised editors for every platform and every use.',
  types: {
    youtube: { title: 'YouTube', text: 'Vlogs, tutorials, channels: a pace that keeps your audience watching.' },
    tiktok: { title: 'TikTok', text: 'Short, dynamic, subtitled vertical formats.' },
    reels: { title: 'Instagram Reels', text: 'Polished Reels designed for engagement.' },
    corporate: { title: 'Corporate & events', text: 'Company films, seminars, conferences and events.' },
    branding: { title: 'Product branding', text: 'Videos that showcase your products and your brand.' },
  },
  includedTitle: 'Included for everyone',
  included: {
    editor: 'An editor dedicated to your project',
    tracking: 'Real-time tracking',
    delivery: 'Delivery in your client space',
    support: 'Responsive support',
  },
  filesNote: 'Send your rushes through a transfer link or by direct upload.',
  finalTitle: 'Ready to start your project?',
  finalText: 'Get -30% on your order: the launch offer is reserved for the first 10 clients.',
};
