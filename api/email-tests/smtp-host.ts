/** `smtp://user:secret@host:25` → `host:25`: the notes name the server, never its credentials. */
export function smtpHostOf(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return '—';
  }
}
