import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { Project, StatusHistory } from '../api/db/entities';
import type { ProjectActivities } from '../workflows/project-activities';

export interface ProjectActivityDeps {
  orm: MikroORM;
}

/** Activities of projectWorkflow. */
export function createProjectActivities(deps: ProjectActivityDeps): ProjectActivities {
  return {
    async recordProjectStatus({ projectId, oldStatus, newStatus, comment }) {
      return deps.orm.em.fork().transactional(async (em) => {
        // The project's row lock makes "already recorded?" and the insert one step for concurrent retries.
        const project = await em.findOne(Project, { id: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!project) throw ApplicationFailure.nonRetryable(`Project ${projectId} not found`, 'ProjectNotFound');
        const recorded = await em.count(StatusHistory, { project: projectId, oldStatus, newStatus });
        if (recorded > 0) return { recordedNow: false };
        em.create(StatusHistory, { project, oldStatus, newStatus, comment: comment ?? null, changedBy: null, changerName: 'Rushflow' });
        project.status = newStatus;
        await em.flush();
        return { recordedNow: true };
      });
    },
  };
}
