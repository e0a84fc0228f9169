import type { AuditEntryView } from '../../domain/admin';
import { MESSAGES } from '../../domain/messages';
import { SETTING_DEFAULTS, type AppSettings } from '../../domain/settings';
import { AuditLogEntry, Project, Setting } from '../../db/entities';
import { adminKit } from '../support/admin-kit';
import { waitUntil } from '../support/mail-server';
import { standardWizardBrief } from '../support/brief-fixtures';

/**
 * Admin › Paramètres against the running stack: a change applies where the settings are read (the
 * public settings every page quotes, the next project's revisions), is recorded in the audit log
 * (who, what, when, before and after), and bad input writes nothing. The defaults are put back.
 */
jest.setTimeout(180_000);

const kit = adminKit();
const defaults: AppSettings = {
  revisionWindowDays: SETTING_DEFAULTS.revision_window_days,
  maxRevisions: SETTING_DEFAULTS.max_revisions,
  launchOfferPlaces: SETTING_DEFAULTS.launch_offer_places,
  expressEnabled: SETTING_DEFAULTS.express_enabled,
  contactEmail: SETTING_DEFAULTS.contact_email,
};

const put = (body: unknown, caller: 'admin' | 'editor' | 'client' = 'admin') =>
  kit.call(caller, 'PUT', '/api/admin/settings', body);
const publicSettings = async () => (await (await fetch(`${kit.appUrl}/api/pricing/settings`)).json()) as AppSettings;
const auditCount = async () => (await kit.db()).em.fork().count(AuditLogEntry, { action: 'settings.update' });
const storedRows = async () =>
  (await (await kit.db()).em.fork().find(Setting, {}, { orderBy: { key: 'asc' } })).map(({ key, value }) => ({
    key,
    value,
  }));

afterAll(async () => {
  await put(defaults);
  await kit.cleanUp();
});

