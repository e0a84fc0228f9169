import type { EntityManager } from '@mikro-orm/postgresql';
import { EditorProfile } from '../../db/entities';

/**
 * Suites that run earlier on the same stack leave other active editors behind; a test that needs
 * the demo editor to get the next assignment sets them on vacation, then puts them back.
 */
export async function setOtherEditorsAside(em: EntityManager, keepUserId: string): Promise<() => Promise<void>> {
  const others = await em.find(EditorProfile, { status: 'active', userId: { $ne: keepUserId } });
  const userIds = others.map((profile) => profile.userId);
  if (userIds.length) await em.nativeUpdate(EditorProfile, { userId: { $in: userIds } }, { status: 'vacation' });
  return async () => {
    if (userIds.length) await em.fork().nativeUpdate(EditorProfile, { userId: { $in: userIds } }, { status: 'active' });
  };
}
