import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EditorProfileInputSchema, type EditorProfileView } from '../../domain/schemas/project';
import { EditorProfile } from '../../db/entities';
import { parseInput } from '../lib/validation';
import { currentUser, requireRole } from '../middleware/auth';

export interface EditorProfileRouteDeps {
  em: () => EntityManager;
}

/** `time(0)` comes back as 'HH:MM:SS'; the form speaks 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);

function view(profile: EditorProfile): EditorProfileView {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    specialties: profile.specialties as EditorProfileView['specialties'],
    visualComplexityLevels: profile.visualComplexityLevels as EditorProfileView['visualComplexityLevels'],
    languages: profile.languages as EditorProfileView['languages'],
    timezone: profile.timezone,
    hourlyRate: Number(profile.hourlyRate),
    maxConcurrentProjects: profile.maxConcurrentProjects,
    availabilityStart: hhmm(profile.availabilityStart),
    availabilityEnd: hhmm(profile.availabilityEnd),
    status: profile.status,
    bio: profile.bio ?? '',
    portfolioLinks: profile.portfolioLinks,
    currentProjectsCount: profile.currentProjectsCount,
    completedProjectsCount: profile.completedProjectsCount,
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/**
 * The editor's own profile (000 §2 Editor space, §5, §7 `editor_profiles by user_id` and upsert).
 * `GET` answers `profile: null` until the editor fills the configuration form. The
 * assignment counters are never written here: they belong to the project workflow.
 */
export function editorProfileRoutes(deps: EditorProfileRouteDeps): Router {
  const router = new Router({ prefix: '/api/editor/profile' });

  router.get('/', requireRole('editor'), async (ctx) => {
    const profile = await deps.em().findOne(EditorProfile, { userId: currentUser(ctx).id });
    ctx.body = { profile: profile ? view(profile) : null };
  });

  router.put('/', requireRole('editor'), async (ctx) => {
    const user = currentUser(ctx);
    const input = parseInput(EditorProfileInputSchema, ctx.request.body);
    const em = deps.em();
    const values = {
      ...input,
      hourlyRate: input.hourlyRate.toFixed(2),
      bio: input.bio || null,
      availabilityStart: `${input.availabilityStart}:00`,
      availabilityEnd: `${input.availabilityEnd}:00`,
    };
    const existing = await em.findOne(EditorProfile, { userId: user.id });
    const saved = existing ? em.assign(existing, values) : em.create(EditorProfile, { userId: user.id, ...values });
    await em.flush();
    ctx.body = { profile: view(saved) };
  });

  return router;
}
