import { PROOF_OF_WORK_CHALLENGE_PATH, PROOF_OF_WORK_HEADER, PROOF_OF_WORK_REQUIRED } from '@domain/proof-of-work';
import type {} from 'altcha/types/react';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/** The request headers carrying a solved challenge, when there is one. */
export const proofOfWorkHeaders = (payload?: string): Record<string, string> | undefined =>
  payload ? { [PROOF_OF_WORK_HEADER]: payload } : undefined;

const requested = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 428 &&
  (error.body as { code?: unknown } | undefined)?.code === PROOF_OF_WORK_REQUIRED;

/**
 * The ALTCHA widget, loaded only when shown (it defines a custom element, which the server-side
 * render has no use for): it fetches a challenge, solves it in the browser's workers at once and
 * hands its payload over. Its own texts follow the page's language.
 */
function ProofOfWorkCheck({ message, onSolved }: { message: string; onSolved: (payload: string) => void }) {
  const { i18n } = useTranslation();
  const widget = useRef<HTMLElement>(null);
  const solved = useRef(onSolved);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    solved.current = onSolved;
  }, [onSolved]);

  useEffect(() => {
    let current = true;
    // The widget with its translations.
    void import('altcha/i18n').then(() => {
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onVerified = (event: Event) => solved.current((event as CustomEvent<{ payload: string }>).detail.payload);
    element.addEventListener('verified', onVerified);
    return () => element.removeEventListener('verified', onVerified);
  }, [loaded]);

  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:col-span-2"
    >
      <p className="flex items-start gap-2">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      {loaded && (
        <altcha-widget
          ref={widget}
          challenge={PROOF_OF_WORK_CHALLENGE_PATH}
          auto="onload"
          language={i18n.language.startsWith('fr') ? 'fr-fr' : 'en'}
        />
      )}
    </div>
  );
}

/**
 * A form's anti-robot check, shown only once the api asked for one (428 `proof_of_work_required`,
 * past the form's soft threshold): `asked` keeps what was sent, `check` is the widget to place in
 * the form, and the solved challenge sends the same input again through `send`.
 */
export function useProofOfWork<Input>(send: (input: Input, proofOfWork: string) => void): {
  asked: (error: unknown, input: Input) => boolean;
  check: ReactNode;
} {
  const [pending, setPending] = useState<{ input: Input; message: string; attempt: number } | null>(null);
  return {
    asked(error, input) {
      if (!requested(error)) return false;
      setPending((previous) => ({ input, message: error.message, attempt: (previous?.attempt ?? 0) + 1 }));
      return true;
    },
    check: pending && (
      <ProofOfWorkCheck
        // A refused solution (expired, already used) gets a fresh widget and challenge.
        key={pending.attempt}
        message={pending.message}
        onSolved={(payload) => {
          setPending(null);
          send(pending.input, payload);
        }}
      />
    ),
  };
}
