import { ADMIN_MESSAGES, WAITING_STATUSES, type AdminProjectRow } from '@domain/admin';
import { optionLabel, WIZARD_VIDEO_TYPES } from '@domain/brief-options';
import { PROJECT_STATUSES } from '@domain/enums';
import { projectStatusLabel, type AdminProjectChange } from '@domain/project-lifecycle';
import { ADDED_REVISIONS_MAX, AddRevisionsSchema, ChangeDeadlineSchema } from '@domain/schemas/admin';
import { todayIn } from '@domain/delivery';
import { CalendarClock, ListPlus, Search, SlidersHorizontal, UserPlus, UserRoundCog, XCircle } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ProjectStatusBadge } from '@/components/projects/project-status-badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  PAGE_SIZE,
  useAddRevisions,
  useAdminProjects,
  useAssignEditor,
  useCancelProject,
  useChangeDeadline,
  useEligibleEditors,
  useProjectFilterChoices,
  useReassignEditor,
  type ProjectFilters,
} from '../api/admin-projects';
import { ADMIN_NAMESPACE } from '../labels';
import {
  ConfirmDialog,
  FilterCheckbox,
  FilterSelect,
  Field,
  inputClass,
  PagedQueryState,
  ScrollTable,
  TableHead,
  td,
  TextField,
  WorkflowLink,
} from './shared';

const videoTypeLabel = (value: string | null) => (value ? optionLabel(WIZARD_VIDEO_TYPES, value) : '—');
const canCancel = (status: string) => status !== 'completed' && status !== 'cancelled';

