import { estimate } from '../../domain/pricing';
import { estimateInputSchema } from '../../domain/schemas/estimate';

function fieldMessages(input: unknown): Record<string, string> {
  const result = estimateInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
}

describe('the shared estimate schema', () => {
  it('accepts the minimal input and fills the options', () => {
    const parsed = estimateInputSchema.parse({ visualComplexity: 'premium', currency: 'usd' });
    expect(parsed).toEqual({ visualComplexity: 'premium', currency: 'usd', features: {} });
    expect(estimate(parsed).price).toBe(96); // classic premium: 2.784 h → 3 h × 32
  });

  it('names each bad field in French', () => {
    expect(
      fieldMessages({
        serviceCategory: 'wedding',
        visualComplexity: 'simple',
        rushMinutes: 0,
        finalMinutes: 'dix',
        currency: 'gbp',
        features: { subtitles: 'oui', karaoke: true },
        express: 'yes',
        flatExtras: { extraFormats: -1, subtitles: 'some' },
      }),
    ).toEqual({
      serviceCategory: 'Catégorie de service inconnue.',
      visualComplexity: 'Choisissez une complexité visuelle : professional, premium, expert ou cinematic.',
      rushMinutes: 'La durée des rushs doit être supérieure à 0 minute.',
      finalMinutes: 'La durée finale doit être un nombre de minutes.',
      currency: 'La devise doit être eur ou usd.',
      'features.subtitles': 'L’option « Sous-titres » doit valoir vrai ou faux.',
      features: 'Option inconnue : karaoke.',
      express: 'La livraison express doit valoir vrai ou faux.',
      'flatExtras.extraFormats': 'Le nombre de formats supplémentaires ne peut pas être négatif.',
      'flatExtras.subtitles': 'Le type de sous-titres doit être none, full ou key_points.',
    });
  });

  it('requires the complexity and the currency, and an object', () => {
    expect(Object.keys(fieldMessages({}))).toEqual(['visualComplexity', 'currency']);
    expect(fieldMessages([])).toEqual({ _: 'La demande d’estimation doit être un objet JSON.' });
  });

  it('bounds the durations', () => {
    expect(
      fieldMessages({ visualComplexity: 'premium', currency: 'eur', rushMinutes: 10_001, finalMinutes: 1_001 }),
    ).toEqual({
      rushMinutes: 'La durée des rushs ne peut pas dépasser 10\u202f000 minutes.',
      finalMinutes: 'La durée finale ne peut pas dépasser 1\u202f000 minutes.',
    });
  });
});
