import { ADMIN_MESSAGES, APPLICATION_NOTES_MAX, inviteErrorMessage, type AdminApplicationView } from '@domain/admin';
import { EDITOR_APPLICATION_STATUSES } from '@domain/enums';
import { Mail, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useInviteApplicant, useUpdateApplication } from '../../api/admin-recruitment';
import { ADMIN_NAMESPACE } from '../../locales';
import { Field, inputClass } from '../form-field';
import { ApplicationAnswers } from './application-answers';
import { ApplicationSummary } from './application-summary';

const STATUS_COLOURS: Record<AdminApplicationView['status'], string> = {
  pending: 'bg-slate-100 text-slate-800 ring-slate-300',
  contacted: 'bg-sky-100 text-sky-900 ring-sky-300',
  approved: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

/** One application: who, its status and notes (saved on change), the invitation once approved, the answers. */
export function ApplicationCard({ application }: { application: AdminApplicationView }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const ids = { status: useId(), notes: useId() };
  const name = `${application.firstName} ${application.lastName}`.trim();
  const [notes, setNotes] = useState(application.adminNotes ?? '');
  const update = useUpdateApplication();
  const invite = useInviteApplicant();
  const invitedNote = useRef<HTMLParagraphElement>(null);
  const justInvited = useRef(false);

  // The list is the truth: a reload (after a failure, or another admin's change) resets the notes.
  useEffect(() => setNotes(application.adminNotes ?? ''), [application.adminNotes]);

  // The invitation button gives way to its date: the keyboard's focus goes on to that date, not to the page.
  useEffect(() => {
    if (!application.invitedAt || !justInvited.current) return;
    justInvited.current = false;
    invitedNote.current?.focus();
  }, [application.invitedAt]);

  const sendInvitation = () => {
    if (invite.isPending) return;
    invite.mutate(application.id, {
      onSuccess: (result) => {
        justInvited.current = true;
        toast.success(result.message);
        if (result.warning) toast.error(result.warning);
      },
      onError: (failure) =>
        toast.error(ADMIN_MESSAGES.inviteToastFailed, {
          description: inviteErrorMessage(failure instanceof ApiError ? failure.status : undefined, failure.message),
        }),
    });
  };

  const save = (change: { status?: AdminApplicationView['status']; adminNotes?: string | null }) =>
    update.mutate(
      { id: application.id, ...change },
      {
        onSuccess: () => toast.success(t('recruitment.saved')),
        // 000 §4: on an update failure the list is reloaded (the mutation refetches it when it settles).
        onError: (error) => toast.error(ADMIN_MESSAGES.statusUpdateFailed, { description: error.message }),
      },
    );

  const shownStatus = update.isPending && update.variables?.status ? update.variables.status : application.status;

  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="application-card"
      data-email={application.email}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {application.photoUrl ? (
          <img
            src={application.photoUrl}
            alt={t('recruitment.photo', { name })}
            className="size-16 shrink-0 rounded-full object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span className="grid size-16 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-400">
            <UserRound className="size-7" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
                STATUS_COLOURS[application.status],
              )}
            >
              {t(`recruitment.statuses.${application.status}`)}
            </span>
          </div>
          <p className="text-sm break-all text-slate-600">{application.email}</p>
          <ApplicationSummary application={application} />
          <p className="text-xs text-slate-500">
            {t('recruitment.received', { date: formatDateTime(application.createdAt) })}
            {application.reviewedAt
              ? ` · ${t('recruitment.reviewed', { who: application.reviewedByName ?? '—', date: formatDateTime(application.reviewedAt) })}`
              : ''}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:w-56">
          <Field id={ids.status} label={t('recruitment.status')}>
            <select
              id={ids.status}
              className={inputClass}
              value={shownStatus}
              // Busy rather than disabled while saving: a disabled select would drop the keyboard's focus.
              aria-busy={update.isPending}
              onChange={(event) => {
                if (!update.isPending) save({ status: event.target.value as AdminApplicationView['status'] });
              }}
            >
              {EDITOR_APPLICATION_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`recruitment.statuses.${value}`)}
                </option>
              ))}
            </select>
          </Field>
          {application.invitedAt ? (
            <p ref={invitedNote} tabIndex={-1} className="rounded text-sm font-medium text-emerald-800">
              {t('recruitment.invited', { date: formatDate(application.invitedAt) })}
            </p>
          ) : application.status === 'approved' ? (
            // Marked busy, not disabled, while sending: a disabled button would drop the keyboard's focus.
            <Button aria-disabled={invite.isPending} className="aria-disabled:opacity-60" onClick={sendInvitation}>
              <Mail aria-hidden="true" />
              {t('recruitment.invite')}
            </Button>
          ) : null}
        </div>
      </div>

      <form
        className="mt-4 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save({ adminNotes: notes.trim() || null });
        }}
      >
        <Field id={ids.notes} label={t('recruitment.notes')}>
          <textarea
            id={ids.notes}
            rows={2}
            maxLength={APPLICATION_NOTES_MAX}
            className={`${inputClass} h-auto py-2`}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Field>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="self-start"
          disabled={update.isPending || notes === (application.adminNotes ?? '')}
        >
          {t('recruitment.saveNotes')}
        </Button>
      </form>

      <details className="group mt-4 rounded-xl bg-slate-50 p-3 [&_summary]:cursor-pointer">
        <summary className="rounded text-sm font-medium text-violet-800 outline-none focus-visible:ring-2 focus-visible:ring-violet-600">
          {t('recruitment.details')}
        </summary>
        <ApplicationAnswers application={application} />
      </details>
    </li>
  );
}
