import { TERMS } from '../content/terms';
import { LegalPage } from './legal-page';

export function TermsPage() {
  return <LegalPage documents={TERMS} />;
}
