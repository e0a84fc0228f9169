import { ACCOUNT_DATA_PATH } from '../../domain/account-data';
import type { AccountPrivacyEmail, ErasureReason } from '../../workflows/contracts/account-privacy';
import type { EmailMessage } from '../../workflows/brief-activities';
import { escapeHtml, heading, layout, renderMjml } from './render';

/** A date as French readers write it: « 12 mars 2027 ». */
function frenchDate(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso));
}

interface AccountMail {
  template: string;
  subject: string;
  preview: string;
  title: string;
  paragraphs: string[];
  button?: { label: string; url: string };
}

/** One of « Mes données »' messages in the shared frame: a title, paragraphs, an optional button. */
async function render(mail: AccountMail, to: string, appUrl: string): Promise<EmailMessage> {
  const button = mail.button
    ? `<mj-button href="${escapeHtml(mail.button.url)}" background-color="#6d28d9" border-radius="8px" align="left">${escapeHtml(mail.button.label)}</mj-button>`
    : '';
  const body = `
    <mj-section padding="16px 24px">
      <mj-column>
        ${heading(mail.title)}
        ${mail.paragraphs.map((paragraph) => `<mj-text>${escapeHtml(paragraph)}</mj-text>`).join('\n        ')}
        ${button}
        <mj-text>L’équipe Rushflow</mj-text>
      </mj-column>
    </mj-section>`;
  const text = [
    mail.title,
    '',
    ...mail.paragraphs,
    ...(mail.button ? ['', `${mail.button.label} : ${mail.button.url}`] : []),
    '',
    'L’équipe Rushflow',
    appUrl,
  ].join('\n');
  return {
    template: mail.template,
    to,
    subject: mail.subject,
    html: await renderMjml(layout({ preview: mail.preview, appUrl, body })),
    text,
  };
}

/** The French e-mails of the account's privacy workflow; `downloadUrl` is the export's presigned link. */
export function accountPrivacyEmail(
  email: AccountPrivacyEmail,
  to: string,
  appUrl: string,
  downloadUrl?: string,
): Promise<EmailMessage> {
  const dataPage = `${appUrl}${ACCOUNT_DATA_PATH}`;
  switch (email.template) {
    case 'account_deletion_requested':
      return render(
        {
          template: email.template,
          subject: 'Suppression de votre compte Rushflow programmée',
          preview: `Votre compte sera supprimé le ${frenchDate(email.deletionDueAt)}.`,
          title: 'Votre demande de suppression est enregistrée',
          paragraphs: [
            `Votre compte et vos données seront supprimés le ${frenchDate(email.deletionDueAt)}.`,
            'Vous avez changé d’avis ? Jusqu’à cette date, annulez la suppression depuis la page « Mes données » de votre espace.',
            'Les factures sont conservées 10 ans, comme la loi l’exige.',
          ],
          button: { label: 'Annuler la suppression', url: dataPage },
        },
        to,
        appUrl,
      );
    case 'account_inactivity_warning':
      return render(
        {
          template: email.template,
          subject: 'Votre compte Rushflow sera bientôt supprimé',
          preview: 'Connectez-vous pour le conserver.',
          title: 'Votre compte est inactif depuis bientôt 3 ans',
          paragraphs: [
            `Sans connexion de votre part, votre compte et vos données seront supprimés le ${frenchDate(email.erasureAt)}, comme l’annonce notre politique de confidentialité.`,
            'Pour conserver votre compte, il suffit de vous connecter avant cette date.',
          ],
          button: { label: 'Me connecter', url: `${appUrl}/login` },
        },
        to,
        appUrl,
      );
    case 'account_export_ready':
      return render(
        {
          template: email.template,
          subject: 'Vos données Rushflow sont prêtes',
          preview: `Lien valable jusqu’au ${frenchDate(email.expiresAt)}.`,
          title: 'Votre export est prêt',
          paragraphs: [
            'Vous trouverez dans ce fichier ZIP toutes les données que nous détenons sur vous (donnees.json) et vos fichiers.',
            `Le lien de téléchargement est valable jusqu’au ${frenchDate(email.expiresAt)} ; le fichier est ensuite supprimé.`,
          ],
          button: { label: 'Télécharger mes données', url: downloadUrl ?? dataPage },
        },
        to,
        appUrl,
      );
  }
}

/** The last message: the account is gone (on request, or after three years without activity). */
export function accountErasedEmail(reason: ErasureReason, to: string, appUrl: string): Promise<EmailMessage> {
  return render(
    {
      template: 'account_erased',
      subject: 'Votre compte Rushflow a été supprimé',
      preview: 'Vos données ont été effacées.',
      title: 'Votre compte a été supprimé',
      paragraphs: [
        reason === 'request'
          ? 'Comme vous l’avez demandé, votre compte et vos données personnelles ont été supprimés.'
          : 'Votre compte n’a pas été utilisé depuis 3 ans : comme annoncé, il a été supprimé avec vos données personnelles.',
        'Seules les factures sont conservées, 10 ans, comme la loi l’exige.',
      ],
    },
    to,
    appUrl,
  );
}
