import {
  ADMIN_CHANGE_MESSAGES,
  availableActions,
  availableAdminChanges,
  LIFECYCLE_MESSAGES,
  pendingActions,
  refusalOf,
  revisionWindowClosed,
  type AdminChangeAction,
  type ProjectFacts,
} from '../../domain/project-rules';

const now = new Date('2026-03-10T12:00:00Z');
const facts = (overrides: Partial<ProjectFacts>): ProjectFacts => ({
  status: 'completed',
  revisionCount: 0,
  maxRevisions: 3,
  revisionWindowEndsAt: '2026-03-12T12:00:00Z',
  approvedVersionNumber: null,
  openRevision: null,
  ...overrides,
});

describe('availableActions: requestRevision and the revision window', () => {
  it('offers a revision to the client while the window is open and revisions remain', () => {
    expect(availableActions(['client'], facts({}), now)).toEqual(['requestRevision']);
  });

  it('offers a revision when no window end is known yet (legacy row)', () => {
    expect(availableActions(['client'], facts({ revisionWindowEndsAt: null }), now)).toEqual(['requestRevision']);
  });

  it('hides the revision once the window has closed', () => {
    expect(availableActions(['client'], facts({ revisionWindowEndsAt: '2026-03-09T12:00:00Z' }), now)).toEqual([]);
    // The window's last instant counts as closed, like the workflow's check (now >= end).
    expect(availableActions(['client'], facts({ revisionWindowEndsAt: now.toISOString() }), now)).toEqual([]);
  });

  it('hides the revision once the maximum number of revisions is reached, window open or not', () => {
    expect(availableActions(['client'], facts({ revisionCount: 3 }), now)).toEqual([]);
    expect(refusalOf('requestRevision', ['client'], facts({ revisionCount: 3 }), now)).toEqual({
      kind: 'refused',
      message: LIFECYCLE_MESSAGES.revisionLimit,
    });
  });

  it('hides the revision once a version is approved, even inside the window', () => {
    expect(availableActions(['client'], facts({ approvedVersionNumber: 2 }), now)).toEqual([]);
    expect(refusalOf('requestRevision', ['client'], facts({ approvedVersionNumber: 2 }), now)?.message).toBe(
      LIFECYCLE_MESSAGES.revisionWindowClosed,
    );
  });

  it('never offers a revision to the editor', () => {
    expect(availableActions(['editor'], facts({}), now)).not.toContain('requestRevision');
  });

  it('revisionWindowClosed reads ISO strings, dates and milliseconds', () => {
    expect(revisionWindowClosed({ revisionWindowEndsAt: null }, now)).toBe(false);
    expect(revisionWindowClosed({ revisionWindowEndsAt: new Date('2026-03-10T11:59:59Z') }, now)).toBe(true);
    expect(revisionWindowClosed({ revisionWindowEndsAt: '2026-03-10T12:00:01Z' }, now)).toBe(false);
    expect(revisionWindowClosed({ revisionWindowEndsAt: now.getTime() }, now)).toBe(true);
  });
});

describe('the editor’s revision: « Commencer », then « Révision terminée » once a new version is uploaded', () => {
  const revising = (started: boolean, newVersionUploaded?: boolean) =>
    facts({ status: 'revision_requested', revisionCount: 1, openRevision: { started, newVersionUploaded } });

  it('offers « Commencer » alone while the revision is neither started nor answered by a new version', () => {
    expect(availableActions(['editor'], revising(false, false), now)).toEqual(['startRevision']);
    expect(pendingActions(['editor'], revising(false, false), now)).toEqual([
      { action: 'completeRevision', reason: LIFECYCLE_MESSAGES.revisionNeedsNewVersion },
    ]);
  });

  it('no longer offers « Commencer » once started; « Révision terminée » waits for the new version', () => {
    expect(availableActions(['editor'], revising(true, false), now)).toEqual([]);
    expect(refusalOf('startRevision', ['editor'], revising(true, false), now)).toEqual({
      kind: 'refused',
      message: LIFECYCLE_MESSAGES.revisionAlreadyStarted,
    });
    expect(refusalOf('completeRevision', ['editor'], revising(true, false), now)).toEqual({
      kind: 'pending',
      message: LIFECYCLE_MESSAGES.revisionNeedsNewVersion,
    });
  });

  it('offers « Révision terminée » once a version was uploaded since the request', () => {
    expect(availableActions(['editor'], revising(true, true), now)).toEqual(['completeRevision']);
    expect(pendingActions(['editor'], revising(true, true), now)).toEqual([]);
  });

  it('leaves the new-version check to the workflow’s activity when the caller cannot see uploads', () => {
    expect(refusalOf('completeRevision', ['editor'], revising(true), now)).toBeNull();
  });

  it('never offers the editor’s actions to the client or an admin, and says why', () => {
    expect(availableActions(['client'], revising(false, true), now)).toEqual([]);
    expect(availableActions(['admin'], revising(false, true), now)).toEqual(['cancel']);
    expect(refusalOf('completeRevision', ['client'], revising(true, true), now)).toEqual({
      kind: 'forbidden',
      message: 'Seul le monteur du projet peut faire cette action.',
    });
    expect(pendingActions(['client'], revising(true, false), now)).toEqual([]);
  });
});

