import type { EntityManager } from '@mikro-orm/postgresql';
import { EditorProfile } from '../../db/entities';

/**
 * Suites that run earlier on the same stack leave other active editors behind; a test that needs
 * its own editors (the demo editor, say) to get the next assignments sets the others on vacation,
 * then puts them back.
 */
export async function setOtherEditorsAside(
  em: EntityManager,
  keepUserIds: string | readonly string[],
): Promise<() => Promise<void>> {
  const kept = typeof keepUserIds === 'string' ? [keepUserIds] : [...keepUserIds];
  const others = await em.find(EditorProfile, { status: 'active', userId: { $nin: kept } });
  const userIds = others.map((profile) => profile.userId);
  if (userIds.length) await em.nativeUpdate(EditorProfile, { userId: { $in: userIds } }, { status: 'vacation' });
  return async () => {
    if (userIds.length) await em.fork().nativeUpdate(EditorProfile, { userId: { $in: userIds } }, { status: 'active' });
  };
}

/**
 * The demo editor as the only active editor, taking every video type with room for the test's
 * projects, so the next assignment is theirs; answers what puts the others back.
 */
export async function demoEditorTakesEverything(em: EntityManager, editorId: string): Promise<() => Promise<void>> {
  await em.fork().upsert(EditorProfile, {
    userId: editorId,
    firstName: 'Démo',
    lastName: 'Monteur',
    specialties: ['general'],
    visualComplexityLevels: ['simple', 'moderate', 'complex', 'expert'],
    languages: ['français'],
    maxConcurrentProjects: 10,
    currentProjectsCount: 0,
    status: 'active',
  });
  return setOtherEditorsAside(em.fork(), editorId);
}
