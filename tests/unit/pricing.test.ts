import {
  estimate,
  overrunNeedsJustification,
  simulatorMinutes,
  SIMULATOR_LIMITS,
  standardDaysForHours,
  type Estimate,
  type EstimateInput,
} from '../../domain/pricing';

/**
 * Every expected value is worked out by hand from spec 001 §9.2–9.3 (see docs/pricing.md):
 *   base  = 0.015 × tm × R + 0.2 × tm × F          (tm = category time multiplier)
 *   floor = F / divisor                             (classic 4.5, motion 3, specialty 2.5, 3D 1.5, vfx 1)
 *   score = visual × category × options × 1.2       (corrections always on)
 *   hours = max(base, floor) × score; billed = max(1, round(hours)); price = billed × rate
 *   days  = hours ≤ 14 ? 2 : 3 + ⌊(hours − 15) / 10⌋; express × (days ≤ 3 ? 1.4 : 1.5)
 * With the defaults F = 5 and R = 30, classic's base is 0.45 + 1 = 1.45 h.
 */
type Expected = Partial<Omit<Estimate, 'hours'>> & { hours: number };
interface Case {
  name: string;
  input: Partial<EstimateInput>;
  expected: Expected;
}

const classicPro = { serviceCategory: 'classic', visualComplexity: 'professional' } as const;

