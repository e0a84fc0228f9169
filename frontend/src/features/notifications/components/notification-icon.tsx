import { Bell, BriefcaseBusiness, CircleCheckBig, RefreshCw, UserCheck, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The four types of 000 §3 have their own icon and colour; any other type gets the default bell. */
const TYPE_STYLES: Record<string, { icon: LucideIcon; colour: string }> = {
  project_assigned: { icon: UserCheck, colour: 'bg-violet-100 text-violet-700' },
  project_assigned_to_editor: { icon: BriefcaseBusiness, colour: 'bg-sky-100 text-sky-700' },
  project_completed: { icon: CircleCheckBig, colour: 'bg-emerald-100 text-emerald-700' },
  revision_requested: { icon: RefreshCw, colour: 'bg-amber-100 text-amber-800' },
};
const DEFAULT_STYLE = { icon: Bell, colour: 'bg-slate-100 text-slate-600' };

/** The icon of a notification type (the toast shows it bare). */
export function iconForType(type: string): LucideIcon {
  return (TYPE_STYLES[type] ?? DEFAULT_STYLE).icon;
}

/** The type's icon in its coloured disc (the bell's list). */
export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  const { icon: Icon, colour } = TYPE_STYLES[type] ?? DEFAULT_STYLE;
  return (
    <span
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', colour, className)}
      data-type={type in TYPE_STYLES ? type : 'default'}
      aria-hidden="true"
    >
      <Icon className="size-4" />
    </span>
  );
}
