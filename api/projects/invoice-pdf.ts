import { wrap } from '@mikro-orm/postgresql';
import PDFDocument from 'pdfkit';
import { briefVideoTypeText, videoTypeLabel } from '../../domain/brief-options';
import { formatMinutes } from '../../domain/format';
import { projectStatusLabel } from '../../domain/project-lifecycle';
import { revisionRuleSentence } from '../../domain/revision-rule';
import type { Project } from '../../db/entities';

/**
 * The project's invoice (000 §6: the client downloads it), as a real PDF, numbered with the
 * project's reference (one project, one invoice; the database's sequence keeps the numbers in
 * order). Standard PDF fonts encode WinAnsi: French accents and € are fine, the narrow no-break
 * space of fr-FR number formatting is not.
 */

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency }).format(cents / 100).replace(/\u202f/g, ' ');
}

function frenchDate(date: Date): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(date);
}

/** `revisionWindowDays`: the setting each delivery opens its revision window with. */
export function renderInvoicePdf(
  project: Project,
  issuer: { name: string; email: string },
  revisionWindowDays: number,
): Promise<Buffer> {
  const brief = wrap(project.brief).isInitialized() ? project.brief : null;
  const issuedAt = brief?.paidAt ?? project.createdAt;
  const number = project.reference;
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Facture ${number}`, Author: issuer.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(22).fillColor('#4c1d95').text(issuer.name, left, 56);
  doc.font('Helvetica').fontSize(10).fillColor('#475569').text(issuer.email);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text('FACTURE', left, 56, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('#334155');
  doc.text(`N° ${number}`, { width, align: 'right' });
  doc.text(`Date : ${frenchDate(issuedAt)}`, { width, align: 'right' });

  doc.moveDown(3);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text('Facturé à', left);
  doc.font('Helvetica').fontSize(10).fillColor('#334155').text(project.clientEmail);

  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text('Projet');
  doc.font('Helvetica').fontSize(10).fillColor('#334155');
  doc.text(project.title);
  const videoType = brief ? briefVideoTypeText(brief) : videoTypeLabel(project.videoType);
  if (videoType) doc.text(`Type de vidéo : ${videoType}`);
  if (project.durationMinutes) doc.text(`Durée finale : ${formatMinutes(project.durationMinutes)}`);
  doc.text(`Statut : ${projectStatusLabel(project.status)}`);
  if (project.description) doc.moveDown(0.5).text(project.description, { width });

  doc.moveDown(2);
  const tableTop = doc.y;
  doc.rect(left, tableTop, width, 24).fill('#f1f5f9');
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#0f172a');
  doc.text('Désignation', left + 10, tableTop + 7);
  doc.text('Montant', left, tableTop + 7, { width: width - 10, align: 'right' });

  const rows: Array<[string, string]> = [];
  const currency = project.currency;
  const offer = brief?.launchOfferApplied && brief.priceCents !== null && brief.priceCents !== undefined;
  if (offer && brief?.priceCents) {
    rows.push([`Montage vidéo — ${project.title}`, money(brief.priceCents, currency)]);
    rows.push(['Offre de lancement (-30 %)', money(project.totalPriceCents - brief.priceCents, currency)]);
  } else {
    rows.push([`Montage vidéo — ${project.title}`, money(project.totalPriceCents, currency)]);
  }
  let y = tableTop + 32;
  doc.font('Helvetica').fontSize(10).fillColor('#334155');
  for (const [label, amount] of rows) {
    doc.text(label, left + 10, y, { width: width - 140 });
    doc.text(amount, left, y, { width: width - 10, align: 'right' });
    y = Math.max(doc.y, y + 14) + 8;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#cbd5e1')
    .stroke();
  y += 10;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#0f172a');
  doc.text(`Total payé (${currency})`, left + 10, y);
  doc.text(money(project.totalPriceCents, currency), left, y, { width: width - 10, align: 'right' });

  doc.moveDown(3);
  doc.font('Helvetica').fontSize(9).fillColor('#64748b');
  doc.text(
    `Devise : ${currency}. Paiement par carte reçu${brief?.paidAt ? ` le ${frenchDate(brief.paidAt)}` : ''}.`,
    left,
    doc.y,
    { width },
  );
  // The rule as every page states it, with this project's quota (an admin may have raised it).
  doc.text(
    `${revisionRuleSentence({ maxRevisions: project.maxRevisions, revisionWindowDays })}. Les demandes hors du brief initial font l’objet d’un devis.`,
    { width },
  );

  doc.end();
  return done;
}
