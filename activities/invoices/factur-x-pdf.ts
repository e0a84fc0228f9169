/**
 * The printed invoice or credit note as a Factur-X PDF: PDF/A-3b (embedded DejaVu fonts, pdfkit's
 * sRGB output intent and XMP metadata) carrying its EN 16931 XML as `factur-x.xml`, with the French
 * mentions docs/invoicing.md lists.
 */
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { FRANCHISE_VAT_MENTION, type InvoiceDocument } from '../../domain/invoicing';
import { facturXXml } from './factur-x-xml';
import { formatFrenchDate, formatMoney, legalMentions, sellerRegistrationMention } from './mentions';

const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf');
const BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const FACTUR_X_FILE_NAME = 'factur-x.xml';

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#4c1d95';
const RULE = '#cbd5e1';

/** The Factur-X XMP properties and the PDF/A extension schema that declares them (Factur-X 1.0.07 §6.2). */
const FACTUR_X_XMP = `
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>
${[
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
]
  .map(
    ([name, description]) => `            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  )
  .join('\n')}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>`;

function quantityText(hours: number): string {
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(hours);
}

function unitPriceText(tenThousandths: number, currency: InvoiceDocument['currency']): string {
  return new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  })
    .format(tenThousandths / 10_000)
    .replace(/\u202f/g, '\u00a0');
}

export function renderFacturX(document: InvoiceDocument): Promise<Buffer> {
  const { seller, buyer, totals, currency } = document;
  const title = `${document.kind === 'invoice' ? 'Facture' : 'Avoir'} ${document.number}`;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 48,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: title, Creator: 'Rushflow', Producer: 'Rushflow', CreationDate: document.issuedAt },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', REGULAR);
  pdf.registerFont('bold', BOLD);

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const half = width / 2 - 12;
  const right = left + width / 2 + 12;
  const money = (cents: number) => formatMoney(cents, currency);

  // Seller (left) and document (right).
  const top = pdf.page.margins.top;
  pdf.font('bold').fontSize(16).fillColor(ACCENT).text(seller.legalName, left, top, { width: half });
  pdf.font('regular').fontSize(9).fillColor(MUTED);
  const sellerAddress = [
    seller.address.line1,
    seller.address.line2,
    `${seller.address.postalCode} ${seller.address.city}`,
  ];
  pdf.text(sellerAddress.filter(Boolean).join('\n'), { width: half });
  pdf.text(seller.email, { width: half });
  pdf.text(sellerRegistrationMention(seller), { width: half });
  if (seller.vatNumber) pdf.text(`N° TVA intracommunautaire : ${seller.vatNumber}`, { width: half });
  const sellerBottom = pdf.y;

  pdf
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(document.kind === 'invoice' ? 'FACTURE' : 'AVOIR', right, top, { width: half, align: 'right' });
  pdf.font('bold').fontSize(10).text(`N° ${document.number}`, { width: half, align: 'right' });
  pdf.font('regular').fontSize(9).fillColor(MUTED);
  const dates = [
    `Date d’émission : ${formatFrenchDate(document.issuedAt)}`,
    `Date de la prestation : ${formatFrenchDate(document.serviceDate)}`,
    `Date d’échéance : ${formatFrenchDate(document.dueDate)}`,
    `Référence du projet : ${document.projectReference}`,
  ];
  pdf.text(dates.join('\n'), { width: half, align: 'right' });
  if (document.paidAt) {
    pdf
      .font('bold')
      .fillColor('#15803d')
      .text(`Acquittée le ${formatFrenchDate(document.paidAt)}`, {
        width: half,
        align: 'right',
      });
  }

  // Buyer.
  let y = Math.max(sellerBottom, pdf.y) + 24;
  pdf
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(document.kind === 'invoice' ? 'Facturé à' : 'Client', right, y);
  pdf.font('regular').fontSize(9).fillColor(MUTED);
  const buyerLines = [
    buyer.companyName,
    buyer.name,
    buyer.address?.line1,
    buyer.address?.line2,
    buyer.address && `${buyer.address.postalCode} ${buyer.address.city}`,
    buyer.address && buyer.address.countryCode !== seller.address.countryCode ? buyer.address.countryCode : null,
    buyer.email,
    buyer.siren && `SIREN : ${buyer.siren}`,
    buyer.vatNumber && `N° TVA intracommunautaire : ${buyer.vatNumber}`,
  ].filter(Boolean);
  pdf.text(buyerLines.join('\n'), right, pdf.y + 2, { width: half });
  y = pdf.y + 20;

  if (document.refersTo) {
    pdf.font('bold').fontSize(10).fillColor(INK);
    pdf.text(
      `Avoir annulant la facture n° ${document.refersTo.number} du ${formatFrenchDate(document.refersTo.issuedAt)}`,
      left,
      y,
      { width },
    );
    if (document.creditReason)
      pdf.font('regular').fontSize(9).fillColor(MUTED).text(`Motif : ${document.creditReason}`);
    y = pdf.y + 14;
  }

  // Lines: designation | quantity (h) | unit price HT | amount HT.
  const columns = [
    { title: 'Désignation', x: left + 8, width: width * 0.5 - 8, align: 'left' as const },
    { title: 'Quantité (h)', x: left + width * 0.5, width: width * 0.15, align: 'right' as const },
    { title: 'PU HT', x: left + width * 0.65, width: width * 0.17, align: 'right' as const },
    { title: 'Montant HT', x: left + width * 0.82, width: width * 0.18 - 8, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold', color = INK) => {
    const rowTop = y;
    let bottom = y;
    pdf.font(font).fontSize(9).fillColor(color);
    cells.forEach((cell, index) => {
      const column = columns[index];
      pdf.text(cell, column.x, rowTop, { width: column.width, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    });
    y = bottom + 8;
  };
  pdf.rect(left, y, width, 22).fill('#f1f5f9');
  y += 7;
  row(
    columns.map((column) => column.title),
    'bold',
  );
  for (const line of document.lines) {
    row(
      [
        line.designation,
        quantityText(line.quantity),
        unitPriceText(line.unitPriceHtTenThousandths, currency),
        money(line.netCents),
      ],
      'regular',
    );
  }
  for (const allowance of document.allowances) {
    row([allowance.reason, '', '', `−${money(allowance.amountCents)}`], 'regular', '#15803d');
  }
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 10;

  // Totals.
  const totalsRows: Array<[string, string, boolean]> = [
    ['Total HT', money(totals.htCents), false],
    ...(seller.vatRegime === 'franchise'
      ? []
      : ([[`TVA (${totals.vatRatePercent}\u00a0%)`, money(totals.vatCents), false]] as Array<
          [string, string, boolean]
        >)),
    ['Total TTC', money(totals.ttcCents), true],
    ...(totals.roundingCents
      ? ([
          ['Arrondi', money(totals.roundingCents), false],
          [
            document.paidAt ? 'Montant payé' : 'Montant à rembourser',
            money(totals.ttcCents + totals.roundingCents),
            true,
          ],
        ] as Array<[string, string, boolean]>)
      : []),
  ];
  const labelX = left + width * 0.5;
  for (const [label, value, strong] of totalsRows) {
    pdf
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 11 : 9.5)
      .fillColor(INK);
    pdf.text(label, labelX, y, { width: width * 0.3 });
    pdf.text(value, left + width * 0.8, y, { width: width * 0.2 - 8, align: 'right' });
    y = pdf.y + 6;
  }
  if (seller.vatRegime === 'franchise') {
    pdf
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(FRANCHISE_VAT_MENTION, labelX, y, { width: width * 0.5 - 8 });
    y = pdf.y + 6;
  }

  // Mentions.
  y += 18;
  pdf.font('bold').fontSize(9).fillColor(INK).text('Conditions', left, y);
  pdf.font('regular').fontSize(8.5).fillColor(MUTED);
  pdf.text(legalMentions(document).join('\n'), left, pdf.y + 4, { width, lineGap: 2 });

  // Footer: the seller's registration, on the page's last lines.
  const footerY = pdf.page.height - pdf.page.margins.bottom - 24;
  pdf
    .moveTo(left, footerY - 6)
    .lineTo(left + width, footerY - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  pdf
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      [seller.legalName, sellerRegistrationMention(seller), seller.vatNumber && `TVA ${seller.vatNumber}`]
        .filter(Boolean)
        .join(' · '),
      left,
      footerY,
      { width, align: 'center', lineBreak: true, height: 24 },
    );

  const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    description: 'Factur-X',
    relationship: 'Alternative',
    creationDate: document.issuedAt,
    modifiedDate: document.issuedAt,
  };
  pdf.file(Buffer.from(facturXXml(document), 'utf8'), attachment);
  pdf.appendXML(FACTUR_X_XMP);
  pdf.end();
  return done;
}
