/**
 * payroll/state_w4_form: a definition's fields must be a JSON Schema that passes the draft-07
 * meta-schema and compiles, its transforms must parse, and its printable layout (if any) must be a
 * valid layout of its own printable form type and state, and that type must be its own state's
 * (../../payroll/printable-types.ts), before anyone's form is drawn from it.
 */
import { dataLayoutProblems } from '../../../printable/layouts.ts';
import { checkDefinitionFields, checkDefinitionTransforms } from '../../payroll/state-forms.ts';
import { printableTypeErrors } from '../../payroll/printable-types.ts';
import type { EntityHooks } from '../hooks.ts';

export const stateW4FormHooks: EntityHooks = {
  async validate({ s, caller, key, data }) {
    const layout =
      data.printable_layout === undefined
        ? []
        : dataLayoutProblems(data.printable_layout, { form: data.printable_type, state: data.state }).map((e) => ({
            path: `/printable_layout${e.path}`,
            message: e.message,
          }));
    return [
      ...checkDefinitionFields(data.fields),
      ...checkDefinitionTransforms(data.transforms),
      ...(await printableTypeErrors(s, caller.org.id, key, data)),
      ...layout,
    ];
  },
};
