import { quoteFullFormBrief, quoteWizardBrief } from '../../domain/brief-estimate';
import {
  addWorkingDays,
  checkDesiredDeliveryDate,
  earliestDeliveryDate,
  isWorkingDay,
  todayIn,
} from '../../domain/delivery';
import { estimate, minimumWorkingDays, SERVICE_CATEGORIES, VISUAL_COMPLEXITIES } from '../../domain/pricing';
import { expressUnavailableMessage, frenchWorkingDays } from '../../domain/schemas/brief';

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
});

describe('working days in French', () => {
  it('says « 1 jour ouvré » in the singular and « 28 jours ouvrés » in the plural', () => {
    expect(frenchWorkingDays(1)).toBe('1 jour ouvré');
    expect(frenchWorkingDays(28)).toBe('28 jours ouvrés');
    expect(expressUnavailableMessage(1)).toContain('son délai de 1 jour ouvré est déjà le minimum');
  });
});

describe('promised working days: the time rule, never under the category minimum', () => {
  it('promises the minimum where the time rule is shorter (VFX cinématique, rush 40, final 2)', () => {
    // 45 h → 6 standard days by the time rule, but VFX cinématique needs ⌈14 × 2⌉ = 28 working days
    const { estimate: result, deliveryDays } = quoteFullFormBrief({
      serviceCategory: 'vfx',
      visualComplexity: 'cinematic',
      totalRushDurationProvided: 40,
      desiredFinalDuration: '2',
    });
    expect(result).toMatchObject({ hours: 45, standardDays: 6, expressDays: 5, minimumWorkingDays: 28 });
    expect(result.deliveryWorkingDays).toBe(28);
    expect(result.expressDeliveryWorkingDays).toBeNull();
    expect(deliveryDays).toBe(28);
  });

  it('promises the minimum for motion expert (8 days, not the time rule’s 2)', () => {
    const { estimate: result } = quoteFullFormBrief({ serviceCategory: 'motion', visualComplexity: 'expert' });
    expect(result).toMatchObject({ standardDays: 2, minimumWorkingDays: 8, deliveryWorkingDays: 8 });
    expect(result.expressDeliveryWorkingDays).toBeNull();
  });

  it('keeps the time rule’s days where they are above the minimum, and offers express one day sooner', () => {
    // wizard, premium, 30 min from 300 min, 11-20 files: 10.5 h × 2.4 = 25.2 h → 4 days; minimum ⌈2 × 1.3⌉ = 3
    const fields = {
      visual_complexity: 'premium',
      final_duration: 30,
      total_rush_duration: 300,
      number_of_files: '11-20',
    };
    const standard = quoteWizardBrief({ ...fields, deadline: 'standard' });
    expect(standard.estimate).toMatchObject({
      standardDays: 4,
      minimumWorkingDays: 3,
      deliveryWorkingDays: 4,
      expressDeliveryWorkingDays: 3,
    });
    expect(standard.deliveryDays).toBe(4);
    expect(quoteWizardBrief({ ...fields, deadline: 'express' }).deliveryDays).toBe(3);
  });

  it('offers no express where the standard promise already is the minimum (a small classic video)', () => {
    const quote = quoteWizardBrief({ final_duration: 5, deadline: 'express' });
    expect(quote.estimate).toMatchObject({ standardDays: 2, expressDays: 1, minimumWorkingDays: 2 });
    expect(quote.estimate.expressDeliveryWorkingDays).toBeNull();
    // The browser never sends it (the option is withdrawn); were it sent, the promise stays the standard one.
    expect(quote.deliveryDays).toBe(2);
  });

  it.each(
    SERVICE_CATEGORIES.flatMap((serviceCategory) =>
      VISUAL_COMPLEXITIES.flatMap((visualComplexity) =>
        [
          [1, 0.5],
          [30, 5],
          [300, 30],
          [2000, 120],
        ].map(([rushMinutes, finalMinutes]) => ({ serviceCategory, visualComplexity, rushMinutes, finalMinutes })),
      ),
    ),
  )('a date at the promise is never refused: %o', (input) => {
    const result = estimate({ ...input, currency: 'eur', features: {} });
    const today = '2026-03-06';
    for (const days of [result.deliveryWorkingDays, result.expressDeliveryWorkingDays]) {
      if (days === null) continue;
      expect(days).toBeGreaterThanOrEqual(result.minimumWorkingDays);
      expect(checkDesiredDeliveryDate({ ...input, today, desiredDate: addWorkingDays(today, days) })).toEqual({
        ok: true,
      });
    }
    expect(result.deliveryWorkingDays).toBe(Math.max(result.standardDays, result.minimumWorkingDays));
    if (result.expressDeliveryWorkingDays !== null) {
      expect(result.expressDeliveryWorkingDays).toBeLessThan(result.deliveryWorkingDays);
    }
  });
});
