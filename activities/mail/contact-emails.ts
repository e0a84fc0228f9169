import { createEvent } from 'ics';
import { callConfirmationHref } from '../../domain/call-confirmation';
import { CALL_DURATION_MINUTES, callSlotLabel, phoneNumberLabel } from '../../domain/contact';
import {
  CALL_BOOKING_CONFIRMATION_TEMPLATE,
  CALL_BOOKING_TEAM_TEMPLATE,
  CALL_BOOKING_VISITOR_TEMPLATE,
  CONTACT_ACKNOWLEDGEMENT_TEMPLATE,
  CONTACT_TEAM_TEMPLATE,
} from '../../workflows/contracts/contact';
import type { ContactEmails } from '../../workflows/contact-activities';
import type { EmailAttachment, EmailMessage } from '../../workflows/brief-activities';
import { escapedLines, escapeHtml, heading, layout, renderMjml, table } from './render';

/** A message from /contact, as stored. */
export interface ContactMailData {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  subject?: string | null;
  message: string;
}

/** A booked call, as stored. */
export interface CallMailData {
  id: string;
  startsAt: Date;
  endsAt: Date;
  name: string;
  email: string;
  /** E.164; null for a call booked before the form asked for it. */
  phone?: string | null;
  topic?: string | null;
}

/** Promised on the contact page and in every acknowledgement (000 §2, §9). */
const REPLY_WITHIN = '24 h';

interface Block {
  title: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  lines?: [string, string][];
  /** Free text typed by the visitor, quoted (escaped here, line breaks kept). */
  quote?: string;
  /** A button after the paragraphs (its address also written out in the text version). */
  action?: { label: string; href: string };
  footer: string;
}

async function render(block: Block, preview: string, appUrl: string): Promise<{ html: string; text: string }> {
  const body = `
    <mj-section padding="16px 24px">
      <mj-column>
        ${heading(block.title)}
        ${block.paragraphs.map((paragraph) => `<mj-text>${escapeHtml(paragraph)}</mj-text>`).join('\n')}
        ${block.action ? `<mj-button href="${escapeHtml(block.action.href)}" background-color="#6d28d9" border-radius="8px" font-weight="700" align="left">${escapeHtml(block.action.label)}</mj-button>` : ''}
        ${block.lines?.length ? table(block.lines) : ''}
        ${block.quote ? `<mj-text><div style="border-left:3px solid #c4b5fd;padding:4px 0 4px 12px;color:#334155">${escapedLines(block.quote)}</div></mj-text>` : ''}
        <mj-text>${escapeHtml(block.footer)}<br />L’équipe Rushflow</mj-text>
      </mj-column>
    </mj-section>`;
  const text = [
    block.title,
    '',
    ...block.paragraphs,
    ...(block.action ? [`${block.action.label} : ${block.action.href}`] : []),
    ...(block.lines ?? []).map(([label, value]) => `- ${label} : ${value}`),
    ...(block.quote ? ['', ...block.quote.split(/\r?\n/).map((line) => `> ${line}`)] : []),
    '',
    block.footer,
    'L’équipe Rushflow',
    appUrl,
  ].join('\n');
  return { html: await renderMjml(layout({ preview, appUrl, body })), text };
}

const fullName = (message: ContactMailData) => `${message.firstName} ${message.lastName}`;

/** The team's copy of a contact message: replying answers the visitor. */
export async function contactTeamEmail(
  message: ContactMailData,
  teamAddress: string,
  appUrl: string,
): Promise<EmailMessage> {
  const subject = `Message de contact : ${message.subject ?? 'sans sujet'} — ${fullName(message)}`;
  const rendered = await render(
    {
      title: 'Nouveau message depuis la page Contact',
      paragraphs: [`${fullName(message)} vous a écrit. Répondez directement à cet e-mail pour lui répondre.`],
      lines: [
        ['Nom', fullName(message)],
        ['E-mail', message.email],
        ['Sujet', message.subject ?? '—'],
      ],
      quote: message.message,
      footer: `Réponse promise au visiteur sous ${REPLY_WITHIN}.`,
    },
    `Message de ${fullName(message)}`,
    appUrl,
  );
  return { template: CONTACT_TEAM_TEMPLATE, to: teamAddress, subject, replyTo: message.email, ...rendered };
}

/**
 * The visitor's acknowledgement: received, reply within 24 h. Anyone may type any address on the
 * contact page, so it repeats nothing typed (name, subject, message): it cannot carry a stranger's text.
 */
export async function contactAcknowledgementEmail(
  message: Pick<ContactMailData, 'email'>,
  contactEmail: string,
  appUrl: string,
): Promise<EmailMessage> {
  const rendered = await render(
    {
      title: 'Nous avons bien reçu votre message',
      paragraphs: [
        'Bonjour,',
        `Merci de nous avoir écrit : notre équipe vous répond sous ${REPLY_WITHIN}.`,
        'Vous n’avez pas écrit à Rushflow ? Ignorez simplement cet e-mail.',
      ],
      footer: `Pour compléter votre demande, répondez simplement à cet e-mail ou écrivez à ${contactEmail}.`,
    },
    `Réponse sous ${REPLY_WITHIN}.`,
    appUrl,
  );
  return {
    template: CONTACT_ACKNOWLEDGEMENT_TEMPLATE,
    to: message.email,
    subject: 'Nous avons bien reçu votre message',
    replyTo: contactEmail,
    ...rendered,
  };
}

