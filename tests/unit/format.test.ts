import {
  formatClockTime,
  formatCount,
  formatDecimal,
  formatHourlyRate,
  formatHours,
  formatMinutes,
  typedDurationText,
} from '../../domain/format';

const NBSP = '\u00a0';

describe('numbers as people read them', () => {
  test('a decimal comma in French, a point in English', () => {
    expect(formatDecimal(32.5)).toBe('32,5');
    expect(formatDecimal(32.5, 'en')).toBe('32.5');
    expect(formatDecimal(2)).toBe('2');
  });

  test('an hourly rate: « 32,5 €/h », never « 32.5 €/h »', () => {
    expect(formatHourlyRate(32.5)).toBe(`32,5${NBSP}€/h`);
    expect(formatHourlyRate(27)).toBe(`27${NBSP}€/h`);
  });

  test('hours of work to the tenth, as the estimate panel shows them: « 56,9 h », not « 56,92 h »', () => {
    expect(formatHours(56.92)).toBe(`56,9${NBSP}h`);
    expect(formatHours(4)).toBe(`4${NBSP}h`);
    expect(formatHours(1.25, 'en')).toBe(`1.3${NBSP}h`);
  });

  test('a length always has its unit: « 2 min », « 2,5 min »', () => {
    expect(formatMinutes(2)).toBe(`2${NBSP}min`);
    expect(formatMinutes(2.5)).toBe(`2,5${NBSP}min`);
  });

  test('a time of day: « 14 h 05 » in French (Paris time in winter and summer), « 14:05 » in English', () => {
    expect(formatClockTime(new Date('2026-01-15T13:05:00Z'), 'fr', 'Europe/Paris')).toBe(`14${NBSP}h${NBSP}05`);
    expect(formatClockTime(new Date('2026-07-15T07:30:00Z'), 'fr', 'Europe/Paris')).toBe(`09${NBSP}h${NBSP}30`);
    expect(formatClockTime(new Date('2026-01-15T13:05:00Z'), 'en', 'Europe/Paris')).toBe('14:05');
  });

  test('a typed length: a bare number is minutes, anything else is kept as typed', () => {
    expect(typedDurationText('2')).toBe(`2${NBSP}min`);
    expect(typedDurationText(' 2,5 ')).toBe(`2,5${NBSP}min`);
    expect(typedDurationText('3 minutes')).toBe('3 minutes');
    expect(typedDurationText('')).toBe('');
    expect(typedDurationText(null)).toBe('');
  });
});

describe('counts agree with their word (French: 0 and 1 are singular)', () => {
  const days = { one: 'jour ouvré', other: 'jours ouvrés' };
  test.each([
    [0, `0${NBSP}jour ouvré`],
    [1, `1${NBSP}jour ouvré`],
    [2, `2${NBSP}jours ouvrés`],
    [7, `7${NBSP}jours ouvrés`],
  ])('%d → %s', (count, text) => {
    expect(formatCount(count, days)).toBe(text);
  });

  test('English counts 0 as plural', () => {
    expect(formatCount(0, { one: 'day', other: 'days' }, 'en')).toBe(`0${NBSP}days`);
    expect(formatCount(1, { one: 'day', other: 'days' }, 'en')).toBe(`1${NBSP}day`);
  });
});
