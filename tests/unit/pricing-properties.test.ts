import fc from 'fast-check';
import {
  ESTIMATE_CURRENCIES,
  estimate,
  FEATURES,
  SERVICE_CATEGORIES,
  VISUAL_COMPLEXITIES,
  type EstimateInput,
  type Features,
} from '../../domain/pricing';

const features: fc.Arbitrary<Features> = fc.record(
  Object.fromEntries(FEATURES.map((feature) => [feature, fc.boolean()])) as Record<
    keyof Features,
    fc.Arbitrary<boolean>
  >,
  { requiredKeys: [] },
);
const minutes = fc.double({ min: 0.1, max: 10_000, noNaN: true, noDefaultInfinity: true });

const input: fc.Arbitrary<EstimateInput> = fc.record(
  {
    serviceCategory: fc.constantFrom(...SERVICE_CATEGORIES),
    visualComplexity: fc.constantFrom(...VISUAL_COMPLEXITIES),
    rushMinutes: minutes,
    finalMinutes: fc.double({ min: 0.1, max: 1_000, noNaN: true, noDefaultInfinity: true }),
    currency: fc.constantFrom(...ESTIMATE_CURRENCIES),
    features,
    express: fc.boolean(),
  },
  { requiredKeys: ['visualComplexity', 'currency', 'features'] },
);

describe('estimate: properties', () => {
  it('never puts the time below the floor (final / category divisor)', () => {
    fc.assert(
      fc.property(input, (value) => {
        const result = estimate(value);
        expect(result.hours).toBeGreaterThanOrEqual(result.floorHours);
        expect(result.hours).toBeGreaterThanOrEqual(result.baseHours);
      }),
    );
  });

  it('never decreases when the rush grows', () => {
    fc.assert(
      fc.property(input, minutes, (value, more) => {
        const before = estimate(value);
        const after = estimate({ ...value, rushMinutes: before.rushMinutes + more, finalMinutes: before.finalMinutes });
        expect(after.hours).toBeGreaterThanOrEqual(before.hours);
        expect(after.price).toBeGreaterThanOrEqual(before.price);
      }),
    );
  });

  it('never decreases when the final film grows (rush unchanged)', () => {
    fc.assert(
      fc.property(input, fc.double({ min: 0.1, max: 500, noNaN: true }), (value, more) => {
        const before = estimate(value);
        const after = estimate({ ...value, rushMinutes: before.rushMinutes, finalMinutes: before.finalMinutes + more });
        expect(after.hours).toBeGreaterThanOrEqual(before.hours);
        expect(after.price).toBeGreaterThanOrEqual(before.price);
        expect(after.standardDays).toBeGreaterThanOrEqual(before.standardDays);
      }),
    );
  });

  it('prices whole hours: price and express price are multiples of the rate, at least one hour', () => {
    fc.assert(
      fc.property(input, (value) => {
        const result = estimate(value);
        expect(result.billedHours).toBeGreaterThanOrEqual(1);
        expect(Number.isInteger(result.billedHours)).toBe(true);
        expect(result.priceCents % (result.hourlyRate * 100)).toBe(0);
        expect(result.expressPriceCents % (result.hourlyRate * 100)).toBe(0);
        expect(result.expressPriceCents).toBeGreaterThanOrEqual(result.priceCents);
        expect(Math.abs(result.billedHours - result.hours)).toBeLessThanOrEqual(Math.max(0.5, 1 - result.hours) + 1e-9);
      }),
    );
  });

  it('gives whole cents, the offer at 70 % to the cent', () => {
    fc.assert(
      fc.property(input, (value) => {
        const result = estimate(value);
        for (const cents of [
          result.priceCents,
          result.offerPriceCents,
          result.totalPriceCents,
          result.totalOfferPriceCents,
        ]) {
          expect(Number.isInteger(cents)).toBe(true);
        }
        expect(Math.abs(result.offerPriceCents - result.priceCents * 0.7)).toBeLessThanOrEqual(0.5);
        expect(result.offerPrice).toBe(result.offerPriceCents / 100);
      }),
    );
  });
});