/**
 * The link that confirms a visitor's booking. Anyone may type any address, so it says only the slot
 * chosen from the list and the link: no name, number or topic typed in the form.
 */
export async function callBookingConfirmationEmail(
  call: Pick<CallMailData, 'email' | 'startsAt'>,
  token: string,
  appUrl: string,
): Promise<EmailMessage> {
  const when = callSlotLabel(call.startsAt.toISOString());
  const rendered = await render(
    {
      title: 'Confirmez votre appel',
      paragraphs: [
        'Bonjour,',
        `Un appel de ${CALL_DURATION_MINUTES} minutes avec Rushflow a été demandé ${when} (heure de Paris) avec cette adresse e-mail. Confirmez-le pour réserver le créneau :`,
      ],
      action: { label: 'Confirmer mon appel', href: `${appUrl.replace(/\/$/, '')}${callConfirmationHref(token)}` },
      footer: 'Vous n’avez rien demandé ? Ignorez cet e-mail : aucun appel ne sera réservé.',
    },
    `Confirmez votre appel ${when}.`,
    appUrl,
  );
  return {
    template: CALL_BOOKING_CONFIRMATION_TEMPLATE,
    to: call.email,
    subject: 'Confirmez votre appel avec Rushflow',
    ...rendered,
  };
}

/** Quotes and line breaks would end a calendar property early. */
const calendarName = (name: string) => name.replace(/["\r\n;:,\\]/g, ' ').trim() || 'Visiteur';

/** The `.ics` invitation of a booked call (UTC times, 15 minutes, both people listed). */
function invitation(call: CallMailData, teamAddress: string): EmailAttachment {
  const { error, value } = createEvent({
    uid: `${call.id}@rushflow`,
    method: 'REQUEST',
    productId: 'rushflow/contact',
    start: call.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: CALL_DURATION_MINUTES },
    title: `Appel Rushflow (${CALL_DURATION_MINUTES} min)`,
    description: [
      call.phone ? `Téléphone : ${phoneNumberLabel(call.phone)}` : null,
      call.topic ? `Sujet : ${call.topic}` : 'Échange de 15 minutes avec l’équipe Rushflow.',
    ]
      .filter(Boolean)
      .join('\n'),
    status: 'CONFIRMED',
    organizer: { name: 'Rushflow', email: teamAddress },
    attendees: [
      { name: calendarName(call.name), email: call.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' },
    ],
  });
  if (error || !value) throw new Error(`Calendar invitation not created: ${error?.message ?? 'empty'}`);
  return {
    filename: 'appel-rushflow.ics',
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    content: value,
  };
}

/** The team's and the visitor's e-mails of a booked call, both with the invitation. */
export async function callBookingEmails(
  call: CallMailData,
  teamAddress: string,
  appUrl: string,
): Promise<ContactEmails> {
  const when = callSlotLabel(call.startsAt.toISOString());
  const phone = call.phone ? phoneNumberLabel(call.phone) : null;
  const attachments = [invitation(call, teamAddress)];
  const lines: [string, string][] = [
    ['Date', `${when} (heure de Paris)`],
    ['Durée', `${CALL_DURATION_MINUTES} minutes`],
    ['Nom', call.name],
    ['E-mail', call.email],
  ];
  if (phone) lines.push(['Téléphone', phone]);
  const team = await render(
    {
      title: 'Un appel est réservé',
      paragraphs: [
        `${call.name} a réservé un appel de ${CALL_DURATION_MINUTES} minutes ${when}${phone ? ` : appelez le ${phone}` : ''}.`,
      ],
      lines,
      quote: call.topic ?? undefined,
      footer: 'L’invitation est jointe : ajoutez-la à votre agenda. Répondez à cet e-mail pour écrire au visiteur.',
    },
    `Appel ${when}`,
    appUrl,
  );
  const visitor = await render(
    {
      title: 'Votre appel est réservé',
      paragraphs: [
        `Bonjour ${call.name},`,
        `C’est noté : nous vous appelons ${when} (heure de Paris)${phone ? ` au ${phone}` : ''} pour un échange de ${CALL_DURATION_MINUTES} minutes.`,
      ],
      lines,
      quote: call.topic ?? undefined,
      footer: 'L’invitation est jointe : ajoutez-la à votre agenda. Un empêchement ? Répondez à cet e-mail.',
    },
    `Appel ${when}`,
    appUrl,
  );
  return {
    team: {
      template: CALL_BOOKING_TEAM_TEMPLATE,
      to: teamAddress,
      subject: `Appel réservé : ${call.name} — ${when}`,
      replyTo: call.email,
      attachments,
      ...team,
    },
    visitor: {
      template: CALL_BOOKING_VISITOR_TEMPLATE,
      to: call.email,
      subject: `Votre appel avec Rushflow : ${when}`,
      replyTo: teamAddress,
      attachments,
      ...visitor,
    },
  };
}
