import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { EDITOR_PROFILE_STATUSES } from '../../domain/enums';
import { check, createdAt, textList, updatedAt, userId } from './columns';

/**
 * An editor's profile (000 §3), keyed by the editor's Keycloak user id. Defaults from 000 §9:
 * 27 per hour, 4 concurrent projects, 09:00–18:00, Europe/Paris. The counters change with
 * assignment and completion, in the same transaction as the project.
 */
export const EditorProfile = defineEntity({
  name: 'EditorProfile',
  tableName: 'editor_profiles',
  properties: {
    userId: userId().primary(),
    firstName: p.text(),
    lastName: p.text(),
    /** youtube, tiktok, instagram, corporate, branding, general. */
    specialties: textList(),
    /** simple, moderate, complex, expert. */
    visualComplexityLevels: textList(),
    /** français, anglais, espagnol, italien, allemand. */
    languages: textList(),
    timezone: p.text().default('Europe/Paris'),
    /** numeric(8,2) read as a string ('27.00'); minimum 15, step 0.5. */
    hourlyRate: p.decimal().precision(8).scale(2).default(27),
    maxConcurrentProjects: p.integer().default(4),
    /** Projects assigned and not yet completed or cancelled. */
    currentProjectsCount: p.integer().default(0),
    /** Projects ever assigned. */
    totalProjectsCount: p.integer().default(0),
    completedProjectsCount: p.integer().default(0),
    status: p.enum([...EDITOR_PROFILE_STATUSES]).default('active'),
    /** Working hours, 'HH:MM' (time of day in `timezone`). */
    availabilityStart: p.string().columnType('time(0)').default('09:00:00'),
    availabilityEnd: p.string().columnType('time(0)').default('18:00:00'),
    bio: p.text().nullable(),
    portfolioLinks: textList(),
    /**
     * Set on the editor profile a /test run creates (its run id) and removed with it: real assignments,
     * lists and dashboards never see such rows, and the run's assignment sees only its own.
     */
    systemTestRun: p.uuid().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    check('editor_profiles', 'hourly_rate', 'hourly_rate >= 15'),
    check(
      'editor_profiles',
      'max_concurrent_projects',
      'max_concurrent_projects >= 1 and max_concurrent_projects <= 10',
    ),
    check('editor_profiles', 'current_projects_count', 'current_projects_count >= 0'),
    check('editor_profiles', 'total_projects_count', 'total_projects_count >= 0'),
    check('editor_profiles', 'completed_projects_count', 'completed_projects_count >= 0'),
  ],
});
export type EditorProfile = InferEntity<typeof EditorProfile>;
