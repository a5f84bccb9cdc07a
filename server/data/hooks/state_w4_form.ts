/**
 * payroll/state_w4_form: a definition's fields must be a JSON Schema that passes the draft-07
 * meta-schema and compiles, and its transforms must parse, before anyone's form is drawn from it.
 */
import { checkDefinitionFields, checkDefinitionTransforms } from '../../payroll/state-forms.ts';
import type { EntityHooks } from '../hooks.ts';

export const stateW4FormHooks: EntityHooks = {
  validate({ data }) {
    return [...checkDefinitionFields(data.fields), ...checkDefinitionTransforms(data.transforms)];
  },
};