/** Admin › Projets: every project, filtered and paginated on the server, with the admin's actions. */
export function ProjectsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const formId = useId();
  const [filters, setFilters] = useState<ProjectFilters>({ page: 1 });
  const [text, setText] = useState({ clientEmail: '', q: '' });
  const projects = useAdminProjects(filters);
  const choices = useProjectFilterChoices();
  const [assigning, setAssigning] = useState<AdminProjectRow | null>(null);
  const [cancelling, setCancelling] = useState<AdminProjectRow | null>(null);
  const [changing, setChanging] = useState<{ change: AdminProjectChange; project: AdminProjectRow } | null>(null);
  const onChange = (change: AdminProjectChange, project: AdminProjectRow) => setChanging({ change, project });
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    if (projects.isError) toast.error(ADMIN_MESSAGES.loadProjectsFailed, { id: 'admin-projects-load' });
  }, [projects.isError]);

  const set = (change: Partial<ProjectFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ clientEmail: text.clientEmail.trim() || undefined, q: text.q.trim() || undefined });
  };
  const reset = () => {
    setText({ clientEmail: '', q: '' });
    setFilters({ page: 1 });
  };

  return (
    <section aria-labelledby="admin-projects-title" className="space-y-5">
      <h2 id="admin-projects-title" className="sr-only">
        {t('tabs.projects')}
      </h2>
      <Button
        variant="outline"
        className="md:hidden"
        aria-expanded={filtersOpen}
        aria-controls={formId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {t('projects.filters')}
      </Button>
      <form
        id={formId}
        onSubmit={submit}
        aria-label={t('projects.filters')}
        className={cn(
          'gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 md:grid lg:grid-cols-4',
          filtersOpen ? 'grid' : 'hidden',
        )}
      >
        <FilterSelect
          label={t('projects.status')}
          value={filters.status ?? ''}
          onChange={(status) => set({ status: status || undefined })}
          options={PROJECT_STATUSES.map((status) => ({ value: status, label: projectStatusLabel(status) }))}
        />
        <FilterSelect
          label={t('projects.editor')}
          value={filters.editorId ?? ''}
          onChange={(editorId) => set({ editorId: editorId || undefined })}
          options={(choices.data?.editors ?? []).map((editor) => ({ value: editor.id, label: editor.name }))}
        />
        <FilterSelect
          label={t('projects.videoType')}
          value={filters.videoType ?? ''}
          onChange={(videoType) => set({ videoType: videoType || undefined })}
          options={(choices.data?.videoTypes ?? []).map((type) => ({ value: type, label: videoTypeLabel(type) }))}
        />
        <TextField
          label={t('projects.clientEmail')}
          type="search"
          value={text.clientEmail}
          onChange={(event) => setText((current) => ({ ...current, clientEmail: event.target.value }))}
        />
        <TextField
          label={t('projects.searchLabel')}
          type="search"
          className="sm:col-span-2"
          value={text.q}
          onChange={(event) => setText((current) => ({ ...current, q: event.target.value }))}
        />
        <div className="flex flex-wrap items-end gap-x-5 gap-y-2 sm:col-span-2">
          {(['overdue', 'waiting'] as const).map((flag) => (
            <FilterCheckbox
              key={flag}
              label={t(`projects.${flag}`)}
              checked={Boolean(filters[flag])}
              onChange={(checked) => set({ [flag]: checked })}
            />
          ))}
          <div className="ml-auto flex gap-2">
            <Button type="button" variant="ghost" onClick={reset}>
              {t('common.reset')}
            </Button>
            <Button type="submit">
              <Search aria-hidden="true" />
              {t('common.search')}
            </Button>
          </div>
        </div>
      </form>

      <PagedQueryState
        query={projects}
        pageSize={PAGE_SIZE}
        empty={t('projects.empty')}
        onPage={(next) => setFilters((current) => ({ ...current, page: next }))}
      >
        {(items) => (
          <>
            <ul className="flex flex-col gap-3 md:hidden" aria-label={t('projects.caption')}>
              {items.map((project) => (
                <li
                  key={project.id}
                  className="rounded-xl border border-slate-200 bg-white p-4"
                  data-testid="admin-project-card"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <Link
                        to={paths.project.getHref(project.id)}
                        className="font-medium text-slate-900 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
                      >
                        {project.title}
                      </Link>
                      <p className="text-xs font-medium text-slate-600 tabular-nums" data-testid="project-reference">
                        {project.reference}
                      </p>
                    </div>
                    <span className="shrink-0 text-sm font-medium whitespace-nowrap text-slate-800">
                      {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
                    </span>
                  </div>
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    <ProjectStatusBadge status={project.status} />
                    <OverdueBadge project={project} />
                  </div>
                  <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1 text-sm">
                    <dt className="text-slate-500">{t('projects.columns.client')}</dt>
                    <dd className="break-all text-slate-800">{project.clientEmail}</dd>
                    <dt className="text-slate-500">{t('projects.columns.editor')}</dt>
                    <dd className="text-slate-800">{project.editor?.name ?? t('projects.noEditor')}</dd>
                    <dt className="text-slate-500">{t('projects.columns.delivery')}</dt>
                    <dd className="text-slate-800">{formatDate(project.deliveryDate)}</dd>
                  </dl>
                  <AttentionNote project={project} className="mt-2" />
                  <div className="mt-3">
                    <ProjectActions
                      project={project}
                      onAssign={setAssigning}
                      onChange={onChange}
                      onCancel={setCancelling}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden md:block">
              <ScrollTable caption={t('projects.caption')} minWidth="60rem">
                <TableHead
                  labels={(['project', 'status', 'client', 'editor', 'delivery', 'price', 'actions'] as const).map(
                    (column) => t(`projects.columns.${column}`),
                  )}
                />
                <tbody>
                  {items.map((project) => (
                    <tr key={project.id} data-testid="admin-project-row" data-project-id={project.id}>
                      <td className={td}>
                        <Link
                          to={paths.project.getHref(project.id)}
                          aria-label={t('projects.openLabel', { title: project.title, reference: project.reference })}
                          className="font-medium text-slate-900 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
                        >
                          {project.title}
                        </Link>
                        <p className="mt-0.5 text-xs text-slate-500">
                          <span className="font-medium text-slate-600 tabular-nums" data-testid="project-reference">
                            {project.reference}
                          </span>{' '}
                          · {videoTypeLabel(project.videoType)} · {formatDate(project.createdAt)}
                        </p>
                        <AttentionNote project={project} className="mt-1" />
                      </td>
                      <td className={td}>
                        <div className="flex flex-col items-start gap-1">
                          <ProjectStatusBadge status={project.status} />
                          <OverdueBadge project={project} />
                        </div>
                      </td>
                      <td className={`${td} whitespace-nowrap`}>{project.clientEmail}</td>
                      <td className={td}>{project.editor?.name ?? t('projects.noEditor')}</td>
                      <td className={td}>{formatDate(project.deliveryDate)}</td>
                      <td className={`${td} whitespace-nowrap`}>
                        {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
                      </td>
                      <td className={td}>
                        <ProjectActions
                          project={project}
                          onAssign={setAssigning}
                          onChange={onChange}
                          onCancel={setCancelling}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            </div>
          </>
        )}
      </PagedQueryState>

      <AssignDialog project={assigning} onClose={() => setAssigning(null)} />
      <AssignDialog
        project={changing?.change === 'reassign' ? changing.project : null}
        reassign
        onClose={() => setChanging(null)}
      />
      <DeadlineDialog
        project={changing?.change === 'deadline' ? changing.project : null}
        onClose={() => setChanging(null)}
      />
      <RevisionsDialog
        project={changing?.change === 'addRevisions' ? changing.project : null}
        onClose={() => setChanging(null)}
      />
      <CancelDialog project={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}

/** « En retard » beside the status of a project past its delivery date. */
function OverdueBadge({ project }: { project: AdminProjectRow }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (!project.overdue) return null;
  return (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
      {t('projects.overdueBadge')}
    </span>
  );
}

/** What an admin has to look at on the project, if anything. */
function AttentionNote({ project, className }: { project: AdminProjectRow; className: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (!project.needsAttention) return null;
  return (
    <p className={cn('text-xs font-medium text-amber-800', className)}>
      {t('projects.attention', { message: project.needsAttention })}
    </p>
  );
}

const CHANGE_BUTTONS = {
  reassign: { icon: UserRoundCog, label: 'projects.reassign', aria: 'projects.reassignLabel' },
  deadline: { icon: CalendarClock, label: 'projects.deadline', aria: 'projects.deadlineLabel' },
  addRevisions: { icon: ListPlus, label: 'projects.revisions', aria: 'projects.revisionsLabel' },
} as const satisfies Record<AdminProjectChange, unknown>;

/**
 * A project's actions: assign while it waits; the changes the server says apply now (another
 * editor, another date, more revisions); cancel before it is done; its workflow in the Temporal UI.
 */
function ProjectActions({
  project,
  onAssign,
  onChange,
  onCancel,
}: {
  project: AdminProjectRow;
  onAssign: (project: AdminProjectRow) => void;
  onChange: (change: AdminProjectChange, project: AdminProjectRow) => void;
  onCancel: (project: AdminProjectRow) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {WAITING_STATUSES.includes(project.status) ? (
        <Button
          size="sm"
          aria-label={t('projects.assignLabel', { title: project.title })}
          onClick={() => onAssign(project)}
        >
          <UserPlus aria-hidden="true" />
          {t('projects.assign')}
        </Button>
      ) : null}
      {project.changes.map((change) => {
        const { icon: Icon, label, aria } = CHANGE_BUTTONS[change];
        return (
          <Button
            key={change}
            size="sm"
            variant="outline"
            aria-label={t(aria, { title: project.title })}
            onClick={() => onChange(change, project)}
          >
            <Icon aria-hidden="true" />
            {t(label)}
          </Button>
        );
      })}
      {canCancel(project.status) ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={t('projects.cancelLabel', { title: project.title })}
          onClick={() => onCancel(project)}
        >
          <XCircle aria-hidden="true" />
          {t('projects.cancel')}
        </Button>
      ) : null}
      <WorkflowLink url={project.workflowUrl} name={project.title} />
    </div>
  );
}

/**
 * The editors one may assign by hand (or give an assigned project to instead of its editor), with
 * their load; each button goes through the project's workflow.
 */
function AssignDialog({
  project,
  reassign = false,
  onClose,
}: {
  project: AdminProjectRow | null;
  reassign?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const editors = useEligibleEditors(project?.id ?? null);
  const assign = useAssignEditor();
  const reassignTo = useReassignEditor();
  const change = reassign ? reassignTo : assign;

  const choose = (editor: { id: string; name: string }) => {
    if (!project) return;
    change.mutate(
      { projectId: project.id, editorId: editor.id },
      {
        onSuccess: () => {
          toast.success(t(reassign ? 'projects.reassigned' : 'projects.assigned', { name: editor.name }));
          onClose();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <Dialog open={project !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogTitle>{t(reassign ? 'projects.reassignTitle' : 'projects.assignTitle')}</DialogTitle>
        <DialogDescription>
          {reassign
            ? t('projects.reassignText', { title: project?.title ?? '', editor: project?.editor?.name ?? '' })
            : t('projects.assignText', { title: project?.title ?? '' })}
        </DialogDescription>
        {editors.isPending ? (
          <div className="space-y-2" role="status" aria-label={t('common.loading')}>
            <Skeleton className="h-14 rounded-xl" />
            <Skeleton className="h-14 rounded-xl" />
          </div>
        ) : editors.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {editors.error.message}
          </p>
        ) : editors.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('projects.noEligible')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {editors.data.map((editor) => (
              <li
                key={editor.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{editor.name}</p>
                  <p className="text-xs text-slate-600">
                    {t('projects.load', { current: editor.current, max: editor.max })} ·{' '}
                    {editor.specialties.join(', ') || '—'}
                  </p>
                  {editor.matches ? (
                    <span className="mt-1 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      {t('projects.matches')}
                    </span>
                  ) : null}
                </div>
                <Button size="sm" disabled={change.isPending} onClick={() => choose(editor)}>
                  {t(reassign ? 'projects.reassignConfirm' : 'projects.assignConfirm', { name: editor.name })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Cancellation with an optional reason, after a confirmation. */
function CancelDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const cancel = useCancelProject();

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('projects.cancelTitle')}
      description={t('projects.cancelText', { title: project?.title ?? '' })}
      confirmLabel={t('projects.cancelConfirm')}
      cancelLabel={t('projects.keep')}
      pending={cancel.isPending}
      onConfirm={() => {
        if (!project) return;
        cancel.mutate(
          { projectId: project.id, reason: reason.trim() || undefined },
          {
            onSuccess: () => {
              toast.success(t('projects.cancelled'));
              close();
            },
            onError: (error) => toast.error(error.message),
          },
        );
      }}
    >
      <Field id={reasonId} label={t('projects.reason')}>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={1000}
          className={`${inputClass} h-auto py-2`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}

/** A dialog with one field: submitted with Enter or its button; a refusal is shown in it, in French. */
function ChangeDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The new planned delivery date, from tomorrow on (the server says the same). */
function DeadlineDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const fieldId = useId();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeDeadline();
  const tomorrow = useMemo(() => {
    const noon = new Date(`${todayIn()}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() + 1);
    return noon.toISOString().slice(0, 10);
  }, []);

  const close = () => {
    setDate('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!project) return;
    const parsed = ChangeDeadlineSchema.safeParse({ deliveryDate: date });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    change.mutate(
      { projectId: project.id, deliveryDate: parsed.data.deliveryDate },
      {
        onSuccess: () => {
          toast.success(t('projects.deadlineChanged', { date: formatDate(`${parsed.data.deliveryDate}T12:00:00Z`) }));
          close();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <ChangeDialog
      open={project !== null}
      onClose={close}
      title={t('projects.deadlineTitle')}
      description={t('projects.deadlineText', { title: project?.title ?? '', date: formatDate(project?.deliveryDate) })}
      confirmLabel={t('projects.deadlineConfirm')}
      pending={change.isPending}
      error={error}
      onSubmit={submit}
    >
      <Field id={fieldId} label={t('projects.deadlineField')}>
        <input
          id={fieldId}
          type="date"
          min={tomorrow}
          required
          className={inputClass}
          value={date}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDate(event.target.value)}
        />
      </Field>
    </ChangeDialog>
  );
}

/** Revisions added to the project's quota, 1 to `ADDED_REVISIONS_MAX` at a time. */
function RevisionsDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const fieldId = useId();
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const add = useAddRevisions();

  const close = () => {
    setCount('1');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!project) return;
    const parsed = AddRevisionsSchema.safeParse({ count: count.trim() === '' ? undefined : Number(count) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    add.mutate(
      { projectId: project.id, count: parsed.data.count },
      {
        onSuccess: ({ project: changed }) => {
          toast.success(t('projects.revisionsAdded', { count: parsed.data.count, max: changed.maxRevisions }));
          close();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <ChangeDialog
      open={project !== null}
      onClose={close}
      title={t('projects.revisionsTitle')}
      description={t('projects.revisionsText', {
        title: project?.title ?? '',
        count: project?.revisionCount ?? 0,
        max: project?.maxRevisions ?? 0,
      })}
      confirmLabel={t('projects.revisionsConfirm')}
      pending={add.isPending}
      error={error}
      onSubmit={submit}
    >
      <Field id={fieldId} label={t('projects.revisionsField')}>
        <input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={1}
          max={ADDED_REVISIONS_MAX}
          step={1}
          required
          className={inputClass}
          value={count}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setCount(event.target.value)}
        />
      </Field>
    </ChangeDialog>
  );
}
