/**
 * payroll/state_w4_form: a definition's fields must be a JSON Schema that passes the draft-07
 * meta-schema and compiles, its transforms must parse, and its printable layout (if any) must be a
 * valid layout of its own printable form type and state, and that type must be its own state's
 * (../../payroll/printable-types.ts), before anyone's form is drawn from it. A state has one form in
 * one place (the product's, or a company's own beside it): a second for the same state is refused.
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
    // One form a state in one place: a second was stored, and never used (the first found is).
    const state = typeof data.state === 'string' ? data.state : undefined;
    const others = state
      ? (
          await s.storage.find('payroll/state_w4_form', caller.org.id, {
            criteria: [{ field: 'state', is: '=', value: state }],
            limit: 2,
            offset: 0,
          })
        ).items.filter((r) => r.key !== key)
      : [];
    const taken = others.length
      ? [
          {
            path: '/state',
            message: `${state} has a form already (${String(others[0].data.form_name ?? others[0].key)}): change that one, or remove it first.`,
          },
        ]
      : [];
    return [
      ...taken,
      ...checkDefinitionFields(data.fields),
      ...checkDefinitionTransforms(data.transforms),
      ...(await printableTypeErrors(s, caller.org.id, key, data)),
      ...layout,
    ];
  },
};
