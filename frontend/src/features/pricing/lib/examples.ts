import type { EstimateInput } from '@domain/pricing';

/**
 * The three worked examples of the pricing page: only the briefs are written here; their time,
 * price and delay are computed by `estimate()` in the page, like any client brief.
 */
export const PRICING_EXAMPLES = [
  {
    id: 'youtube',
    input: {
      serviceCategory: 'classic',
      visualComplexity: 'professional',
      rushMinutes: 60,
      finalMinutes: 10,
      features: { subtitles: true },
    },
  },
  {
    id: 'corporate',
    input: {
      serviceCategory: 'classic',
      visualComplexity: 'premium',
      rushMinutes: 90,
      finalMinutes: 3,
      features: { colorGrading: true, soundDesign: true },
    },
  },
  {
    id: 'motion',
    input: {
      serviceCategory: 'motion',
      visualComplexity: 'premium',
      rushMinutes: 30,
      finalMinutes: 1,
      features: { customGraphics: true },
    },
  },
] as const satisfies readonly { id: string; input: Omit<EstimateInput, 'currency'> }[];
