import { optionLabel, SOFTWARE, SPECIALTY_DOMAINS } from '../../domain/recruitment';
import { formatCount } from '../../domain/format';
import { APPLICATION_RECEIVED_TEMPLATE } from '../../workflows/contracts/editor-application';
import type { EmailMessage } from '../../workflows/brief-activities';
import { escapeHtml, heading, layout, renderMjml, table } from './render';

/** What the confirmation says about an application: the stored application's own columns. */
export interface ApplicationMailData {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  specialtyDomains: string[];
  softwareMastered: string[];
  experienceYears?: number | null;
  portfolioLinks: string[];
}

/**
 * The applicant's French confirmation: what we received, what happens next, whom to write to. The
 * form is open to anyone and the address typed, so it repeats no typed text (not even the name).
 */
export async function applicationReceivedEmail(
  application: ApplicationMailData,
  appUrl: string,
  contactEmail: string,
): Promise<EmailMessage> {
  const reference = application.id.slice(0, 8).toUpperCase();
  const subject = `Votre candidature Rushflow est bien reçue (réf. ${reference})`;
  const lines: [string, string][] = (
    [
      ['E-mail', application.email],
      [
        'Domaines de spécialité',
        application.specialtyDomains.map((value) => optionLabel(SPECIALTY_DOMAINS, value)).join(', '),
      ],
      ['Logiciels', application.softwareMastered.map((value) => optionLabel(SOFTWARE, value)).join(', ')],
      [
        'Expérience',
        application.experienceYears == null
          ? ''
          : formatCount(application.experienceYears, { one: 'an', other: 'ans' }),
      ],
      ['Liens du portfolio', String(application.portfolioLinks.length || '')],
    ] as [string, string][]
  ).filter(([, value]) => value !== '');
  const nextSteps = [
    'Notre équipe étudie votre profil et votre portfolio.',
    'Si votre profil correspond à nos projets, nous vous contactons pour un court échange.',
    'Une fois retenu(e), vous recevez une invitation pour créer votre espace monteur.',
  ];
  const greeting = 'Bonjour,';
  const intro = `Merci pour votre candidature (référence ${reference}) : elle est bien enregistrée et sera examinée par notre équipe.`;
  const body = `
    <mj-section padding="16px 24px 0">
      <mj-column>
        ${heading('Merci, votre candidature est bien reçue !')}
        <mj-text>${escapeHtml(greeting)}<br />${escapeHtml(intro)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="0 24px">
      <mj-column>
        ${heading('Votre candidature', 2)}
        ${table(lines)}
      </mj-column>
    </mj-section>
    <mj-section padding="0 24px 16px">
      <mj-column>
        ${heading('Prochaines étapes', 2)}
        <mj-text><ol style="margin:0;padding-left:20px">${nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol></mj-text>
        <mj-text>Une question ou un élément à ajouter ? Répondez à cet e-mail ou écrivez-nous à <a href="mailto:${escapeHtml(contactEmail)}" style="color:#6d28d9">${escapeHtml(contactEmail)}</a>.<br />L’équipe Rushflow</mj-text>
      </mj-column>
    </mj-section>`;
  const text = [
    'Merci, votre candidature est bien reçue !',
    '',
    greeting,
    intro,
    '',
    'Votre candidature',
    ...lines.map(([label, value]) => `- ${label} : ${value}`),
    '',
    'Prochaines étapes',
    ...nextSteps.map((step, index) => `${index + 1}. ${step}`),
    '',
    `Une question ou un élément à ajouter ? Répondez à cet e-mail ou écrivez-nous à ${contactEmail}.`,
    'L’équipe Rushflow',
    appUrl,
  ].join('\n');
  return {
    template: APPLICATION_RECEIVED_TEMPLATE,
    to: application.email,
    subject,
    replyTo: contactEmail,
    html: await renderMjml(layout({ preview: 'Notre équipe examine votre profil.', appUrl, body })),
    text,
  };
}
