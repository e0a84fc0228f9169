import type { EstimateCurrency } from '@domain/pricing';

/** An amount in cents, with decimals only when there are cents (54 €, 37,80 €). */
export function formatMoney(cents: number, currency: EstimateCurrency, language: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** Hours with one decimal at most (2,3 h). */
export function formatHours(hours: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(hours);
}

/** A factor or score with two decimals at most (×1,3, score 1,56). */
export function formatFactor(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A time multiplier as the percentage it adds or removes (1.15 → +15 %, 0.8 → −20 %). */
export function formatPercentChange(multiplier: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  }).format(Math.round((multiplier - 1) * 100) / 100);
}
