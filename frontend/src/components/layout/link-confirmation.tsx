import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/**
 * Sends the token of an e-mailed confirmation link (it rides in the fragment, never in a request
 * line) once per visit, even when React mounts the page twice in development.
 */
export function useConfirmFromLink<T>(confirm: UseMutationResult<T, Error, string>): void {
  const { hash } = useLocation();
  const sent = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(hash.replace(/^#/, ''));
  }, [mutate, hash]);
}

export interface LinkOutcome {
  icon: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
}

/** The page an e-mailed confirmation link opens: a spinner while it is checked, then its outcome. */
export function LinkConfirmationCard({
  metaTitle,
  pendingLabel,
  outcome,
}: {
  metaTitle: string;
  pendingLabel: string;
  outcome: LinkOutcome | null;
}) {
  return (
    <section className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <DocumentTitle title={metaTitle} />
      <Card>
        <CardContent className="p-6 sm:p-8">
          {outcome ? (
            <div className="flex flex-col items-center gap-4 text-center" role="status">
              {outcome.icon}
              <h1 className="text-2xl font-bold text-slate-900">{outcome.title}</h1>
              <p className="text-slate-600">{outcome.text}</p>
              <div className="mt-2 flex w-full flex-col justify-center gap-3 sm:flex-row">{outcome.actions}</div>
            </div>
          ) : (
            <Spinner label={pendingLabel} className="py-6" />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