const CASES: Case[] = [
  // — every category, professional, default durations (F 5, R 30), EUR
  {
    name: 'classic professional, all defaults',
    input: { ...classicPro },
    // base 1.45 (floor 5/4.5 = 1.111 not binding); score 1.3 × 1 × 1.2 = 1.56; hours 2.262 → 2 h × 27 = 54;
    // offer 37.80; days 2 (≤ 14 h) → express ×1.4: 3.1668 → 3 h = 81, express days 1; minimum ⌈2 × 1⌉ = 2
    expected: {
      hours: 2.262,
      complexityScore: 1.56,
      billedHours: 2,
      price: 54,
      priceCents: 5400,
      offerPrice: 37.8,
      offerPriceCents: 3780,
      standardDays: 2,
      expressDays: 1,
      expressMultiplier: 1.4,
      expressBilledHours: 3,
      expressPrice: 81,
      minimumWorkingDays: 2,
      customQuoteRecommended: false,
      floorApplied: false,
      rushMinutes: 30,
      finalMinutes: 5,
    },
  },
  {
    name: 'motion professional',
    input: { serviceCategory: 'motion', visualComplexity: 'professional' },
    // base 2 × 1.45 = 2.9 (floor 5/3); score 1.3 × 1.5 × 1.2 = 2.34 → 6.786 → 7 h × 45 = 315; offer 220.50;
    // score 2.34 > 2 → custom quote; minimum 5
    expected: {
      hours: 6.786,
      billedHours: 7,
      price: 315,
      offerPrice: 220.5,
      customQuoteRecommended: true,
      minimumWorkingDays: 5,
      standardDays: 2,
    },
  },
  {
    name: 'specialty professional',
    input: { serviceCategory: 'specialty', visualComplexity: 'professional' },
    // base 2.5 × 1.45 = 3.625 (floor 2); score 1.3 × 2 × 1.2 = 3.12 → 11.31 → 11 h × 60 = 660; offer 462; minimum 7
    expected: { hours: 11.31, billedHours: 11, price: 660, offerPrice: 462, minimumWorkingDays: 7, standardDays: 2 },
  },
  {
    name: 'animation3d professional',
    input: { serviceCategory: 'animation3d', visualComplexity: 'professional' },
    // base 4 × 1.45 = 5.8; score 1.3 × 2.5 × 1.2 = 3.9 → 22.62 → 23 h × 70 = 1610; days 3 + ⌊7.62/10⌋ = 3 →
    // express ×1.4: 31.668 → 32 h × 70 = 2240, express days 2; minimum 10
    expected: {
      hours: 22.62,
      billedHours: 23,
      price: 1610,
      standardDays: 3,
      expressMultiplier: 1.4,
      expressBilledHours: 32,
      expressPrice: 2240,
      expressDays: 2,
      minimumWorkingDays: 10,
    },
  },
  {
    name: 'vfx professional',
    input: { serviceCategory: 'vfx', visualComplexity: 'professional' },
    // base 5 × 1.45 = 7.25 (floor 5); score 1.3 × 3 × 1.2 = 4.68 → 33.93 → 34 h × 85 = 2890; offer 2023;
    // days 3 + ⌊18.93/10⌋ = 4 → express ×1.5: 50.895 → 51 h × 85 = 4335, express days 3; minimum 14
    expected: {
      hours: 33.93,
      billedHours: 34,
      price: 2890,
      offerPrice: 2023,
      standardDays: 4,
      expressMultiplier: 1.5,
      expressBilledHours: 51,
      expressPrice: 4335,
      expressDays: 3,
      minimumWorkingDays: 14,
    },
  },

  // — every visual complexity on classic
  {
    name: 'classic premium',
    input: { serviceCategory: 'classic', visualComplexity: 'premium' },
    // score 1.6 × 1.2 = 1.92 → 1.45 × 1.92 = 2.784 → 3 h = 81; offer 56.70; minimum ⌈2 × 1.3⌉ = 3
    expected: {
      hours: 2.784,
      complexityScore: 1.92,
      billedHours: 3,
      price: 81,
      offerPrice: 56.7,
      minimumWorkingDays: 3,
      customQuoteRecommended: false,
    },
  },
  {
    name: 'classic expert',
    input: { serviceCategory: 'classic', visualComplexity: 'expert' },
    // score 2 × 1.2 = 2.4 → 3.48 → 3 h = 81; 2.4 > 2 → custom quote; minimum ⌈2 × 1.6⌉ = 4
    expected: {
      hours: 3.48,
      complexityScore: 2.4,
      billedHours: 3,
      price: 81,
      customQuoteRecommended: true,
      minimumWorkingDays: 4,
    },
  },
  {
    name: 'classic cinematic',
    input: { serviceCategory: 'classic', visualComplexity: 'cinematic' },
    // score 2.5 × 1.2 = 3 → 4.35 → 4 h = 108; offer 75.60; minimum ⌈2 × 2⌉ = 4
    expected: { hours: 4.35, complexityScore: 3, billedHours: 4, price: 108, offerPrice: 75.6, minimumWorkingDays: 4 },
  },

  // — both currencies
  {
    name: 'classic professional in USD',
    input: { ...classicPro, currency: 'usd' },
    // 2 h × 32 = 64; offer 44.80
    expected: {
      hours: 2.262,
      hourlyRate: 32,
      price: 64,
      priceCents: 6400,
      offerPrice: 44.8,
      offerPriceCents: 4480,
      currency: 'usd',
    },
  },
  {
    name: 'vfx professional in USD',
    input: { serviceCategory: 'vfx', visualComplexity: 'professional', currency: 'usd' },
    // 34 h × 102 = 3468; offer 2427.60; express 51 h × 102 = 5202
    expected: { hours: 33.93, hourlyRate: 102, price: 3468, offerPrice: 2427.6, expressPrice: 5202 },
  },
  {
    name: 'motion professional in USD',
    input: { serviceCategory: 'motion', visualComplexity: 'professional', currency: 'usd' },
    // 7 h × 54 = 378; offer 264.60
    expected: { hours: 6.786, price: 378, offerPrice: 264.6 },
  },

  // — every option alone, on an explicit classic professional (2.262 h × option)
  // subtitles ×1.15: 2.6013 → 3 h = 81
  {
    name: 'subtitles alone',
    input: { ...classicPro, features: { subtitles: true } },
    expected: { hours: 2.6013, billedHours: 3, price: 81 },
  },
  // voice-over ×1.1: 2.4882 → 2 h = 54
  {
    name: 'voice-over alone',
    input: { ...classicPro, features: { voiceover: true } },
    expected: { hours: 2.4882, billedHours: 2, price: 54 },
  },
  // colour grading ×1.15: 2.6013 → 3 h = 81
  {
    name: 'colour grading alone',
    input: { ...classicPro, features: { colorGrading: true } },
    expected: { hours: 2.6013, price: 81 },
  },
  // multi-cam ×1.25: 2.8275 → 3 h = 81
  {
    name: 'multi-cam alone',
    input: { ...classicPro, features: { multicam: true } },
    expected: { hours: 2.8275, price: 81 },
  },
  // template ×0.8: 1.8096 → 2 h = 54; score 1.248
  {
    name: 'template alone',
    input: { ...classicPro, features: { template: true } },
    expected: { hours: 1.8096, complexityScore: 1.248, price: 54 },
  },
  // sound design ×1.3: 2.9406 → 3 h = 81
  {
    name: 'sound design alone',
    input: { ...classicPro, features: { soundDesign: true } },
    expected: { hours: 2.9406, price: 81 },
  },
  // custom graphics ×1.4: 3.1668 → 3 h = 81
  {
    name: 'custom graphics alone',
    input: { ...classicPro, features: { customGraphics: true } },
    expected: { hours: 3.1668, price: 81, serviceCategory: 'classic' },
  },
  // advanced effects ×1.6: 3.6192 → 4 h = 108
  {
    name: 'advanced effects alone',
    input: { ...classicPro, features: { advancedEffects: true } },
    expected: { hours: 3.6192, price: 108 },
  },
  // professional grading ×1.25: 2.8275 → 3 h = 81
  {
    name: 'professional grading alone',
    input: { ...classicPro, features: { professionalGrading: true } },
    expected: { hours: 2.8275, price: 81 },
  },
  // motion design ×1.5 (category is not motion): 3.393 → 3 h = 81
  {
    name: 'motion design alone',
    input: { ...classicPro, features: { motionDesign: true } },
    expected: { hours: 3.393, price: 81 },
  },
  // 3D ×2.5 (category is not animation3d): 5.655 → 6 h = 162
  {
    name: '3D alone',
    input: { ...classicPro, features: { animation3d: true } },
    expected: { hours: 5.655, billedHours: 6, price: 162 },
  },
  // VFX ×2 (category is not vfx): 4.524 → 5 h = 135
  {
    name: 'VFX alone',
    input: { ...classicPro, features: { vfx: true } },
    expected: { hours: 4.524, billedHours: 5, price: 135 },
  },

  // — a category's own option is switched on and never multiplies again (§4.4, §9.2)
  {
    name: 'motion with motion design: no ×1.5',
    input: { serviceCategory: 'motion', visualComplexity: 'professional', features: { motionDesign: true } },
    // same as motion professional: 6.786 → 7 h = 315
    expected: { hours: 6.786, price: 315 },
  },
  {
    name: 'animation3d switches 3D on, without ×2.5',
    input: { serviceCategory: 'animation3d', visualComplexity: 'professional' },
    // same as animation3d professional: 22.62 h; the feature list shows 3D on
    expected: { hours: 22.62, features: { animation3d: true } },
  },

  // — derived categories (§4.4), no serviceCategory given
  {
    name: 'derived: custom graphics → motion',
    input: { visualComplexity: 'professional', features: { customGraphics: true } },
    // motion: base 2.9; score 1.3 × 1.5 × 1.4 × 1.2 = 3.276 (motion design switched on, not multiplied) → 9.5004 → 10 h × 45 = 450
    expected: {
      serviceCategory: 'motion',
      serviceCategoryDerived: true,
      hours: 9.5004,
      billedHours: 10,
      price: 450,
      features: { customGraphics: true, motionDesign: true },
    },
  },
  {
    name: 'derived: motion design → motion',
    input: { visualComplexity: 'professional', features: { motionDesign: true } },
    // motion, motion design not multiplied: 6.786 → 7 h = 315
    expected: { serviceCategory: 'motion', hours: 6.786, price: 315 },
  },
  {
    name: 'derived: advanced effects → specialty',
    input: { visualComplexity: 'professional', features: { advancedEffects: true } },
    // base 3.625; score 1.3 × 2 × 1.6 × 1.2 = 4.992 → 18.096 → 18 h × 60 = 1080; days 3 + ⌊3.096/10⌋ = 3 →
    // express ×1.4: 25.3344 → 25 h = 1500
    expected: {
      serviceCategory: 'specialty',
      hours: 18.096,
      price: 1080,
      standardDays: 3,
      expressMultiplier: 1.4,
      expressPrice: 1500,
    },
  },
  {
    name: 'derived: professional grading → specialty (just above 14 h)',
    input: { visualComplexity: 'professional', features: { professionalGrading: true } },
    // score 1.3 × 2 × 1.25 × 1.2 = 3.9 → 3.625 × 3.9 = 14.1375 → 14 h × 60 = 840; days 3 + ⌊−0.8625/10⌋ = 3 − 1 = 2;
    // express ×1.4: 19.7925 → 20 h = 1200
    expected: { serviceCategory: 'specialty', hours: 14.1375, price: 840, standardDays: 2, expressPrice: 1200 },
  },
  {
    name: 'derived: 3D → vfx, where 3D still multiplies',
    input: { visualComplexity: 'professional', features: { animation3d: true } },
    // vfx: base 7.25; score 1.3 × 3 × 2.5 × 1.2 = 11.7 → 84.825 → 85 h × 85 = 7225; days 3 + ⌊69.825/10⌋ = 9;
    // express ×1.5: 127.2375 → 127 h = 10795
    expected: {
      serviceCategory: 'vfx',
      hours: 84.825,
      billedHours: 85,
      price: 7225,
      standardDays: 9,
      expressMultiplier: 1.5,
      expressPrice: 10795,
    },
  },
  {
    name: 'derived: VFX → vfx, not multiplied',
    input: { visualComplexity: 'professional', features: { vfx: true } },
    // as vfx professional: 33.93 → 34 h = 2890
    expected: { serviceCategory: 'vfx', hours: 33.93, price: 2890 },
  },
  {
    name: 'derived order: VFX beats motion design',
    input: { visualComplexity: 'professional', features: { vfx: true, motionDesign: true } },
    // vfx; score 4.68 × 1.5 = 7.02 → 7.25 × 7.02 = 50.895 → 51 h × 85 = 4335
    expected: { serviceCategory: 'vfx', hours: 50.895, price: 4335 },
  },
  {
    name: 'derived order: custom graphics beats advanced effects',
    input: { visualComplexity: 'professional', features: { customGraphics: true, advancedEffects: true } },
    // motion; score 1.3 × 1.5 × 1.4 × 1.6 × 1.2 = 5.2416 → 2.9 × 5.2416 = 15.20064 → 15 h × 45 = 675
    expected: { serviceCategory: 'motion', hours: 15.20064, price: 675 },
  },
  {
    name: 'derived: nothing → classic',
    input: { visualComplexity: 'premium' },
    // as classic premium: 2.784 → 3 h = 81
    expected: { serviceCategory: 'classic', serviceCategoryDerived: true, hours: 2.784, price: 81 },
  },

  // — the time floor (only classic's can bind: base ≥ floor for the others whatever R)
  {
    name: 'floor binding: classic F 10, R 10',
    input: { ...classicPro, finalMinutes: 10, rushMinutes: 10 },
    // base 0.15 + 2 = 2.15 < floor 10/4.5 = 2.2222 → 2.2222 × 1.56 = 3.46667 → 3 h = 81
    expected: { hours: 3.4666667, baseHours: 2.15, floorApplied: true, billedHours: 3, price: 81 },
  },
  {
    name: 'floor not binding: classic F 10, R 15',
    input: { ...classicPro, finalMinutes: 10, rushMinutes: 15 },
    // base 0.225 + 2 = 2.225 > floor 2.2222 → 2.225 × 1.56 = 3.471 → 3 h = 81
    expected: { hours: 3.471, floorApplied: false, price: 81 },
  },
  {
    name: 'floor binding on a long film: classic premium F 60, R 60',
    input: { serviceCategory: 'classic', visualComplexity: 'premium', finalMinutes: 60, rushMinutes: 60 },
    // base 0.9 + 12 = 12.9 < floor 13.333 → × 1.92 = 25.6 → 26 h × 27 = 702; days 3 + ⌊10.6/10⌋ = 4 →
    // express ×1.5: 38.4 → 38 h = 1026, express days 3
    expected: {
      hours: 25.6,
      floorApplied: true,
      billedHours: 26,
      price: 702,
      standardDays: 4,
      expressMultiplier: 1.5,
      expressPrice: 1026,
      expressDays: 3,
    },
  },
  {
    name: 'one-hour minimum: classic F 0.5, R 0.5',
    input: { ...classicPro, finalMinutes: 0.5, rushMinutes: 0.5 },
    // base 0.0075 + 0.1 = 0.1075 < floor 0.1111 → × 1.56 = 0.17333 → round 0 → max(1, 0) = 1 h = 27; offer 18.90
    expected: { hours: 0.1733333, billedHours: 1, price: 27, offerPrice: 18.9, floorApplied: true },
  },

  // — defaults: final 5, rush 6 × final
  {
    name: 'default rush = 6 × final',
    input: { ...classicPro, finalMinutes: 10 },
    // R = 60: base 0.9 + 2 = 2.9 → 4.524 → 5 h = 135
    expected: { rushMinutes: 60, hours: 4.524, price: 135 },
  },
  {
    name: 'default final = 5',
    input: { ...classicPro, rushMinutes: 120 },
    // F = 5: base 1.8 + 1 = 2.8 → 4.368 → 4 h = 108
    expected: { finalMinutes: 5, hours: 4.368, price: 108 },
  },

  // — combinations
  {
    name: 'classic premium with subtitles, voice-over and multi-cam',
    input: {
      serviceCategory: 'classic',
      visualComplexity: 'premium',
      finalMinutes: 10,
      rushMinutes: 120,
      features: { subtitles: true, voiceover: true, multicam: true },
    },
    // base 1.8 + 2 = 3.8; score 1.92 × 1.15 × 1.1 × 1.25 = 3.036 → 11.5368 → 12 h × 27 = 324; offer 226.80
    expected: { hours: 11.5368, complexityScore: 3.036, price: 324, offerPrice: 226.8 },
  },
  {
    name: 'same in USD',
    input: {
      serviceCategory: 'classic',
      visualComplexity: 'premium',
      finalMinutes: 10,
      rushMinutes: 120,
      currency: 'usd',
      features: { subtitles: true, voiceover: true, multicam: true },
    },
    // 12 h × 32 = 384; offer 268.80
    expected: { hours: 11.5368, price: 384, offerPrice: 268.8 },
  },
  {
    name: 'specialty cinematic, long film, sound design and professional grading',
    input: {
      serviceCategory: 'specialty',
      visualComplexity: 'cinematic',
      finalMinutes: 20,
      rushMinutes: 300,
      features: { soundDesign: true, professionalGrading: true },
    },
    // base 2.5 × (4.5 + 4) = 21.25 (floor 8); score 2.5 × 2 × 1.3 × 1.25 × 1.2 = 9.75 → 207.1875 → 207 h × 60 = 12420;
    // days 3 + ⌊192.1875/10⌋ = 22; express ×1.5: 310.78125 → 311 h = 18660; minimum ⌈7 × 2⌉ = 14
    expected: {
      hours: 207.1875,
      price: 12420,
      standardDays: 22,
      expressDays: 21,
      expressPrice: 18660,
      minimumWorkingDays: 14,
    },
  },
  {
    name: 'expert with template stays below the custom-quote score',
    input: { serviceCategory: 'classic', visualComplexity: 'expert', features: { template: true } },
    // score 2 × 0.8 × 1.2 = 1.92 ≤ 2 → no custom quote; 1.45 × 1.92 = 2.784 → 3 h = 81
    expected: { complexityScore: 1.92, customQuoteRecommended: false, hours: 2.784, price: 81 },
  },
  {
    name: 'premium with voice-over goes above the custom-quote score',
    input: { serviceCategory: 'classic', visualComplexity: 'premium', features: { voiceover: true } },
    // score 1.92 × 1.1 = 2.112 > 2 → custom quote; 1.45 × 2.112 = 3.0624 → 3 h = 81
    expected: { complexityScore: 2.112, customQuoteRecommended: true, hours: 3.0624, price: 81 },
  },

  // — express boundaries: 3 standard days (×1.4) and 4 (×1.5)
  {
    name: 'express at 3 standard days',
    input: { ...classicPro, rushMinutes: 1000 },
    // base 15 + 1 = 16 → × 1.56 = 24.96 → 25 h × 27 = 675; days 3 + ⌊9.96/10⌋ = 3 → ×1.4: 34.944 → 35 h = 945; express days 2
    expected: {
      hours: 24.96,
      price: 675,
      standardDays: 3,
      expressMultiplier: 1.4,
      expressBilledHours: 35,
      expressPrice: 945,
      expressDays: 2,
    },
  },
  {
    name: 'express at 4 standard days',
    input: { serviceCategory: 'classic', visualComplexity: 'premium', rushMinutes: 802 },
    // base 12.03 + 1 = 13.03 → × 1.92 = 25.0176 → 25 h = 675; days 3 + ⌊10.0176/10⌋ = 4 → ×1.5: 37.5264 → 38 h = 1026; express days 3
    expected: {
      hours: 25.0176,
      price: 675,
      standardDays: 4,
      expressMultiplier: 1.5,
      expressBilledHours: 38,
      expressPrice: 1026,
      expressDays: 3,
    },
  },

  // — what is charged: express and the wizard's flat lines
  {
    name: 'express chosen: the total is the express price',
    input: { ...classicPro, express: true },
    // total = express price 81 (3 h × 27); offer 70 % = 56.70; the standard price stays 54
    expected: {
      hours: 2.262,
      price: 54,
      totalPrice: 81,
      totalPriceCents: 8100,
      totalOfferPrice: 56.7,
      totalOfferPriceCents: 5670,
    },
  },
  {
    name: 'wizard lines: 2 extra formats, 48 h, full subtitles',
    input: { ...classicPro, flatExtras: { extraFormats: 2, express48h: true, subtitles: 'full' } },
    // extras 2 × 5 + 10 + 15 = 35; total 54 + 35 = 89; offer 62.30
    expected: {
      hours: 2.262,
      price: 54,
      extrasPrice: 35,
      totalPrice: 89,
      totalOfferPrice: 62.3,
      totalOfferPriceCents: 6230,
    },
  },
  {
    name: 'wizard lines: key-point subtitles, in USD',
    input: { ...classicPro, currency: 'usd', flatExtras: { subtitles: 'key_points' } },
    // extras 8; total 64 + 8 = 72; offer 50.40
    expected: { hours: 2.262, price: 64, extrasPrice: 8, totalPrice: 72, totalOfferPrice: 50.4 },
  },
];

