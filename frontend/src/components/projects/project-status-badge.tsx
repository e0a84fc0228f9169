import { projectStatusLabel } from '@domain/project-lifecycle';
import { cn } from '@/lib/utils';

/** Each status has its colour (000 §4); an unknown value is shown as is, in neutral grey. */
const STATUS_COLOURS: Record<string, string> = {
  brief_received: 'bg-slate-100 text-slate-800 ring-slate-300',
  waiting_for_editor: 'bg-amber-100 text-amber-900 ring-amber-300',
  assigned: 'bg-sky-100 text-sky-900 ring-sky-300',
  in_progress: 'bg-violet-100 text-violet-900 ring-violet-300',
  revision_requested: 'bg-orange-100 text-orange-900 ring-orange-300',
  completed: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  cancelled: 'bg-red-100 text-red-900 ring-red-300',
};

export function ProjectStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-testid="project-status"
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ring-1',
        STATUS_COLOURS[status] ?? 'bg-white text-slate-700 ring-slate-300',
        className,
      )}
    >
      {projectStatusLabel(status)}
    </span>
  );
}
