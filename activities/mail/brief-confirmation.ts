import { briefAddressConfirmationHref } from '../../domain/address-confirmation';
import { formatMoney } from '../../domain/brief-estimate';
import {
  briefObjectiveText,
  briefVideoTypeText,
  optionLabel,
  SERVICE_CATEGORY_OPTIONS,
  VISUAL_COMPLEXITY_OPTIONS,
  WIZARD_DEADLINES,
  WIZARD_DELIVERY_FORMATS,
} from '../../domain/brief-options';
import { formatHours, formatMinutes, typedDurationMinutes } from '../../domain/format';
import { frenchDate, frenchWorkingDays } from '../../domain/schemas/brief';
import { BRIEF_CONFIRMATION_TEMPLATE } from '../../workflows/contracts/brief';
import type { EmailMessage } from '../../workflows/brief-activities';
import { resumePaymentUrl } from '../payments-mail';
import { escapeHtml, heading, layout, renderMjml, table } from './render';

/** What the confirmation e-mail says about a brief: the stored brief's own columns. */
export interface BriefConfirmationData {
  id: string;
  funnel: 'wizard' | 'full';
  email: string;
  videoType?: string | null;
  videoTypeCustom?: string | null;
  videoTypes: string[];
  objective?: string | null;
  objectiveCustom?: string | null;
  serviceCategory?: string | null;
  visualComplexity?: string | null;
  finalDurationMinutes?: number | null;
  /** The full form's typed length: only a bare number (minutes) is repeated. */
  desiredFinalDuration?: string | null;
  totalRushDurationMinutes?: number | null;
  deliveryFormats: string[];
  deadline?: string | null;
  desiredDeliveryDate?: Date | string | null;
  currency: string;
  estimatedHours?: number | null;
  estimatedDeliveryDays?: number | null;
  priceCents?: number | null;
  offerPriceCents?: number | null;
}

/** Promised in every confirmation (001 §9.6). */
const REPLY_WITHIN = '24 h';

/** The confirmation's link to the brief's payment page (valid while the brief awaits payment). */
const PAY_LABEL = 'Payer mon brief';

const formatMinutesOrNull = (minutes: number | null | undefined) => (minutes ? formatMinutes(minutes) : null);

