/**
 * The mailing address with its toggle ("ui:field": "mailingAddress" on basic_info.mailing_address;
 * the form's root needs "ui:field": "formBehaviour" with behaviour "payroll/basic_info", which reads
 * the legal address and copies its edits while the toggle is off). Off: the mailing address is the
 * legal address, shown as one line. On: the usual address fields, cleared. The toggle's label speaks
 * to the person the record is about ("My ...") and, on another person's record (a manager's review,
 * the screen's formContext `own: false`), of that person by name, or plainly when the name is not
 * known yet.
 */
import { useId } from 'react';
import type { FieldProps, UiSchema } from '@rjsf/utils';
import { useRootData } from '../behaviour/RootData.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import type { FormContext } from '../../renderers/contract/record-parts.ts';
import { addressLine, mailingAfterToggle, mailingIsDifferent } from './basic_info.ts';

export const MAILING_TOGGLE_LABEL = 'My mailing address is different from my legal address';

/**
 * The toggle's label for whoever reads the form: the person's own words on their own record (and where
 * no screen says whose it is, as in the stories), else about the person, by name when it is known.
 */
export function mailingToggleLabel(context: Pick<FormContext, 'own' | 'person'> | undefined): string {
  if (!context || context.own !== false) return MAILING_TOGGLE_LABEL;
  const whose = context.person?.trim() ? `${context.person.trim()}'s` : 'The';
  return `${whose} mailing address is different from the legal address`;
}

export function MailingAddressField(props: FieldProps) {
  useFormsStyles();
  const { formData, onChange, fieldPathId, registry, uiSchema, readonly, disabled } = props;
  const root = useRootData();
  const toggleId = useId();
  const { ObjectField } = registry.fields;
  const { 'ui:field': _field, ...inner } = (uiSchema ?? {}) as UiSchema;
  if (!root) {
    // Without the root behaviour the legal address is out of reach: plain address fields.
    return <ObjectField {...props} uiSchema={inner} />;
  }
  const legal = root.data.legal_address;
  const different = mailingIsDifferent(formData, legal);
  const locked = !!(readonly || disabled);
  const label = mailingToggleLabel(registry.formContext as FormContext | undefined);
  return (
    <div className="mailing-address">
      <label className="switch" htmlFor={toggleId}>
        <input
          id={toggleId}
          type="checkbox"
          role="switch"
          checked={different}
          disabled={locked}
          onChange={(e) => onChange(mailingAfterToggle(e.target.checked, legal), fieldPathId.path)}
        />
        <span>{label}</span>
      </label>
      {different ? (
        <ObjectField {...props} uiSchema={inner} />
      ) : (
        <p className="mailing-address__same muted">
          Same as the legal address{addressLine(legal) ? `: ${addressLine(legal)}` : '.'}
        </p>
      )}
    </div>
  );
}

/**
 * The mailing address on a record's read-only view, as the toggle reads it: the legal address's line
 * when the record holds none or a copy ("Same as the legal address: ..."), else its own line.
 */
export function MailingAddressView({ value, record }: { value: unknown; record?: Readonly<Record<string, unknown>> }) {
  const legal = record?.legal_address;
  if (!mailingIsDifferent(value, legal)) {
    const line = addressLine(legal);
    return <span>{line ? `Same as the legal address: ${line}` : 'Same as the legal address.'}</span>;
  }
  const own = addressLine(value);
  return own ? <span>{own}</span> : <span className="muted">—</span>;
}
