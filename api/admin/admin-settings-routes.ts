import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PublicPricingSettings } from '../../domain/pricing';
import { settingRows, type AppSettings } from '../../domain/settings';
import { SettingsInputSchema } from '../../domain/schemas/settings';
import { recordAudit } from '../../db/audit';
import { Setting } from '../../db/entities';
import { readSettings } from '../../db/settings';
import type { CachedRead } from '../lib/cached-read';
import { parseInput } from '../lib/validation';
import { currentUser, requireRole } from '../middleware/auth';
import { readPublicPricingSettings } from '../pricing/pricing-settings';

export interface AdminSettingsRouteDeps {
  em: () => EntityManager;
  /** The public settings this api keeps in memory: forgotten once a change is committed. */
  publicSettings: CachedRead<PublicPricingSettings>;
}

/** The settings whose value differs, before and after. */
function changes(before: AppSettings, after: AppSettings) {
  const keys = (Object.keys(after) as (keyof AppSettings)[]).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
    changed: keys.length > 0,
  };
}

async function answer(em: EntityManager) {
  const settings = await readSettings(em);
  const pricing = await readPublicPricingSettings(em);
  return { settings, launchOffer: pricing.launchOffer };
}

/**
 * Admin › Paramètres: the five settings of domain/settings.ts, stored with their audit entry in one
 * transaction, then read where they apply (new projects, deliveries, the funnels and the api's
 * express check, every page that quotes them).
 */
export function adminSettingsRoutes(deps: AdminSettingsRouteDeps): Router {
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/admin/settings', admin, async (ctx) => {
    ctx.body = await answer(deps.em());
  });

  router.put('/api/admin/settings', admin, async (ctx) => {
    const input = parseInput(SettingsInputSchema, ctx.request.body);
    const user = currentUser(ctx);
    const em = deps.em();
    await em.transactional(async (tx) => {
      const before = await readSettings(tx);
      const diff = changes(before, input);
      if (!diff.changed) return;
      for (const row of settingRows(input)) {
        await tx.upsert(Setting, { key: row.key, value: row.value, updatedBy: user.id, updatedAt: new Date() });
      }
      await recordAudit(tx, {
        actorId: user.id,
        actorEmail: user.email,
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        targetLabel: 'Paramètres',
        before: diff.before,
        after: diff.after,
      });
    });
    deps.publicSettings.invalidate();
    ctx.body = await answer(deps.em());
  });

  return router;
}
