import { ACCESSIBILITY } from '../content/accessibility';
import { LegalPage } from './legal-page';

/** « Déclaration d'accessibilité » on RGAA's model, computed from the audit (lib/accessibility-audit.ts). */
export function AccessibilityStatementPage() {
  return <LegalPage documents={ACCESSIBILITY} />;
}
