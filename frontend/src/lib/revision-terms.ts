import { revisionsOffered, type RevisionRule } from '@domain/revision-rule';
import type { TFunction } from 'i18next';

/**
 * The revision rule in the reader's language, with the admin settings' numbers: the same sentence
 * as the server's `revisionRuleSentence` in French (same words, same plurals), English otherwise.
 */
export function revisionTermsText(t: TFunction, rule: RevisionRule | undefined): string {
  if (!rule) return t('revisionTerms.pending');
  if (!revisionsOffered(rule)) return t('revisionTerms.sentenceNone');
  return t('revisionTerms.sentence', {
    revisions: t('revisionTerms.revisions', { count: rule.maxRevisions }),
    days: t('revisionTerms.days', { count: rule.revisionWindowDays }),
  });
}
