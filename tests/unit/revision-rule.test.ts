import { createInstance, type TFunction } from 'i18next';
import { projectEmail, type ProjectMailDetails } from '../../activities/mail/project-emails';
import { revisionRuleSentence, revisionsLeft, revisionsOffered, type RevisionRule } from '../../domain/revision-rule';
import { SETTING_DEFAULTS, settingsFrom } from '../../domain/settings';
import { TERMS } from '../../frontend/src/features/legal/content/terms';
import { en } from '../../frontend/src/i18n/locales/en';
import { fr } from '../../frontend/src/i18n/locales/fr';
import { withFrenchSpacing } from '../../frontend/src/i18n/typography';
import { revisionTermsText } from '../../frontend/src/lib/revision-terms';
import { PROJECT_NOTICES } from '../../domain/project-notices';

/**
 * La règle des révisions (docs/review.md) is said the same everywhere: the pages' sentence (i18next
 * with the French resources the app ships) and the server's (notices, e-mails) come from one set of
 * words and the admin settings' numbers, and nothing promises unlimited revisions.
 */
async function translator(language: 'fr' | 'en'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { fr: { translation: withFrenchSpacing(fr) }, en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return i18n.t;
}

/** The texts keep numbers with their nouns (no-break spaces); read here as plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const RULES: RevisionRule[] = [
  { maxRevisions: 3, revisionWindowDays: 3 },
  { maxRevisions: 1, revisionWindowDays: 1 },
  { maxRevisions: 5, revisionWindowDays: 7 },
  { maxRevisions: 2, revisionWindowDays: 14 },
  { maxRevisions: 0, revisionWindowDays: 3 },
  { maxRevisions: 3, revisionWindowDays: 0 },
];

test.each(RULES)('the pages and the server state the same rule for %o', async (rule) => {
  const t = await translator('fr');
  expect(revisionTermsText(t, rule)).toBe(revisionRuleSentence(rule));
});

test('the default rule is the settings’ defaults, in words a client reads', async () => {
  const rule = settingsFrom(new Map());
  const sentence = revisionRuleSentence(rule);
  expect(sentence).toBe(revisionTermsText(await translator('fr'), rule));
  expect(plain(sentence)).toContain(`Jusqu’à ${SETTING_DEFAULTS.max_revisions} révisions`);
  expect(plain(sentence)).toContain(`pendant ${SETTING_DEFAULTS.revision_window_days} jours après chaque livraison`);
});

test('singular and none read as French: one revision, one day; no revision offered without quota or window', () => {
  expect(plain(revisionRuleSentence({ maxRevisions: 1, revisionWindowDays: 1 }))).toMatch(
    /^Une révision pendant 1 jour /,
  );
  for (const rule of [
    { maxRevisions: 0, revisionWindowDays: 3 },
    { maxRevisions: 3, revisionWindowDays: 0 },
  ]) {
    expect(revisionsOffered(rule)).toBe(false);
    expect(revisionRuleSentence(rule)).toBe('Aucune révision incluse après la livraison');
  }
});

test('English follows the same numbers', async () => {
  const t = await translator('en');
  expect(plain(revisionTermsText(t, { maxRevisions: 2, revisionWindowDays: 5 }))).toBe(
    'Up to 2 revisions for 5 days after each delivery, within the initial brief',
  );
});

test('no text of the app, its terms or its pricing options promises unlimited revisions', () => {
  const texts = JSON.stringify([fr, en, TERMS]);
  expect(texts).not.toMatch(/illimit|unlimited/i);
});

test('the quota: what a project still allows, never below zero', () => {
  expect(revisionsLeft({ revisionCount: 0, maxRevisions: 3 })).toBe(3);
  expect(revisionsLeft({ revisionCount: 2, maxRevisions: 3 })).toBe(1);
  expect(revisionsLeft({ revisionCount: 3, maxRevisions: 3 })).toBe(0);
  // An admin lowered nothing below what was used: still none left, not a negative count.
  expect(revisionsLeft({ revisionCount: 4, maxRevisions: 3 })).toBe(0);
});

test('a delivery’s notice states what the quota still allows during the window, or that it is used up', () => {
  expect(plain(PROJECT_NOTICES.delivered(3, 3).message)).toBe(
    'Votre vidéo est prête. Vous pouvez demander jusqu’à 3 révisions pendant 3 jours.',
  );
  expect(plain(PROJECT_NOTICES.revisionDelivered(2, 1, 5).message)).toBe(
    'La révision 2 est livrée. Vous pouvez demander une révision pendant 5 jours.',
  );
  expect(plain(PROJECT_NOTICES.revisionDelivered(3, 0, 3).message)).toBe(
    'La révision 3 est livrée. Vous avez utilisé toutes les révisions prévues pour ce projet.',
  );
  // A window closing at delivery offers nothing to ask.
  expect(plain(PROJECT_NOTICES.delivered(3, 0).message)).toBe('Votre vidéo est prête.');
});

test('the delivery e-mail gives the revisions left and the last day to ask', async () => {
  const project = (revisionsLeftNow: number): ProjectMailDetails => ({
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Vlog de voyage',
    reference: 'RF-2026-0042',
    editorName: 'Alex Monteur',
    totalPriceCents: 10_800,
    currency: 'EUR',
    deliveryDate: null,
    revisionsLeft: revisionsLeftNow,
  });
  const endsAt = Date.parse('2030-01-10T12:00:00Z');
  const delivered = await projectEmail('project_completed', 'client@example.com', project(3), 'https://app.test', {
    revisionWindowEndsAt: endsAt,
  });
  expect(plain(delivered.text)).toContain('Vous pouvez demander jusqu’à 3 révisions d’ici le 10 janvier 2030.');
  const last = await projectEmail('revision_completed', 'client@example.com', project(0), 'https://app.test', {
    revisionWindowEndsAt: endsAt,
  });
  expect(plain(last.text)).toContain('Vous avez utilisé toutes les révisions prévues pour ce projet.');
  expect(last.text).not.toContain('d’ici le');
});
