import type { WizardBrief, WizardBriefPayload } from '@domain/schemas/brief';
import type { UseFormReturn } from 'react-hook-form';
import type { FieldMessages } from '../../fields';

/** What a section of the brief step reads: the form, the answers so far and their errors. */
export interface BriefSectionProps {
  form: UseFormReturn<WizardBriefPayload, unknown, WizardBrief>;
  values: WizardBriefPayload;
  errors: FieldMessages;
}