describe('each status offers each party exactly its lifecycle actions', () => {
  const cases: [string, 'client' | 'editor' | 'admin', string[]][] = [
    ['brief_received', 'admin', ['cancel']],
    ['waiting_for_editor', 'editor', []],
    ['assigned', 'editor', ['start']],
    ['assigned', 'admin', ['cancel']],
    ['in_progress', 'editor', ['complete']],
    ['in_progress', 'client', []],
    ['completed', 'editor', []],
    ['completed', 'admin', []],
    ['cancelled', 'admin', []],
    ['cancelled', 'client', []],
  ];
  it.each(cases)('%s, %s → %j', (status, party, expected) => {
    expect(availableActions([party], facts({ status, revisionWindowEndsAt: null }), now)).toEqual(expected);
  });

  it('offers « Marquer comme terminé » once a final file is uploaded, shown disabled with the reason before', () => {
    const editing = (hasFinalFile?: boolean) =>
      facts({ status: 'in_progress', revisionWindowEndsAt: null, hasFinalFile });
    expect(availableActions(['editor'], editing(false), now)).toEqual([]);
    expect(pendingActions(['editor'], editing(false), now)).toEqual([
      { action: 'complete', reason: LIFECYCLE_MESSAGES.noFinalFile },
    ]);
    expect(availableActions(['editor'], editing(true), now)).toEqual(['complete']);
    // The workflow does not see uploads: its activity decides.
    expect(availableActions(['editor'], editing(undefined), now)).toEqual(['complete']);
  });

  it('names the status in French when the action does not apply to it', () => {
    expect(refusalOf('complete', ['editor'], facts({ status: 'assigned' }), now)).toEqual({
      kind: 'refused',
      message: 'Action impossible : le projet est « Assigné au monteur ».',
    });
  });
});

describe('the admin’s changes of a running project', () => {
  const adminRefusal = (action: AdminChangeAction, project: ProjectFacts, at: Date) =>
    refusalOf(action, ['admin'], project, at)?.message ?? null;

  it('reassigns an assigned or in-progress project only', () => {
    expect(availableAdminChanges(facts({ status: 'assigned', revisionWindowEndsAt: null }), now)).toEqual([
      'reassign',
      'deadline',
      'addRevisions',
    ]);
    expect(availableAdminChanges(facts({ status: 'in_progress', revisionWindowEndsAt: null }), now)).toContain(
      'reassign',
    );
    expect(adminRefusal('reassignEditor', facts({ status: 'waiting_for_editor' }), now)).toBe(
      ADMIN_CHANGE_MESSAGES.reassignWrongStatus,
    );
    expect(adminRefusal('reassignEditor', facts({ status: 'revision_requested' }), now)).toBe(
      ADMIN_CHANGE_MESSAGES.reassignWrongStatus,
    );
  });

  it('moves the planned delivery date until the first delivery', () => {
    expect(adminRefusal('changeDeadline', facts({ status: 'waiting_for_editor' }), now)).toBeNull();
    expect(adminRefusal('changeDeadline', facts({ status: 'completed' }), now)).toBe(
      ADMIN_CHANGE_MESSAGES.deadlineWrongStatus,
    );
  });

  it('adds revisions while they can still be asked for, never to a cancelled, approved or closed project', () => {
    expect(availableAdminChanges(facts({ status: 'completed' }), now)).toEqual(['addRevisions']);
    expect(adminRefusal('addRevisions', facts({ status: 'cancelled' }), now)).toBe(
      ADMIN_CHANGE_MESSAGES.revisionsWrongStatus,
    );
    expect(adminRefusal('addRevisions', facts({ approvedVersionNumber: 1 }), now)).toBe(
      LIFECYCLE_MESSAGES.revisionWindowClosed,
    );
    expect(adminRefusal('addRevisions', facts({ revisionWindowEndsAt: '2026-03-01T00:00:00Z' }), now)).toBe(
      LIFECYCLE_MESSAGES.revisionWindowClosed,
    );
  });
});
