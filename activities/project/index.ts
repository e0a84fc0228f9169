import type { ProjectActivities } from '../../workflows/project-activities';
import { createAssignmentActivities } from './assignment';
import type { ProjectActivityDeps } from './deps';
import { createProjectEmailActivities } from './emails';
import { createProjectFileActivities } from './files';
import { createLegacyTransitionActivities } from './legacy-transition';
import { createNotifyActivity, createProjectNotices } from './notices';
import { createTransitionActivities } from './transitions';

export type { DeleteObject, ProjectActivityDeps, UserDirectory } from './deps';

/** Activities of projectWorkflow; every write is idempotent (run twice, one effect). */
export function createProjectActivities(deps: ProjectActivityDeps): ProjectActivities {
  const notices = createProjectNotices(deps);
  return {
    ...createAssignmentActivities(deps, notices),
    ...createTransitionActivities(deps, notices),
    ...createLegacyTransitionActivities(deps, notices),
    ...createNotifyActivity(deps, notices),
    ...createProjectEmailActivities(deps),
    ...createProjectFileActivities(deps),
  };
}