/** A wizard brief paid through the stack's simulated checkout: the project the worker creates from it. */
async function payABrief(email: string): Promise<Project> {
  const post = async (path: string, body: unknown = {}) => {
    const response = await fetch(`${kit.appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  const brief = await post('/api/briefs', standardWizardBrief(email));
  expect(brief.status).toBe(201);
  const checkout = await post(`/api/briefs/${brief.body.briefId}/checkout`);
  expect(checkout.status).toBe(200);
  expect((await post(`/api/payments/simulated/${checkout.body.sessionId}/pay`)).status).toBe(200);
  const em = () => kit.db().then((orm) => orm.em.fork());
  await waitUntil(
    async () => (await (await em()).count(Project, { brief: brief.body.briefId })) === 1,
    60_000,
    'the project',
  );
  return (await em()).findOneOrFail(Project, { brief: brief.body.briefId });
}

test('the admin reads the settings; changing max revisions shows in the public settings, the next project and the audit log', async () => {
  const read = await kit.call('admin', 'GET', '/api/admin/settings');
  expect(read.status).toBe(200);
  const before = read.body.settings as AppSettings;
  expect(read.body.launchOffer).toEqual({
    places: before.launchOfferPlaces,
    placesLeft: expect.any(Number),
    active: expect.any(Boolean),
  });

  const wanted = { ...before, maxRevisions: before.maxRevisions + 2, revisionWindowDays: 5 };
  const changedAt = Date.now();
  const saved = await put({ ...wanted, contactEmail: ` ${wanted.contactEmail.toUpperCase()} ` });
  expect(saved.status).toBe(200);
  expect(saved.body.settings).toEqual(wanted);

  // The copy every page quotes (landing, pricing, help dialog) reads the public settings.
  expect(await publicSettings()).toMatchObject({ maxRevisions: wanted.maxRevisions, revisionWindowDays: 5 });
  expect((await kit.call('client', 'GET', '/api/admin/settings')).status).toBe(403);

  // Who, what, when, before and after: only the settings that changed.
  const audit = await kit.call('admin', 'GET', '/api/admin/audit?action=settings.update&pageSize=1');
  const [entry] = audit.body.items as AuditEntryView[];
  expect(entry).toMatchObject({
    action: 'settings.update',
    actorId: kit.accounts.admin.id,
    actorEmail: kit.accounts.admin.email,
    targetType: 'settings',
    targetLabel: 'Paramètres',
    before: { maxRevisions: before.maxRevisions, revisionWindowDays: before.revisionWindowDays },
    after: { maxRevisions: wanted.maxRevisions, revisionWindowDays: 5 },
  });
  expect(new Date(entry.createdAt).getTime()).toBeGreaterThanOrEqual(changedAt - 5_000);
  const row = await (await kit.db()).em.fork().findOneOrFail(Setting, { key: 'max_revisions' });
  expect(row).toMatchObject({ value: wanted.maxRevisions, updatedBy: kit.accounts.admin.id });

  // Saving the same values again changes nothing and records nothing.
  const entries = await auditCount();
  expect((await put(wanted)).status).toBe(200);
  expect(await auditCount()).toBe(entries);

  // The next paid brief becomes a project that allows the new number of revisions.
  const email = kit.uniqueEmail('settings-client');
  const project = await payABrief(email);
  expect(project.maxRevisions).toBe(wanted.maxRevisions);
  const listed = await kit.call('admin', 'GET', `/api/admin/projects?clientEmail=${encodeURIComponent(email)}`);
  expect(listed.body.items).toEqual([expect.objectContaining({ id: project.id, maxRevisions: wanted.maxRevisions })]);
  // Its editor's slot is given back.
  const cancelled = await kit.call('admin', 'POST', `/api/admin/projects/${project.id}/cancel`, {
    reason: 'Projet de test des paramètres',
  });
  expect(cancelled.status).toBe(200);

  expect((await put(defaults)).body.settings).toEqual(defaults);
  expect(await publicSettings()).toMatchObject({ maxRevisions: defaults.maxRevisions, revisionWindowDays: 3 });
});

test('the api keeps the public settings in memory, yet a saved change shows on its very next read', async () => {
  const current = (await kit.call('admin', 'GET', '/api/admin/settings')).body.settings as AppSettings;
  // Read twice: the second answer comes from the api's memory.
  for (let read = 0; read < 2; read += 1)
    expect(await publicSettings()).toMatchObject({
      expressEnabled: current.expressEnabled,
      launchOffer: { places: current.launchOfferPlaces },
    });

  const changed = {
    ...current,
    expressEnabled: !current.expressEnabled,
    launchOfferPlaces: current.launchOfferPlaces + 5,
  };
  expect((await put(changed)).status).toBe(200);
  expect(await publicSettings()).toMatchObject({
    expressEnabled: changed.expressEnabled,
    launchOffer: { places: changed.launchOfferPlaces },
  });

  expect((await put(current)).status).toBe(200);
  expect(await publicSettings()).toMatchObject({
    expressEnabled: current.expressEnabled,
    launchOffer: { places: current.launchOfferPlaces },
  });
});

test('invalid settings → French 400 naming the field; nothing is written, nothing audited', async () => {
  const current = (await kit.call('admin', 'GET', '/api/admin/settings')).body.settings as AppSettings;
  const rows = await storedRows();
  const entries = await auditCount();
  const cases: [unknown, string, string][] = [
    [{ ...current, maxRevisions: undefined }, 'maxRevisions', '« Révisions maximum » doit être un nombre entier.'],
    [{ ...current, maxRevisions: '5' }, 'maxRevisions', '« Révisions maximum » doit être un nombre entier.'],
    [{ ...current, maxRevisions: 2.5 }, 'maxRevisions', '« Révisions maximum » doit être un nombre entier.'],
    [{ ...current, maxRevisions: -1 }, 'maxRevisions', '« Révisions maximum » doit être au moins 0.'],
    [{ ...current, maxRevisions: 21 }, 'maxRevisions', '« Révisions maximum » ne peut pas dépasser 20.'],
    [
      { ...current, revisionWindowDays: 1e9 },
      'revisionWindowDays',
      '« Période de révision (jours) » ne peut pas dépasser 60.',
    ],
    [
      { ...current, launchOfferPlaces: null },
      'launchOfferPlaces',
      '« Places de l’offre de lancement » doit être un nombre entier.',
    ],
    [{ ...current, expressEnabled: 'oui' }, 'expressEnabled', '« Livraison express » doit être activée ou désactivée.'],
    [{ ...current, contactEmail: 'contact' }, 'contactEmail', 'Adresse de contact invalide.'],
    [{ ...current, contactEmail: '<b>x</b>@rushflow.fr' }, 'contactEmail', 'Adresse de contact invalide.'],
    [
      { ...current, contactEmail: `${'a'.repeat(250)}@rushflow.fr` },
      'contactEmail',
      '« Adresse de contact » est trop longue.',
    ],
    [[current], '_', 'Les paramètres doivent être un objet JSON.'],
  ];
  for (const [body, field, message] of cases) {
    const answer = await put(body);
    expect({ field, status: answer.status, error: answer.body.error, message: answer.body.fields?.[field] }).toEqual({
      field,
      status: 400,
      error: MESSAGES.invalidInput,
      message,
    });
  }
  // One bad field among good changes: the good ones are not kept either.
  expect((await put({ ...current, maxRevisions: 7, contactEmail: 'nope' })).status).toBe(400);
  expect(await put('{"maxRevisions": ')).toEqual({ status: 400, body: { error: MESSAGES.malformedJson } });
  expect((await put({ ...current, maxRevisions: 9 }, 'editor')).status).toBe(403);

  expect(await storedRows()).toEqual(rows);
  expect(await auditCount()).toBe(entries);
  expect(await publicSettings()).toMatchObject({ maxRevisions: current.maxRevisions });
});

test('the audit log pages newest first; an unknown action or page → French 400', async () => {
  const first = await kit.call('admin', 'GET', '/api/admin/audit?pageSize=2');
  const second = await kit.call('admin', 'GET', '/api/admin/audit?pageSize=2&page=2');
  expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: expect.any(Number) });
  const entries = [...(first.body.items as AuditEntryView[]), ...(second.body.items as AuditEntryView[])];
  const times = entries.map((entry) => new Date(entry.createdAt).getTime());
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(await kit.call('admin', 'GET', '/api/admin/audit?action=settings.delete')).toEqual({
    status: 400,
    body: { error: MESSAGES.invalidInput, fields: { action: 'Action inconnue.' } },
  });
  expect((await kit.call('admin', 'GET', '/api/admin/audit?page=-1')).body.fields).toEqual({ page: 'Page invalide.' });
});
