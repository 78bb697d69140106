import type { ReactNode } from 'react';
import type { FormField } from '../../../components/fieldErrors.js';
import type { QueryFormFields } from '../queryFields.js';

/**
 * What a group of the query form gets from it: the fields, `patch` (sets some fields and clears the problems shown
 * by them), the ARIA attributes and the problem line of a field, and the name of the zone times are read in.
 */
export interface FieldKit {
  f: QueryFormFields;
  patch: (changes: Partial<QueryFormFields>) => void;
  aria: (field: FormField) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  problem: (field: FormField) => ReactNode;
  problemText: (field: FormField) => string | undefined;
  problemId: (field: FormField) => string;
  zoneName: string;
}

/** Placeholder of a time field: an example no one takes for a value (shown muted and italic). */
export const TIME_PLACEHOLDER = 'e.g. 2024-03-10 05:00';
