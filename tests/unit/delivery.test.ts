import {
  addWorkingDays,
  categoryDeliveryDays,
  checkDesiredDeliveryDate,
  deliveryDateInputMinimum,
  earliestDeliveryDate,
  isWorkingDay,
  todayIn,
} from '../../domain/delivery';
import { estimate, minimumWorkingDays, SERVICE_CATEGORIES, VISUAL_COMPLEXITIES } from '../../domain/pricing';

describe('working days (Monday to Friday)', () => {
  it.each([
    // [from, working days, expected, why]
    ['2025-01-03', 2, '2025-01-07', 'Friday + 2 → Mon 6, Tue 7'],
    ['2025-01-04', 2, '2025-01-07', 'Saturday + 2 → Mon 6, Tue 7'],
    ['2025-01-05', 2, '2025-01-07', 'Sunday + 2 → Mon 6, Tue 7'],
    ['2025-01-06', 5, '2025-01-13', 'Monday + 5 → the next Monday'],
    ['2025-12-31', 3, '2026-01-05', 'year end: Thu 1, Fri 2, Mon 5'],
    ['2026-02-26', 4, '2026-03-04', 'month end: Fri 27, Mon 2, Tue 3, Wed 4'],
    ['2024-02-28', 2, '2024-03-01', 'leap year: Thu 29, Fri 1'],
    ['2025-01-06', 28, '2025-02-13', '5 weeks (25) to Mon 10 Feb, then Tue, Wed, Thu'],
    ['2025-01-06', 0, '2025-01-06', 'nothing to count'],
  ])('%s + %i → %s (%s)', (from, days, expected) => {
    expect(addWorkingDays(from, days)).toBe(expected);
    expect(isWorkingDay(expected) || days === 0).toBe(true);
  });

  it('refuses something that is not a calendar date', () => {
    expect(() => addWorkingDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addWorkingDays('03/01/2025', 1)).toThrow(RangeError);
  });

  it('tells today in Paris, whatever the machine’s zone', () => {
    expect(todayIn('Europe/Paris', new Date('2025-01-03T23:30:00Z'))).toBe('2025-01-04');
    expect(todayIn('Europe/Paris', new Date('2025-07-01T21:59:00Z'))).toBe('2025-07-01');
  });
});

describe('minimum working days = ⌈category minimum × complexity factor⌉ (§9.3)', () => {
  // factors 1, 1.3, 1.6, 2 — e.g. motion premium ⌈5 × 1.3⌉ = ⌈6.5⌉ = 7, vfx expert ⌈14 × 1.6⌉ = ⌈22.4⌉ = 23
  const TABLE = {
    classic: [2, 3, 4, 4],
    motion: [5, 7, 8, 10],
    specialty: [7, 10, 12, 14],
    animation3d: [10, 13, 16, 20],
    vfx: [14, 19, 23, 28],
  };
  it.each(
    SERVICE_CATEGORIES.flatMap((category) =>
      VISUAL_COMPLEXITIES.map((complexity, index) => [category, complexity, TABLE[category][index]] as const),
    ),
  )('%s %s → %i', (category, complexity, days) => {
    expect(minimumWorkingDays(category, complexity)).toBe(days);
    expect(
      estimate({ serviceCategory: category, visualComplexity: complexity, currency: 'eur', features: {} })
        .minimumWorkingDays,
    ).toBe(days);
  });
});

describe('earliest delivery date (§5.1)', () => {
  it('counts the category minimum in working days from today', () => {
    // classic professional: 2 working days from Friday → Tuesday
    expect(
      earliestDeliveryDate({ serviceCategory: 'classic', visualComplexity: 'professional', today: '2025-01-03' }),
    ).toBe('2025-01-07');
    // vfx cinematic: 28 working days from Monday 6 January → Thursday 13 February
    expect(earliestDeliveryDate({ serviceCategory: 'vfx', visualComplexity: 'cinematic', today: '2025-01-06' })).toBe(
      '2025-02-13',
    );
    // motion premium: 7 working days from Wednesday 24 December → Thu 25, Fri 26, Mon 29, Tue 30, Wed 31,
    // Thu 1, Fri 2 (the spec counts Monday to Friday only: public holidays are working days here)
    expect(earliestDeliveryDate({ serviceCategory: 'motion', visualComplexity: 'premium', today: '2025-12-24' })).toBe(
      '2026-01-02',
    );
  });

  it('refuses an earlier desired date with the minimum and the first possible date', () => {
    const rule = { serviceCategory: 'classic', visualComplexity: 'expert', today: '2026-02-26' } as const;
    expect(checkDesiredDeliveryDate({ ...rule, desiredDate: '2026-03-03' })).toEqual({
      ok: false,
      minimumWorkingDays: 4,
      earliestDate: '2026-03-04',
    });
    expect(checkDesiredDeliveryDate({ ...rule, desiredDate: '2026-03-04' })).toEqual({ ok: true });
    expect(checkDesiredDeliveryDate({ ...rule, desiredDate: '2026-04-01' })).toEqual({ ok: true });
  });

  it('sets the date input minimum from the standard days (3 without an estimate), never before the earliest date', () => {
    const classic = { serviceCategory: 'classic', visualComplexity: 'professional', today: '2025-01-03' } as const;
    // no estimate: 3 working days from Friday → Wednesday 8 (later than the 2-day minimum, Tuesday 7)
    expect(deliveryDateInputMinimum(classic)).toBe('2025-01-08');
    // an estimate of 2 standard days → Tuesday 7
    expect(deliveryDateInputMinimum({ ...classic, standardDays: 2 })).toBe('2025-01-07');
    // classic cinematic needs 4 working days → Thursday 9, even with 2 standard days
    expect(deliveryDateInputMinimum({ ...classic, visualComplexity: 'cinematic', standardDays: 2 })).toBe('2025-01-09');
  });
});

describe('category standard days: √ and log scaling, express from 4 days halves them (§9.3)', () => {
  it.each([
    // classic F 5, R 30: 5 × max(1, √1) × max(1, log10 4 = 0.60) = 5; express ⌈2.5⌉ = 3
    [{ serviceCategory: 'classic' }, 5, 3],
    // classic F 20, R 300: 5 × √4 × log10 31 (1.4914) = 14.91 → 15; express ⌈7.5⌉ = 8
    [{ serviceCategory: 'classic', finalMinutes: 20, rushMinutes: 300 }, 15, 8],
    // motion F 20, R 90: 10 × 2 × log10 10 = 20 exactly; express 10
    [{ serviceCategory: 'motion', finalMinutes: 20, rushMinutes: 90 }, 20, 10],
    // vfx F 5, R 90: 30 × 1 × 1 = 30; express 15
    [{ serviceCategory: 'vfx', rushMinutes: 90 }, 30, 15],
    // specialty F 1, R 5: 14 × max(1, √0.2) × max(1, log10 1.5) = 14; express 7
    [{ serviceCategory: 'specialty', finalMinutes: 1, rushMinutes: 5 }, 14, 7],
  ] as const)('%o → %i days, express %i', (input, standardDays, expressDays) => {
    expect(categoryDeliveryDays(input)).toEqual({ standardDays, expressAvailable: true, expressDays });
  });
});
