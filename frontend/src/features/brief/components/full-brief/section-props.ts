import type { FullBrief, FullBriefPayload } from '@domain/schemas/brief';
import type { UseFormReturn } from 'react-hook-form';

/** What each section of the full brief gets: the form and its current values. */
export interface FullBriefSectionProps {
  form: UseFormReturn<FullBriefPayload, unknown, FullBrief>;
  values: FullBriefPayload;
}
