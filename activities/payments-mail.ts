import { formatMoney } from '../domain/brief-estimate';
import { briefTitle } from '../domain/brief-options';
import { briefPaymentPath, briefReference } from '../domain/payments';
import { frenchDate } from '../domain/schemas/brief';
import {
  BRIEF_EXPIRED_TEMPLATE,
  PAYMENT_RECEIPT_TEMPLATE,
  PAYMENT_REMINDER_TEMPLATE,
} from '../workflows/contracts/brief';
import type { EmailMessage } from '../workflows/brief-activities';
import { escapeHtml, heading, layout, renderMjml } from './mail/render';

/** What the payment e-mails say about a brief. */
export interface PaymentMailBrief {
  id: string;
  email: string;
  projectName?: string | null;
  videoType?: string | null;
  videoTypes: string[];
  currency: string;
  priceCents?: number | null;
  offerPriceCents?: number | null;
}

/** Where the client pays a brief later (its confirmation's and reminders' link). */
export function resumePaymentUrl(appUrl: string, briefId: string): string {
  return `${appUrl.replace(/\/$/, '')}${briefPaymentPath(briefId)}`;
}

function button(href: string, label: string): string {
  return `<mj-button href="${escapeHtml(href)}" background-color="#6d28d9" border-radius="8px" font-weight="700">${escapeHtml(label)}</mj-button>`;
}

export function section(title: string, paragraphs: string[], action?: { href: string; label: string }): string {
  return `
    <mj-section padding="16px 24px">
      <mj-column>
        ${heading(title)}
        ${paragraphs.map((paragraph) => `<mj-text>${paragraph}</mj-text>`).join('\n')}
        ${action ? button(action.href, action.label) : ''}
        <mj-text>L’équipe Rushflow</mj-text>
      </mj-column>
    </mj-section>`;
}

function priceSentence(brief: PaymentMailBrief): string {
  if (brief.priceCents == null) return '';
  const full = formatMoney(brief.priceCents, brief.currency);
  if (brief.offerPriceCents != null && brief.offerPriceCents < brief.priceCents) {
    return ` Montant : ${full}, ou ${formatMoney(brief.offerPriceCents, brief.currency)} avec l’offre de lancement (-30 %) tant qu’il reste des places.`;
  }
  return ` Montant : ${full}.`;
}

/** 24 h (`reminder` 1) and 72 h (2) after the submission, while the brief is unpaid. */
export async function paymentReminderEmail(
  brief: PaymentMailBrief,
  reminder: number,
  appUrl: string,
): Promise<EmailMessage> {
  const reference = briefReference(brief.id);
  const link = resumePaymentUrl(appUrl, brief.id);
  const title = briefTitle(brief);
  const subject =
    reminder === 1
      ? `Votre brief « ${title} » attend son paiement (réf. ${reference})`
      : `Dernier rappel : finalisez le paiement de votre brief (réf. ${reference})`;
  const lines = [
    `Bonjour,`,
    `Votre brief « ${title} » (référence ${reference}) est prêt : il ne manque que le paiement pour lancer le montage.${priceSentence(brief)}`,
    `Sans paiement, le brief expire 7 jours après son envoi.`,
  ];
  return {
    template: PAYMENT_REMINDER_TEMPLATE,
    to: brief.email,
    subject,
    html: await renderMjml(
      layout({
        preview: 'Finalisez le paiement pour lancer votre montage.',
        appUrl,
        body: section('Votre montage n’attend plus que vous', lines.map(escapeHtml), {
          href: link,
          label: 'Reprendre le paiement',
        }),
      }),
    ),
    text: [...lines, '', `Reprendre le paiement : ${link}`, '', 'L’équipe Rushflow'].join('\n'),
  };
}

/** Sent when the payment window closed without a payment. */
export async function briefExpiredEmail(brief: PaymentMailBrief, appUrl: string): Promise<EmailMessage> {
  const reference = briefReference(brief.id);
  const newBrief = `${appUrl.replace(/\/$/, '')}/brief`;
  const lines = [
    'Bonjour,',
    `Votre brief « ${briefTitle(brief)} » (référence ${reference}) n’a pas été payé dans les 7 jours : il a expiré et aucun montant n’a été débité.`,
    'Vous pouvez envoyer un nouveau brief à tout moment.',
  ];
  return {
    template: BRIEF_EXPIRED_TEMPLATE,
    to: brief.email,
    subject: `Votre brief Rushflow a expiré (réf. ${reference})`,
    html: await renderMjml(
      layout({
        preview: 'Aucun montant n’a été débité.',
        appUrl,
        body: section('Votre brief a expiré', lines.map(escapeHtml), {
          href: newBrief,
          label: 'Envoyer un nouveau brief',
        }),
      }),
    ),
    text: [...lines, '', `Nouveau brief : ${newBrief}`, '', 'L’équipe Rushflow'].join('\n'),
  };
}

export interface ReceiptDetails {
  projectId: string;
  title: string;
  email: string;
  amountPaidCents: number;
  currency: string;
  /** Full price before the offer, when the launch offer applied. */
  fullPriceCents?: number | null;
  launchOfferApplied: boolean;
  /** YYYY-MM-DD. */
  plannedDeliveryDate?: string | null;
  /** The project's reference (`RF-2026-0042`). */
  reference: string;
}

/** The receipt: amount, launch offer, planned delivery and the link to the project page. */
export async function paymentReceiptEmail(details: ReceiptDetails, appUrl: string): Promise<EmailMessage> {
  const { reference } = details;
  const projectUrl = `${appUrl.replace(/\/$/, '')}/project/${details.projectId}`;
  const paid = formatMoney(details.amountPaidCents, details.currency);
  const lines = [
    'Bonjour,',
    `Nous avons bien reçu votre paiement de ${paid} pour « ${details.title} » (référence ${reference}). Votre projet est créé.`,
    ...(details.launchOfferApplied && details.fullPriceCents
      ? [
          `Offre de lancement appliquée : -30 % sur ${formatMoney(details.fullPriceCents, details.currency)}, soit ${formatMoney(details.fullPriceCents - details.amountPaidCents, details.currency)} d’économie.`,
        ]
      : []),
    ...(details.plannedDeliveryDate ? [`Livraison prévue : ${frenchDate(details.plannedDeliveryDate)}.`] : []),
    'Un monteur dédié va être assigné à votre projet ; vous suivez chaque étape depuis votre espace client.',
  ];
  return {
    template: PAYMENT_RECEIPT_TEMPLATE,
    to: details.email,
    subject: `Paiement confirmé : ${paid} (réf. ${reference})`,
    html: await renderMjml(
      layout({
        preview: `Paiement de ${paid} reçu, votre projet est créé.`,
        appUrl,
        body: section('Paiement confirmé !', lines.map(escapeHtml), { href: projectUrl, label: 'Voir mon projet' }),
      }),
    ),
    text: [...lines, '', `Votre projet : ${projectUrl}`, '', 'L’équipe Rushflow'].join('\n'),
  };
}