function isoDate(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/**
 * The summary lines, label → value, leaving out what the client did not fill in. The address is
 * typed and not yet confirmed, so only chosen options and numbers are listed, never free text (the
 * project's name, an « Autre » answer): the receipt cannot relay a stranger's words.
 */
function briefSummaryLines(typedBrief: BriefConfirmationData): [string, string][] {
  const brief = { ...typedBrief, videoTypeCustom: null, objectiveCustom: null };
  const lines: [string, string | null | undefined][] = [
    ['Type de vidéo', briefVideoTypeText(brief)],
    ['Objectif', briefObjectiveText(brief)],
    [
      'Durée finale',
      formatMinutesOrNull(brief.finalDurationMinutes || typedDurationMinutes(brief.desiredFinalDuration)),
    ],
    ['Durée des rushs', formatMinutesOrNull(brief.totalRushDurationMinutes)],
    ['Catégorie', optionLabel(SERVICE_CATEGORY_OPTIONS, brief.serviceCategory)],
    ['Complexité visuelle', optionLabel(VISUAL_COMPLEXITY_OPTIONS, brief.visualComplexity)],
    ['Formats', brief.deliveryFormats.map((format) => optionLabel(WIZARD_DELIVERY_FORMATS, format)).join(', ')],
    ['Délai', optionLabel(WIZARD_DEADLINES, brief.deadline)],
    ['Date de livraison souhaitée', brief.desiredDeliveryDate ? frenchDate(isoDate(brief.desiredDeliveryDate)) : null],
  ];
  return lines.filter((line): line is [string, string] => Boolean(line[1]));
}

function estimateLines(brief: BriefConfirmationData): [string, string][] {
  const lines: [string, string][] = [];
  if (brief.estimatedHours != null) lines.push(['Temps de montage estimé', formatHours(brief.estimatedHours)]);
  if (brief.estimatedDeliveryDays != null) lines.push(['Délai estimé', frenchWorkingDays(brief.estimatedDeliveryDays)]);
  if (brief.priceCents != null) lines.push(['Prix estimé', formatMoney(brief.priceCents, brief.currency)]);
  if (brief.offerPriceCents != null && brief.priceCents != null && brief.offerPriceCents < brief.priceCents) {
    lines.push(['Avec l’offre de lancement (-30 %)', formatMoney(brief.offerPriceCents, brief.currency)]);
  }
  return lines;
}

/** The receipt's link that confirms a typed address (see domain/address-confirmation.ts). */
const CONFIRM_ADDRESS_LABEL = 'Confirmer mon adresse';
const CONFIRM_ADDRESS_TEXT =
  'Confirmez votre adresse e-mail pour recevoir nos rappels de paiement : sans confirmation, nous ne vous écrivons plus.';

/**
 * The French confirmation of a submitted brief: summary, estimate, reply within 24 h, next steps.
 * With `addressToken`, the address was only typed: the e-mail carries the link that confirms it.
 */
export async function briefConfirmationEmail(
  brief: BriefConfirmationData,
  appUrl: string,
  addressToken?: string,
): Promise<EmailMessage> {
  const reference = brief.id.slice(0, 8).toUpperCase();
  const subject = `Votre brief Rushflow est bien reçu (réf. ${reference})`;
  const summary = briefSummaryLines(brief);
  const estimate = estimateLines(brief);
  const payUrl = resumePaymentUrl(appUrl, brief.id);
  const confirmUrl = addressToken && `${appUrl.replace(/\/$/, '')}${briefAddressConfirmationHref(addressToken)}`;
  const nextSteps = [
    'Paiement sécurisé par carte, depuis le lien de cet e-mail, dans les 7 jours.',
    'Dès le paiement confirmé, votre projet est créé et un monteur dédié lui est assigné.',
    'Montage et livraison dans le délai convenu ; vous suivez tout depuis votre espace client.',
  ];
  const intro = `Nous avons bien reçu votre brief (référence ${reference}). Il ne manque que le paiement pour lancer votre montage.`;
  const question = `Une question ? Répondez simplement à cet e-mail : notre équipe vous répond sous ${REPLY_WITHIN}.`;

  const body = `
    <mj-section padding="16px 24px 0">
      <mj-column>
        ${heading('Merci, votre brief est bien reçu !')}
        <mj-text>Bonjour,<br />${escapeHtml(intro)}</mj-text>
        <mj-button href="${escapeHtml(payUrl)}" background-color="#6d28d9" border-radius="8px" font-weight="700" align="left">${PAY_LABEL}</mj-button>
        ${
          confirmUrl
            ? `<mj-text>${escapeHtml(CONFIRM_ADDRESS_TEXT)}</mj-text>
        <mj-button href="${escapeHtml(confirmUrl)}" background-color="#ffffff" color="#6d28d9" border="2px solid #6d28d9" border-radius="8px" font-weight="700" align="left">${CONFIRM_ADDRESS_LABEL}</mj-button>`
            : ''
        }
      </mj-column>
    </mj-section>
    <mj-section padding="0 24px">
      <mj-column>
        ${heading('Récapitulatif de votre brief', 2)}
        ${table(summary)}
      </mj-column>
    </mj-section>
    ${
      estimate.length > 0
        ? `<mj-section padding="0 24px">
      <mj-column background-color="#f5f3ff" border-radius="8px">
        ${heading('Votre estimation', 2)}
        ${table(estimate)}
        <mj-text font-size="12px" color="#475569" padding-top="0">Vous payez le prix estimé, ou celui de l’offre de lancement s’il reste une place au moment du paiement (10 premiers clients).</mj-text>
      </mj-column>
    </mj-section>`
        : ''
    }
    <mj-section padding="0 24px 16px">
      <mj-column>
        ${heading('Prochaines étapes', 2)}
        <mj-text><ol style="margin:0;padding-left:20px">${nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol></mj-text>
        <mj-text>${escapeHtml(question)}<br />L’équipe Rushflow</mj-text>
      </mj-column>
    </mj-section>`;

  const text = [
    'Merci, votre brief est bien reçu !',
    '',
    `Bonjour,`,
    intro,
    `${PAY_LABEL} : ${payUrl}`,
    ...(confirmUrl ? ['', CONFIRM_ADDRESS_TEXT, `${CONFIRM_ADDRESS_LABEL} : ${confirmUrl}`] : []),
    '',
    'Récapitulatif de votre brief',
    ...summary.map(([label, value]) => `- ${label} : ${value}`),
    ...(estimate.length > 0
      ? [
          '',
          'Votre estimation',
          ...estimate.map(([label, value]) => `- ${label} : ${value}`),
          'Vous payez le prix estimé, ou celui de l’offre de lancement s’il reste une place au moment du paiement (10 premiers clients).',
        ]
      : []),
    '',
    'Prochaines étapes',
    ...nextSteps.map((step, index) => `${index + 1}. ${step}`),
    '',
    question,
    'L’équipe Rushflow',
    appUrl,
  ].join('\n');

  return {
    template: BRIEF_CONFIRMATION_TEMPLATE,
    to: brief.email,
    subject,
    html: await renderMjml(
      layout({ preview: 'Il ne manque que le paiement pour lancer votre montage.', appUrl, body }),
    ),
    text,
  };
}
