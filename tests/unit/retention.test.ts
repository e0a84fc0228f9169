import fs from 'node:fs';
import path from 'node:path';
import { billingRetentionEnd } from '../../workflows/contracts/billing-document';
import { addPeriod, PROJECT_FILES, periodInWords, recordKeepUntil, TECHNICAL_LOGS } from '../../domain/retention';
import { FILE_RETENTION } from '../../workflows/contracts/project';
import { durationMs } from '../../workflows/duration';

const at = (iso: string) => new Date(iso);

describe('retention periods', () => {
  test('a contact message or a call is kept 3 years from its date, to the minute', () => {
    expect(new Date(recordKeepUntil('contact_message', at('2026-11-26T10:15:00Z'))).toISOString()).toBe(
      '2029-11-26T10:15:00.000Z',
    );
    expect(new Date(recordKeepUntil('call_booking', at('2026-12-03T14:30:00Z'))).toISOString()).toBe(
      '2029-12-03T14:30:00.000Z',
    );
  });

  test('a rejected application is kept 2 years after the last contact, an invoice 10 years after its year’s close', () => {
    expect(new Date(recordKeepUntil('editor_application', at('2026-05-04T08:00:00Z'))).toISOString()).toBe(
      '2028-05-04T08:00:00.000Z',
    );
    // Issued in January or in December (Paris time), an invoice of 2026 is kept until 1 January 2037.
    for (const issued of ['2026-01-15T09:00:00Z', '2026-12-31T22:00:00Z'])
      expect(new Date(billingRetentionEnd(Date.parse(issued))).toISOString()).toBe('2037-01-01T00:00:00.000Z');
    // Half past midnight on 1 January in Paris is still 2026 in UTC: the invoice is of 2027.
    expect(new Date(billingRetentionEnd(Date.parse('2026-12-31T23:30:00Z'))).toISOString()).toBe(
      '2038-01-01T00:00:00.000Z',
    );
  });

  test('a record received on 29 February is kept until 1 March when the last year has no 29th', () => {
    expect(new Date(recordKeepUntil('contact_message', at('2028-02-29T12:00:00Z'))).toISOString()).toBe(
      '2031-03-01T12:00:00.000Z',
    );
  });

  test('periods read in French with a non-breaking space and plurals, and in English', () => {
    expect(periodInWords({ years: 3 }, 'fr')).toBe('3\u00a0ans');
    expect(periodInWords({ years: 1 }, 'fr')).toBe('1\u00a0an');
    expect(periodInWords({ months: 12 }, 'fr')).toBe('12\u00a0mois');
    expect(periodInWords({ days: 30 }, 'fr')).toBe('30\u00a0jours');
    expect(periodInWords({ years: 1 }, 'en')).toBe('1 year');
    expect(periodInWords({ days: 7 }, 'en')).toBe('7 days');
  });
});

describe('the periods the privacy page promises are the ones enforced', () => {
  test('project files: the project workflow’s deletion timer runs one year', () => {
    const start = Date.UTC(2027, 0, 1);
    expect(durationMs(FILE_RETENTION)).toBe(addPeriod(start, PROJECT_FILES) - start);
  });

  test('technical logs: the journal forgets entries after 12 months', () => {
    const conf = fs.readFileSync(path.join(__dirname, '../../deploy/observability/journald/rushflow.conf'), 'utf8');
    const [, count, unit] = /^MaxRetentionSec=(\d*)(year|month)s?$/m.exec(conf) ?? [];
    const months = Number(count || '1') * (unit === 'year' ? 12 : 1);
    expect(months).toBe(TECHNICAL_LOGS.months);
  });
});
