/**
 * The state withholding form definitions (payroll/state_w4_form records) shipped with the product:
 * one JSON data file per printable state type, named after it (california.json). Bootstrap loads them
 * into the store; nothing here writes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../project/root.ts';
import type { PayrollStateW4Form } from '../../../types/generated/payroll/state_w4_form.ts';

const STATE_FORMS_DIR = path.join(PROJECT_ROOT, 'server', 'seed', 'state-forms');

/**
 * A shipped definition: a record of payroll/state_w4_form (typed from its schema by npm run
 * gen:types) with every part given.
 */
export type ShippedStateForm = PayrollStateW4Form &
  Required<Pick<PayrollStateW4Form, 'form_name' | 'printable_type' | 'instructions' | 'links'>> & {
    transforms: Required<NonNullable<PayrollStateW4Form['transforms']>>;
  };

/** Every definition in `dir`, sorted by file name; a file that is not JSON stops with its name. */
export function readStateForms(dir: string = STATE_FORMS_DIR): { file: string; definition: ShippedStateForm }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      try {
        return { file, definition: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ShippedStateForm };
      } catch (e) {
        throw new Error(`state-forms: ${file} is not valid JSON: ${(e as Error).message}`);
      }
    });
}
