/**
 * The Factur-X 1.0.07 / ZUGFeRD 2.3 XML of an invoice or credit note: UN/CEFACT Cross Industry
 * Invoice, profile EN 16931 (guideline `urn:cen.eu:en16931:2017`). Element order follows the CII
 * schema, which the Factur-X XSD checks.
 */
import { FRANCHISE_VAT_MENTION, type InvoiceDocument, type PostalAddress } from '../../domain/invoicing';
import {
  isBusinessBuyer,
  latePenaltyMention,
  NO_DISCOUNT_MENTION,
  paymentTermsMention,
  RECOVERY_FEE_MENTION,
  sellerRegistrationMention,
} from './mentions';

const FACTUR_X_GUIDELINE = 'urn:cen.eu:en16931:2017';

const TYPE_CODES = { invoice: '380', credit_note: '381' } as const;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name attributes>text</name>`, or nothing when the value is absent or blank (CII forbids empty elements). */
function element(name: string, value: string | null | undefined, attributes: Record<string, string> = {}): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const attributeText = Object.entries(attributes)
    .map(([key, attribute]) => ` ${key}="${escapeXml(attribute)}"`)
    .join('');
  return `<${name}${attributeText}>${escapeXml(value)}</${name}>`;
}

function group(name: string, ...children: string[]): string {
  return `<${name}>${children.join('')}</${name}>`;
}

function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The calendar day in Paris, as format 102 (`YYYYMMDD`) wants it. */
function day(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date).replace(/-/g, '');
}

function dateTime(name: string, date: Date, namespace: 'udt' | 'qdt' = 'udt'): string {
  return group(name, element(`${namespace}:DateTimeString`, day(date), { format: '102' }));
}

function address(postal: PostalAddress): string {
  return group(
    'ram:PostalTradeAddress',
    element('ram:PostcodeCode', postal.postalCode),
    element('ram:LineOne', postal.line1),
    element('ram:LineTwo', postal.line2),
    element('ram:CityName', postal.city),
    element('ram:CountryID', postal.countryCode),
  );
}

function note(content: string, subjectCode: string): string {
  return group('ram:IncludedNote', element('ram:Content', content), element('ram:SubjectCode', subjectCode));
}

export function facturXXml(document: InvoiceDocument): string {
  const { seller, buyer, totals, currency } = document;
  const franchise = seller.vatRegime === 'franchise';
  const category = franchise ? 'E' : 'S';
  const rate = String(totals.vatRatePercent);
  const siren = seller.siret.slice(0, 9);
  const business = isBusinessBuyer(buyer);
  const paid = document.paidAt ? totals.ttcCents + totals.roundingCents : 0;

  const notes = [
    note(`${seller.legalName}, ${sellerRegistrationMention(seller)}`, 'REG'),
    ...(document.creditReason ? [note(document.creditReason, 'AAI')] : []),
    ...(business ? [note(latePenaltyMention(seller), 'PMD'), note(RECOVERY_FEE_MENTION, 'PMT')] : []),
    note(NO_DISCOUNT_MENTION, 'AAB'),
  ];

  const lines = document.lines.map((line, index) =>
    group(
      'ram:IncludedSupplyChainTradeLineItem',
      group('ram:AssociatedDocumentLineDocument', element('ram:LineID', String(index + 1))),
      group('ram:SpecifiedTradeProduct', element('ram:Name', line.designation)),
      group(
        'ram:SpecifiedLineTradeAgreement',
        group(
          'ram:NetPriceProductTradePrice',
          element('ram:ChargeAmount', (line.unitPriceHtTenThousandths / 10_000).toFixed(4)),
        ),
      ),
      group(
        'ram:SpecifiedLineTradeDelivery',
        element('ram:BilledQuantity', String(line.quantity), { unitCode: 'HUR' }),
      ),
      group(
        'ram:SpecifiedLineTradeSettlement',
        group(
          'ram:ApplicableTradeTax',
          element('ram:TypeCode', 'VAT'),
          element('ram:CategoryCode', category),
          element('ram:RateApplicablePercent', rate),
        ),
        group(
          'ram:SpecifiedTradeSettlementLineMonetarySummation',
          element('ram:LineTotalAmount', amount(line.netCents)),
        ),
      ),
    ),
  );

  // A consumer who gave no address: the place of supply of a service to a non-taxable person is the
  // seller's (art. 259 CGI), and EN 16931 wants the buyer's country (BR-11).
  const buyerAddress = buyer.address ?? {
    line1: '',
    line2: null,
    postalCode: '',
    city: '',
    countryCode: seller.address.countryCode,
  };

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
    ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
    ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
    ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    group(
      'rsm:ExchangedDocumentContext',
      group('ram:GuidelineSpecifiedDocumentContextParameter', element('ram:ID', FACTUR_X_GUIDELINE)),
    ),
    group(
      'rsm:ExchangedDocument',
      element('ram:ID', document.number),
      element('ram:TypeCode', TYPE_CODES[document.kind]),
      dateTime('ram:IssueDateTime', document.issuedAt),
      ...notes,
    ),
    group(
      'rsm:SupplyChainTradeTransaction',
      ...lines,
      group(
        'ram:ApplicableHeaderTradeAgreement',
        element('ram:BuyerReference', document.projectReference),
        group(
          'ram:SellerTradeParty',
          element('ram:GlobalID', seller.siret, { schemeID: '0009' }),
          element('ram:Name', seller.legalName),
          group('ram:SpecifiedLegalOrganization', element('ram:ID', siren, { schemeID: '0002' })),
          address(seller.address),
          group('ram:URIUniversalCommunication', element('ram:URIID', seller.email, { schemeID: 'EM' })),
          // Without a VAT number (franchise), the SIREN is the seller's tax registration in France (BT-32, BR-E-02).
          group(
            'ram:SpecifiedTaxRegistration',
            seller.vatNumber
              ? element('ram:ID', seller.vatNumber, { schemeID: 'VA' })
              : element('ram:ID', siren, { schemeID: 'FC' }),
          ),
        ),
        group(
          'ram:BuyerTradeParty',
          element('ram:Name', buyer.companyName ?? buyer.name ?? buyer.email),
          buyer.siren
            ? group('ram:SpecifiedLegalOrganization', element('ram:ID', buyer.siren, { schemeID: '0002' }))
            : '',
          buyer.companyName && buyer.name
            ? group('ram:DefinedTradeContact', element('ram:PersonName', buyer.name))
            : '',
          address(buyerAddress),
          group('ram:URIUniversalCommunication', element('ram:URIID', buyer.email, { schemeID: 'EM' })),
          buyer.vatNumber
            ? group('ram:SpecifiedTaxRegistration', element('ram:ID', buyer.vatNumber, { schemeID: 'VA' }))
            : '',
        ),
      ),
      group(
        'ram:ApplicableHeaderTradeDelivery',
        group('ram:ActualDeliverySupplyChainEvent', dateTime('ram:OccurrenceDateTime', document.serviceDate)),
      ),
      group(
        'ram:ApplicableHeaderTradeSettlement',
        element('ram:InvoiceCurrencyCode', currency),
        group(
          'ram:ApplicableTradeTax',
          element('ram:CalculatedAmount', amount(totals.vatCents)),
          element('ram:TypeCode', 'VAT'),
          franchise ? element('ram:ExemptionReason', FRANCHISE_VAT_MENTION) : '',
          element('ram:BasisAmount', amount(totals.htCents)),
          element('ram:CategoryCode', category),
          element('ram:RateApplicablePercent', rate),
        ),
        ...document.allowances.map((allowance) =>
          group(
            'ram:SpecifiedTradeAllowanceCharge',
            group('ram:ChargeIndicator', element('udt:Indicator', 'false')),
            element('ram:ActualAmount', amount(allowance.amountCents)),
            element('ram:Reason', allowance.reason),
            group(
              'ram:CategoryTradeTax',
              element('ram:TypeCode', 'VAT'),
              element('ram:CategoryCode', category),
              element('ram:RateApplicablePercent', rate),
            ),
          ),
        ),
        group(
          'ram:SpecifiedTradePaymentTerms',
          element('ram:Description', paymentTermsMention(document)),
          dateTime('ram:DueDateDateTime', document.dueDate),
        ),
        group(
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
          element('ram:LineTotalAmount', amount(totals.linesCents)),
          element('ram:ChargeTotalAmount', amount(0)),
          element('ram:AllowanceTotalAmount', amount(totals.allowancesCents)),
          element('ram:TaxBasisTotalAmount', amount(totals.htCents)),
          element('ram:TaxTotalAmount', amount(totals.vatCents), { currencyID: currency }),
          totals.roundingCents ? element('ram:RoundingAmount', amount(totals.roundingCents)) : '',
          element('ram:GrandTotalAmount', amount(totals.ttcCents)),
          element('ram:TotalPrepaidAmount', amount(paid)),
          element('ram:DuePayableAmount', amount(totals.ttcCents + totals.roundingCents - paid)),
        ),
        document.refersTo
          ? group(
              'ram:InvoiceReferencedDocument',
              element('ram:IssuerAssignedID', document.refersTo.number),
              dateTime('ram:FormattedIssueDateTime', document.refersTo.issuedAt, 'qdt'),
            )
          : '',
      ),
    ),
    '</rsm:CrossIndustryInvoice>',
  ];
  return xml.join('\n');
}
