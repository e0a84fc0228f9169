import { useEffect, useRef, useState } from 'react';

/**
 * A visually hidden polite live region that says `message` to screen readers once it has stopped
 * changing for `settleMs`, and only after a change: what the page showed when it opened is read
 * with the page, and a value that changes at every keystroke is said once, when it settles.
 */
export function LiveAnnouncement({ message, settleMs = 0 }: { message: string; settleMs?: number }) {
  const initial = useRef(message);
  const [spoken, setSpoken] = useState('');

  useEffect(() => {
    if (message === initial.current) return;
    initial.current = '';
    const timer = setTimeout(() => setSpoken(message), settleMs);
    return () => clearTimeout(timer);
  }, [message, settleMs]);

  return (
    <p role="status" className="sr-only" data-testid="live-announcement">
      {spoken}
    </p>
  );
}
