/**
 * A copy of a document examined for a Form I-9 (payroll/i9_document_copies; docs/files.md "I-9
 * document copies"): its document is one of the chosen employee's I-9 documents (I9DocumentWidget),
 * so choosing another employee clears the document chosen for the one before.
 */
import type { FormBehaviour } from '../behaviour/behaviour.ts';

export const i9DocumentCopyBehaviour: FormBehaviour = {
  patches: {
    employee_id: (next, prev) => (next.employee_id !== prev.employee_id ? { document_id: undefined } : {}),
  },
};