describe('estimate: the worked table', () => {
  it('has at least 40 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  it.each(CASES)('$name', ({ input, expected }) => {
    const result = estimate({ visualComplexity: 'professional', currency: 'eur', features: {}, ...input });
    // Hours and scores are products of decimal factors: compared to 6 decimals, everything else exactly.
    const { hours, complexityScore, ...exact } = expected;
    expect(result.hours).toBeCloseTo(hours, 6);
    if (complexityScore !== undefined) expect(result.complexityScore).toBeCloseTo(complexityScore, 9);
    expect(result).toMatchObject(exact);
    // Invariants every row obeys.
    expect(result.price).toBe(result.billedHours * result.hourlyRate);
    expect(result.priceCents).toBe(result.billedHours * result.hourlyRate * 100);
    expect(result.offerPriceCents).toBe(Math.round(result.priceCents * 0.7));
    expect(result.hoursCeiling).toBeCloseTo(1.2 * result.hours, 9);
    expect(result.alertThreshold).toBeCloseTo(1.1 * result.hours, 9);
  });
});

describe('the time-based day rule (§9.3)', () => {
  it.each([
    [0.5, 2],
    [14, 2],
    [14.5, 2], // 3 + ⌊−0.05⌋ = 2
    [15, 3],
    [24.99, 3],
    [25, 4],
    [34.99, 4],
    [35, 5],
  ])('%p h → %p standard days', (hours, days) => expect(standardDaysForHours(hours)).toBe(days));
});

describe('alert threshold', () => {
  it('asks for a justification only above 110 % of the estimated time', () => {
    const result = estimate({ ...classicPro, currency: 'eur', features: {} }); // 2.262 h → threshold 2.4882 h
    expect(overrunNeedsJustification(result, 2.4882)).toBe(false);
    expect(overrunNeedsJustification(result, 2.49)).toBe(true);
  });
});

describe('simulator inputs (§2.3)', () => {
  it('turns non-numeric input into 1 and keeps the limits', () => {
    const rush = SIMULATOR_LIMITS.rushMinutes;
    const final = SIMULATOR_LIMITS.finalMinutes;
    expect(simulatorMinutes('abc', rush)).toBe(1);
    expect(simulatorMinutes('', final)).toBe(1);
    expect(simulatorMinutes('0', rush)).toBe(1);
    expect(simulatorMinutes('2500', rush)).toBe(1000);
    expect(simulatorMinutes('301', final)).toBe(300);
    expect(simulatorMinutes('12,5', final)).toBe(12.5);
    expect(simulatorMinutes(42, rush)).toBe(42);
    expect([rush.default, final.default]).toEqual([30, 5]);
  });
});
