import { formatMoney } from '../../domain/brief-estimate';
import { revisionsLeftSentence } from '../../domain/revision-rule';
import type { ProjectEmailTemplate } from '../../workflows/contracts/project';
import type { EmailMessage } from '../../workflows/brief-activities';
import type { ProjectEmailInput } from '../../workflows/project-activities';
import { escapeHtml, heading, layout, renderMjml } from './render';

/** What the project e-mails say about a project. */
export interface ProjectMailDetails {
  id: string;
  title: string;
  /** `RF-2026-0042`, quoted beside the title. */
  reference: string;
  editorName: string | null;
  totalPriceCents: number;
  currency: string;
  deliveryDate: Date | null;
  /** What the project's revision quota still allows (`revisionsLeft`). */
  revisionsLeft: number;
}

const frenchDay = (at: number | Date) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(
    new Date(at),
  );

interface Copy {
  subject: string;
  title: string;
  lines: string[];
  button: string;
  preview: string;
  /** Where the button leads, when not the project's page (which its reader may no longer open). */
  path?: string;
}

/** The French copy of each project e-mail. Values are inserted escaped by the renderer. */
function copyOf(
  template: ProjectEmailTemplate,
  project: ProjectMailDetails,
  data: ProjectEmailInput['data'] = {},
): Copy {
  const t = `« ${project.title} » (${project.reference})`;
  const delivery = project.deliveryDate ? ` Livraison prévue le ${frenchDay(project.deliveryDate)}.` : '';
  switch (template) {
    case 'project_assigned_client':
      return {
        subject: `Un monteur est assigné à votre projet ${t}`,
        title: 'Votre monteur est assigné',
        lines: [
          `${project.editorName ?? 'Un monteur'} prend en charge votre projet ${t}.${delivery}`,
          'Vous suivez chaque étape et échangez avec lui depuis la page du projet.',
        ],
        button: 'Voir mon projet',
        preview: 'Votre projet a son monteur.',
      };
    case 'project_assigned_editor':
      return {
        subject: `Nouveau projet assigné : ${t}`,
        title: 'Un nouveau projet vous est assigné',
        lines: [
          `Le projet ${t} vous est assigné (${formatMoney(project.totalPriceCents, project.currency)}).${delivery}`,
          'Lisez le brief puis cliquez sur « Commencer le montage ».',
        ],
        button: 'Ouvrir le projet',
        preview: 'Un nouveau projet vous attend.',
      };
    case 'project_reassigned_editor':
      return {
        subject: `Projet confié à un autre monteur : ${t}`,
        title: 'Ce projet est confié à un autre monteur',
        lines: [
          `L’équipe Rushflow a confié le projet ${t} à un autre monteur : il quitte votre espace et libère une place dans votre charge.`,
          'Merci pour le travail déjà fait ; vos prochains projets arrivent dans votre espace monteur.',
        ],
        button: 'Ouvrir mon espace monteur',
        preview: 'Un projet quitte votre espace.',
        path: '/editor',
      };
    case 'project_waiting_for_editor':
      return {
        subject: `Projet en attente de monteur : ${t}`,
        title: 'Aucun monteur disponible',
        lines: [
          `Aucun monteur actif ne correspond au projet ${t} ou tous sont à pleine capacité.`,
          'L’assignation est retentée automatiquement ; vous pouvez aussi assigner un monteur à la main.',
        ],
        button: 'Voir le projet',
        preview: 'Un projet attend un monteur.',
      };
    case 'project_started':
      return {
        subject: `Le montage de ${t} a commencé`,
        title: 'Le montage a commencé',
        lines: [`${project.editorName ?? 'Votre monteur'} a commencé le montage de votre projet ${t}.${delivery}`],
        button: 'Suivre mon projet',
        preview: 'Votre monteur est au travail.',
      };
    case 'project_completed':
    case 'revision_completed': {
      const window = data.revisionWindowEndsAt
        ? ` ${revisionsLeftSentence(project.revisionsLeft, `d’ici le ${frenchDay(data.revisionWindowEndsAt)}`)}`
        : '';
      const revision = template === 'revision_completed';
      return {
        subject: revision ? `Révision terminée : ${t}` : `Votre vidéo est prête : ${t}`,
        title: revision ? 'Votre révision est livrée' : 'Votre vidéo est prête',
        lines: [
          `${revision ? 'La révision demandée pour' : 'Le montage de'} votre projet ${t} est terminé : les livrables vous attendent sur la page du projet.${window}`,
        ],
        button: 'Télécharger les livrables',
        preview: revision ? 'La révision est livrée.' : 'Vos livrables sont disponibles.',
      };
    }
    case 'revision_requested':
      return {
        subject: `Révision demandée : ${t}`,
        title: 'Le client demande une révision',
        lines: [
          `Le client du projet ${t} demande une révision :`,
          `« ${data.feedback ?? ''} »`,
          'Cliquez sur « Commencer » dans l’onglet Révisions, puis livrez la nouvelle version.',
        ],
        button: 'Voir la demande',
        preview: 'Une révision est demandée.',
      };
    case 'deadline_reminder':
      return {
        subject: `Livraison demain : ${t}`,
        title: 'Rappel : livraison dans 24 heures',
        lines: [
          `La livraison du projet ${t} est prévue dans 24 heures.${delivery}`,
          'Pensez à envoyer la vidéo finale puis à marquer le projet comme terminé.',
        ],
        button: 'Ouvrir le projet',
        preview: 'La livraison approche.',
      };
    case 'deadline_overdue':
      return {
        subject: `Livraison en retard : ${t}`,
        title: 'Projet en retard',
        lines: [
          `Le projet ${t} (monteur : ${project.editorName ?? 'non assigné'}) a dépassé sa date de livraison prévue.${delivery}`,
        ],
        button: 'Voir le projet',
        preview: 'Un projet est en retard.',
      };
    case 'project_cancelled':
      return {
        subject: `Votre projet ${t} est annulé`,
        title: 'Projet annulé',
        lines: [
          `Votre projet ${t} a été annulé par l’équipe Rushflow.${data.reason ? ` Motif : ${data.reason}.` : ''}`,
          'Nous revenons vers vous sous 24 heures au sujet du remboursement, selon nos conditions.',
        ],
        button: 'Voir mon projet',
        preview: 'Votre projet a été annulé.',
      };
    case 'version_approved':
      return {
        subject: `Version approuvée : ${t}`,
        title: `Le client a approuvé la v${data.versionNumber ?? ''}`,
        lines: [
          `Le client du projet ${t} a approuvé la version v${data.versionNumber ?? ''}.`,
          'La période de révision est close ; les fichiers originaux sont désormais téléchargeables par le client.',
        ],
        button: 'Voir le projet',
        preview: 'Une version est approuvée.',
      };
    case 'version_approved_automatically':
      return {
        subject: `Période de révision terminée : ${t}`,
        title: 'La dernière version est approuvée',
        lines: [
          `La période de révision du projet ${t} est terminée sans nouvelle demande du client.`,
          `La version v${data.versionNumber ?? ''} est approuvée ; ses fichiers originaux sont ouverts au client.`,
        ],
        button: 'Voir le projet',
        preview: 'La dernière version est approuvée.',
      };
    case 'client_question':
    case 'client_question_reminder': {
      const reminder = template === 'client_question_reminder';
      return {
        subject: reminder ? `Rappel : votre monteur attend votre réponse (${t})` : `Une question sur votre projet ${t}`,
        title: reminder ? 'Votre monteur attend toujours votre réponse' : 'Votre monteur a une question',
        lines: [
          `${project.editorName ?? 'Votre monteur'} a besoin de votre réponse pour avancer sur le projet ${t} :`,
          `« ${data.question ?? ''} »`,
          'Le délai de livraison est suspendu jusqu’à votre réponse : la date prévue sera décalée d’autant.',
        ],
        button: 'Répondre',
        preview: reminder ? 'Votre réponse est attendue.' : 'Votre monteur vous pose une question.',
      };
    }
    case 'client_answered':
      return {
        subject: `Le client a répondu : ${t}`,
        title: 'Le client a répondu à votre question',
        lines: [
          `Réponse du client du projet ${t} :`,
          `« ${data.answer ?? ''} »`,
          data.deliveryDate
            ? `Le délai reprend ; la livraison est désormais prévue le ${frenchDay(data.deliveryDate)}.`
            : 'Le délai reprend.',
        ],
        button: 'Ouvrir le projet',
        preview: 'Le client a répondu.',
      };
    case 'retention_notice':
      return {
        subject: `Vos fichiers seront supprimés dans 30 jours : ${t}`,
        title: 'Suppression prochaine de vos fichiers',
        lines: [
          `Conformément à notre politique de conservation, les fichiers du projet ${t} sont conservés un an après la livraison.`,
          `Ils seront supprimés le ${data.deletionDate ? frenchDay(data.deletionDate) : 'mois prochain'} : téléchargez d’ici là les livrables que vous souhaitez garder.`,
        ],
        button: 'Télécharger mes livrables',
        preview: 'Téléchargez vos livrables avant leur suppression.',
      };
  }
}

/** Renders one project e-mail (French, mjml) for one recipient. */
export async function projectEmail(
  template: ProjectEmailTemplate,
  to: string,
  project: ProjectMailDetails,
  appUrl: string,
  data?: ProjectEmailInput['data'],
): Promise<EmailMessage> {
  const copy = copyOf(template, project, data);
  const link = `${appUrl.replace(/\/$/, '')}${copy.path ?? `/project/${project.id}`}`;
  const lines = ['Bonjour,', ...copy.lines];
  const body = `
    <mj-section padding="16px 24px">
      <mj-column>
        ${heading(copy.title)}
        ${lines.map((line) => `<mj-text>${escapeHtml(line)}</mj-text>`).join('\n')}
        <mj-button href="${escapeHtml(link)}" background-color="#6d28d9" border-radius="8px" font-weight="700">${escapeHtml(copy.button)}</mj-button>
        <mj-text>L’équipe Rushflow</mj-text>
      </mj-column>
    </mj-section>`;
  return {
    template,
    to,
    subject: copy.subject,
    html: await renderMjml(layout({ preview: copy.preview, appUrl, body })),
    text: [...lines, '', `${copy.button} : ${link}`, '', 'L’équipe Rushflow'].join('\n'),
  };
}
