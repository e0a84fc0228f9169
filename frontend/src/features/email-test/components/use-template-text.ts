import { EMAIL_TEST_TEMPLATES, type EmailTestTemplate } from '@domain/email-tests';
import { useTranslation } from 'react-i18next';

/** A template's name and what it sends, in the interface language. */
export function useTemplateText() {
  const { i18n } = useTranslation();
  const english = i18n.resolvedLanguage === 'en';
  return (template: EmailTestTemplate) => {
    const entry = EMAIL_TEST_TEMPLATES.find((candidate) => candidate.value === template)!;
    return english ? { name: entry.en, detail: entry.enDetail } : { name: entry.fr, detail: entry.frDetail };
  };
}
