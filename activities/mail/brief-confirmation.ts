import { formatMoney } from '../../domain/brief-estimate';
import {
  optionLabel,
  SERVICE_CATEGORY_OPTIONS,
  VISUAL_COMPLEXITY_OPTIONS,
  WIZARD_DEADLINES,
  WIZARD_DELIVERY_FORMATS,
  WIZARD_OBJECTIVES,
  FULL_OBJECTIVES,
  WIZARD_VIDEO_TYPES,
} from '../../domain/brief-options';
import { frenchDate } from '../../domain/schemas/brief';
import { BRIEF_CONFIRMATION_TEMPLATE } from '../../workflows/contracts/brief';
import type { EmailMessage } from '../../workflows/brief-activities';
import { escapeHtml, layout, renderMjml, table } from './render';

/** What the confirmation e-mail says about a brief: the stored brief's own columns. */
export interface BriefConfirmationData {
  id: string;
  funnel: 'wizard' | 'full';
  email: string;
  projectName?: string | null;
  videoType?: string | null;
  videoTypeCustom?: string | null;
  videoTypes: string[];
  objective?: string | null;
  objectiveCustom?: string | null;
  serviceCategory?: string | null;
  visualComplexity?: string | null;
  finalDurationMinutes?: number | null;
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

function minutes(value: number): string {
  return `${value.toLocaleString('fr-FR')} min`;
}

function isoDate(value: Date | string): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** The summary lines, label → value, leaving out what the client did not fill in. */
function briefSummaryLines(brief: BriefConfirmationData): [string, string][] {
  const videoType =
    brief.funnel === 'wizard'
      ? brief.videoType === 'autre' && brief.videoTypeCustom
        ? brief.videoTypeCustom
        : optionLabel(WIZARD_VIDEO_TYPES, brief.videoType)
      : [
          ...brief.videoTypes.filter((type) => type !== 'Autre'),
          ...(brief.videoTypeCustom ? [brief.videoTypeCustom] : []),
        ].join(', ');
  const objective =
    brief.objective === 'autre' && brief.objectiveCustom
      ? brief.objectiveCustom
      : optionLabel(brief.funnel === 'wizard' ? WIZARD_OBJECTIVES : FULL_OBJECTIVES, brief.objective);
  const lines: [string, string | null | undefined][] = [
    ['Projet', brief.projectName],
    ['Type de vidéo', videoType],
    ['Objectif', objective],
    ['Durée finale', brief.finalDurationMinutes ? minutes(brief.finalDurationMinutes) : brief.desiredFinalDuration],
    ['Durée des rushs', brief.totalRushDurationMinutes ? minutes(brief.totalRushDurationMinutes) : null],
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
  if (brief.estimatedHours != null)
    lines.push(['Temps de montage estimé', `${brief.estimatedHours.toLocaleString('fr-FR')} h`]);
  if (brief.estimatedDeliveryDays != null) lines.push(['Délai estimé', `${brief.estimatedDeliveryDays} jours ouvrés`]);
  if (brief.priceCents != null) lines.push(['Prix estimé', formatMoney(brief.priceCents, brief.currency)]);
  if (brief.offerPriceCents != null && brief.priceCents != null && brief.offerPriceCents < brief.priceCents) {
    lines.push(['Avec l’offre de lancement (-30 %)', formatMoney(brief.offerPriceCents, brief.currency)]);
  }
  return lines;
}

/** The French confirmation of a submitted brief: summary, estimate, reply within 24 h, next steps. */
export async function briefConfirmationEmail(brief: BriefConfirmationData, appUrl: string): Promise<EmailMessage> {
  const reference = brief.id.slice(0, 8).toUpperCase();
  const subject = `Votre brief Rushflow est bien reçu (réf. ${reference})`;
  const summary = briefSummaryLines(brief);
  const estimate = estimateLines(brief);
  const nextSteps = [
    `Analyse de votre brief par notre équipe : réponse sous ${REPLY_WITHIN} avec une proposition sur mesure.`,
    'Validation du devis et paiement sécurisé par carte.',
    'Montage par votre monteur dédié et livraison dans le délai convenu.',
  ];

  const body = `
    <mj-section padding="16px 24px 0">
      <mj-column>
        <mj-text font-size="20px" font-weight="700">Merci, votre brief est bien reçu !</mj-text>
        <mj-text>Bonjour,<br />Nous avons bien reçu votre brief (référence <strong>${reference}</strong>). Notre équipe l’étudie et vous répond <strong>sous ${REPLY_WITHIN}</strong> avec une proposition adaptée à votre projet.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="0 24px">
      <mj-column>
        <mj-text font-size="16px" font-weight="700" padding-bottom="0">Récapitulatif de votre brief</mj-text>
        ${table(summary)}
      </mj-column>
    </mj-section>
    ${
      estimate.length > 0
        ? `<mj-section padding="0 24px">
      <mj-column background-color="#f5f3ff" border-radius="8px">
        <mj-text font-size="16px" font-weight="700" padding-bottom="0">Votre estimation</mj-text>
        ${table(estimate)}
        <mj-text font-size="12px" color="#64748b" padding-top="0">Estimation indicative, confirmée dans notre proposition. L’offre de lancement s’applique aux 10 premiers clients.</mj-text>
      </mj-column>
    </mj-section>`
        : ''
    }
    <mj-section padding="0 24px 16px">
      <mj-column>
        <mj-text font-size="16px" font-weight="700" padding-bottom="0">Prochaines étapes</mj-text>
        <mj-text><ol style="margin:0;padding-left:20px">${nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol></mj-text>
        <mj-text>Une question ? Répondez simplement à cet e-mail.<br />L’équipe Rushflow</mj-text>
      </mj-column>
    </mj-section>`;

  const text = [
    'Merci, votre brief est bien reçu !',
    '',
    `Bonjour,`,
    `Nous avons bien reçu votre brief (référence ${reference}). Notre équipe l’étudie et vous répond sous ${REPLY_WITHIN} avec une proposition adaptée à votre projet.`,
    '',
    'Récapitulatif de votre brief',
    ...summary.map(([label, value]) => `- ${label} : ${value}`),
    ...(estimate.length > 0
      ? [
          '',
          'Votre estimation',
          ...estimate.map(([label, value]) => `- ${label} : ${value}`),
          'Estimation indicative, confirmée dans notre proposition.',
        ]
      : []),
    '',
    'Prochaines étapes',
    ...nextSteps.map((step, index) => `${index + 1}. ${step}`),
    '',
    'Une question ? Répondez simplement à cet e-mail.',
    'L’équipe Rushflow',
    appUrl,
  ].join('\n');

  return {
    template: BRIEF_CONFIRMATION_TEMPLATE,
    to: brief.email,
    subject,
    html: await renderMjml(
      layout({ preview: `Réponse sous ${REPLY_WITHIN} avec une proposition adaptée.`, appUrl, body }),
    ),
    text,
  };
}
