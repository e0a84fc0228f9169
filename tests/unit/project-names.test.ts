import { briefAnswerText, briefTitle } from '../../domain/brief-options';
import { projectEmail } from '../../activities/mail/project-emails';

/** What a project is called, from the brief either funnel stored. */
describe('a project is named by its brief', () => {
  test('the full form: its project name, as typed (trimmed)', () => {
    expect(briefTitle({ projectName: '  Lancement printemps ', videoTypes: ['Publicité'], objective: 'vendre' })).toBe(
      'Lancement printemps',
    );
  });

  test('the wizard: its video type and objective', () => {
    expect(briefTitle({ videoType: 'youtube', objective: 'informer' })).toBe('YouTube · Informer');
    expect(briefTitle({ videoType: 'instagram', objective: 'divertissement' })).toBe('Instagram / Reels · Divertir');
    expect(briefTitle({ videoType: 'tiktok' })).toBe('TikTok');
  });

  test('« autre » with a custom type: the type as the client typed it, never « Autre »', () => {
    expect(briefTitle({ videoType: 'autre', videoTypeCustom: 'Vidéo de mariage' })).toBe('Vidéo de mariage');
    expect(briefTitle({ videoType: 'autre', videoTypeCustom: 'Vidéo de mariage', objective: 'inspirer' })).toBe(
      'Vidéo de mariage · Inspirer',
    );
    expect(briefTitle({ videoType: 'vlog', objective: 'autre', objectiveCustom: 'Faire rire la famille' })).toBe(
      'Vlog · Faire rire la famille',
    );
    // Nothing typed beside « autre »: its label, still better than nothing.
    expect(briefTitle({ videoType: 'autre', videoTypeCustom: '  ' })).toBe('Autre');
  });

  test('a full form without a project name: its ticked types (the custom one for « Autre ») and objective', () => {
    expect(briefTitle({ videoTypes: ['Publicité', 'Autre'], videoTypeCustom: 'Spot salon', objective: 'vendre' })).toBe(
      'Publicité, Spot salon · Vendre',
    );
  });

  test('a brief that says nothing: a neutral title', () => {
    expect(briefTitle({})).toBe('Montage vidéo');
    expect(briefTitle({}, 'en')).toBe('Video edit');
  });

  test('in English where the reader chose it', () => {
    expect(briefTitle({ videoType: 'corporate', objective: 'convaincre' }, 'en')).toBe('Corporate · Convince');
  });

  test('two briefs of the same funnel get different names when their answers differ', () => {
    expect(briefTitle({ videoType: 'youtube', objective: 'informer' })).not.toBe(
      briefTitle({ videoType: 'youtube', objective: 'inspirer' }),
    );
  });
});

describe('the brief answers a project page shows', () => {
  test('option values read as their French labels', () => {
    expect(briefAnswerText('objective', 'informer')).toBe('Informer');
    expect(briefAnswerText('objective', 'vendre')).toBe('Vendre');
    expect(briefAnswerText('delivery_formats', ['horizontal', 'carré'])).toBe('Horizontal (16:9), Carré (1:1)');
    expect(briefAnswerText('deadline', 'standard')).toBe('Standard');
    expect(briefAnswerText('language', 'fr')).toBe('Français');
    expect(briefAnswerText('editing_style', 'cinématographique')).toBe('Cinématographique');
    expect(briefAnswerText('language', 'en', 'en')).toBe('English');
  });

  test('free text stays as written; empty answers are left out', () => {
    expect(briefAnswerText('creative_brief', 'Rythme rapide, sous-titres jaunes')).toBe(
      'Rythme rapide, sous-titres jaunes',
    );
    expect(briefAnswerText('constraints', '')).toBeNull();
    expect(briefAnswerText('delivery_formats', [])).toBeNull();
    expect(briefAnswerText('objective', null)).toBeNull();
  });
});

test('a project e-mail names the project and its reference', async () => {
  const message = await projectEmail(
    'project_assigned_editor',
    'monteur@example.com',
    {
      id: '00000000-0000-4000-8000-000000000042',
      title: 'Vidéo de mariage · Inspirer',
      reference: 'RF-2026-0042',
      editorName: 'Léa Martin',
      totalPriceCents: 13_500,
      currency: 'EUR',
      deliveryDate: null,
      revisionsLeft: 3,
    },
    'https://app.test',
  );
  expect(message.subject).toBe('Nouveau projet assigné : « Vidéo de mariage · Inspirer » (RF-2026-0042)');
  expect(message.text).toContain('Le projet « Vidéo de mariage · Inspirer » (RF-2026-0042) vous est assigné');
});
