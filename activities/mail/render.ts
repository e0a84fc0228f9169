import mjml2html from 'mjml';

/** Characters that would break out of the text of an e-mail's HTML. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A label → value table (both escaped here). Each label is its row's header, so a screen reader
 * reads « Prix estimé, 450,00 € » rather than two loose cells.
 */
export function table(lines: [string, string][]): string {
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="padding:6px 12px 6px 0;color:#475569;font-weight:400;text-align:left;vertical-align:top">${escapeHtml(label)}</th><td style="padding:6px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<mj-table font-size="14px" color="#1e293b">${rows}</mj-table>`;
}

/**
 * The e-mail's title (level 1, one per e-mail) or a section's (level 2), escaped here: a real
 * heading, so a screen reader can list and jump to it.
 */
export function heading(text: string, level: 1 | 2 = 1): string {
  const size = level === 1 ? '20px' : '16px';
  return `<mj-text${level === 2 ? ' padding-bottom="0"' : ''}><h${level} style="margin:0;font-size:${size};line-height:1.3;font-weight:700">${escapeHtml(text)}</h${level}></mj-text>`;
}

/** Free text typed by someone, escaped, its line breaks kept. */
export function escapedLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br />');
}

/**
 * MJML → HTML. A template error is a bug, so it fails loudly instead of sending a broken e-mail.
 * (mjml 4 renders synchronously while its typings announce mjml 5's promise: awaiting covers both.)
 */
export async function renderMjml(source: string): Promise<string> {
  const { html, errors } = await Promise.resolve(mjml2html(source, { validationLevel: 'strict', keepComments: false }));
  if (errors.length > 0)
    throw new Error(`Invalid e-mail template: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return html;
}

export interface LayoutOptions {
  /** Shown by mail clients next to the subject. */
  preview: string;
  appUrl: string;
  /** MJML body sections (already escaped). */
  body: string;
}

/** The Rushflow frame every e-mail shares: header, white card, footer with the site's address. */
export function layout({ preview, appUrl, body }: LayoutOptions): string {
  return `<mjml lang="fr">
  <mj-head>
    <mj-title>Rushflow</mj-title>
    <mj-preview>${escapeHtml(preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#1e293b" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f5f9">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="22px" font-weight="700" color="#6d28d9">Rushflow</mj-text>
      </mj-column>
    </mj-section>
    <mj-wrapper background-color="#ffffff" border-radius="12px" padding="8px 0">
      ${body}
    </mj-wrapper>
    <mj-section>
      <mj-column>
        <mj-text align="center" font-size="12px" color="#475569">
          Rushflow — montage vidéo en ligne · <a href="${escapeHtml(appUrl)}" style="color:#6d28d9">${escapeHtml(appUrl.replace(/^https?:\/\//, ''))}</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}
