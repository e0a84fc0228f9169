import { PRIVACY } from '../content/privacy';
import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return <LegalPage documents={PRIVACY} />;
}
