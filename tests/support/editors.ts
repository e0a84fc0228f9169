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
