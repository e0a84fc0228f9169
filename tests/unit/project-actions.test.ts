import { availableActions, revisionWindowClosed } from '../../domain/projects';

describe('availableActions: requestRevision and the revision window', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const delivered = (overrides: {
    revisionCount?: number;
    maxRevisions?: number;
    revisionWindowEndsAt?: string | null;
  }) => ({
    status: 'completed',
    revisionCount: 0,
    maxRevisions: 3,
    revisionWindowEndsAt: '2026-03-12T12:00:00Z',
    ...overrides,
  });

  it('offers a revision to the client while the window is open and revisions remain', () => {
    expect(availableActions(['client'], delivered({}), now)).toEqual(['requestRevision']);
  });

  it('offers a revision when no window end is known yet (legacy row)', () => {
    expect(availableActions(['client'], delivered({ revisionWindowEndsAt: null }), now)).toEqual(['requestRevision']);
  });

  it('hides the revision once the window has closed', () => {
    expect(availableActions(['client'], delivered({ revisionWindowEndsAt: '2026-03-09T12:00:00Z' }), now)).toEqual([]);
    // The window's last instant counts as closed, like the workflow's check (now >= end).
    expect(availableActions(['client'], delivered({ revisionWindowEndsAt: now.toISOString() }), now)).toEqual([]);
  });

  it('hides the revision once the maximum number of revisions is reached, window open or not', () => {
    expect(availableActions(['client'], delivered({ revisionCount: 3 }), now)).toEqual([]);
    expect(
      availableActions(['client'], delivered({ revisionCount: 3, revisionWindowEndsAt: '2026-03-01T00:00:00Z' }), now),
    ).toEqual([]);
  });

  it('never offers a revision to the editor', () => {
    expect(availableActions(['editor'], delivered({}), now)).not.toContain('requestRevision');
  });

  it('revisionWindowClosed reads ISO strings and dates', () => {
    expect(revisionWindowClosed({ revisionWindowEndsAt: null }, now)).toBe(false);
    expect(revisionWindowClosed({ revisionWindowEndsAt: new Date('2026-03-10T11:59:59Z') }, now)).toBe(true);
    expect(revisionWindowClosed({ revisionWindowEndsAt: '2026-03-10T12:00:01Z' }, now)).toBe(false);
  });
});
