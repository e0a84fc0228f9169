/**
 * A rush's contact sheet as a PDF (A4, DejaVu fonts as the invoices embed them): a title with the
 * file's and the project's names, then a grid of the shots' thumbnails, each captioned
 * « Plan 3 — 00:00:12:05 — 4,2 s ».
 */
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { shotCaption, type ShotTiming } from '../../domain/contact-sheet';

const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf');
const BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const INK = '#0f172a';
const MUTED = '#475569';
const MARGIN = 36;
const COLUMNS = 3;
const GAP = 12;
/** Thumbnails are shown in a 16:9 box (a portrait picture is fitted inside it). */
const BOX_RATIO = 9 / 16;
const CAPTION_HEIGHT = 16;

export interface ContactSheetPdfInput {
  filename: string;
  projectTitle: string;
  shots: (ShotTiming & { thumbnail: Buffer | null })[];
}

export function contactSheetPdf(input: ContactSheetPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Planche contact — ${input.filename}`, Subject: input.projectTitle },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(INK).font('bold').fontSize(16).text(`Planche contact — ${input.filename}`, { width });
  doc
    .moveDown(0.2)
    .fillColor(MUTED)
    .font('regular')
    .fontSize(10)
    .text(`Projet : ${input.projectTitle} · ${input.shots.length} plan${input.shots.length > 1 ? 's' : ''}`, { width });
  doc.moveDown(1);

  const cellWidth = (width - GAP * (COLUMNS - 1)) / COLUMNS;
  const boxHeight = cellWidth * BOX_RATIO;
  const rowHeight = boxHeight + CAPTION_HEIGHT + GAP;
  let top = doc.y;
  input.shots.forEach((shot, index) => {
    const column = index % COLUMNS;
    if (column === 0 && index > 0) top += rowHeight;
    if (top + rowHeight > doc.page.height - MARGIN) {
      doc.addPage();
      top = MARGIN;
    }
    const left = MARGIN + column * (cellWidth + GAP);
    if (shot.thumbnail)
      doc.image(shot.thumbnail, left, top, { fit: [cellWidth, boxHeight], align: 'center', valign: 'center' });
    else doc.rect(left, top, cellWidth, boxHeight).fillColor('#e2e8f0').fill();
    doc
      .fillColor(INK)
      .font('regular')
      .fontSize(8)
      .text(shotCaption(shot), left, top + boxHeight + 4, { width: cellWidth, lineBreak: false, ellipsis: true });
  });
  doc.end();
  return done;
}
