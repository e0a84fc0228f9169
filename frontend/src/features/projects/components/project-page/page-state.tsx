import type { ReactNode } from 'react';

/** A whole-page message (not found, no access, failure) with what to do next. */
export function PageState({ title, hint, action }: { title: string; hint: string; action: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{hint}</p>
      {action}
    </div>
  );
}
