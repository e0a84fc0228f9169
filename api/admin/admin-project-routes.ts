import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProjectListQuerySchema } from '../../domain/schemas/admin';
import { eligibleEditors, listAdminProjects, listEditors, projectVideoTypes } from '../admin/project-admin-reads';
import type { AdminLinks } from '../admin/trace-links';
import { parseInput } from '../lib/validation';
import { requireRole } from '../middleware/auth';
import { loadProject } from '../projects/project-reads';

export interface AdminProjectRouteDeps {
  em: () => EntityManager;
  links: AdminLinks;
}

/**
 * Admin › Projets (reads): every project with its filters and pages, the editors for the filters,
 * and the editors a project may be assigned to by hand with their load. The assignment and the
 * cancellation themselves go through the project's workflow (routes/project-actions.ts).
 */
export function adminProjectRoutes(deps: AdminProjectRouteDeps): Router {
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/admin/projects', admin, async (ctx) => {
    const query = parseInput(ProjectListQuerySchema, ctx.query);
    ctx.body = await listAdminProjects(deps.em(), query, deps.links);
  });

  router.get('/api/admin/projects/filters', admin, async (ctx) => {
    const em = deps.em();
    const [editors, videoTypes] = await Promise.all([listEditors(em), projectVideoTypes(em)]);
    ctx.body = { editors, videoTypes };
  });

  router.get('/api/admin/projects/:projectId/eligible-editors', admin, async (ctx) => {
    const em = deps.em();
    const project = await loadProject(em, ctx.params.projectId);
    ctx.body = { editors: await eligibleEditors(em, project) };
  });

  return router;
}
