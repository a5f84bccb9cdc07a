/**
 * The payment method ("ui:widget": "paymentMethod"): Direct Deposit or Paper Check as radio buttons;
 * with the company feature hide_direct_deposit only Paper Check is offered, and chosen.
 */
import { useEffect } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useFormsEnv } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { PAPER_CHECK, paymentMethods } from './employee_payment_information.ts';

export function PaymentMethodWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, htmlName, label, rawErrors } = props;
  const env = useFormsEnv();
  const allowed = paymentMethods(env.features);
  const forced = allowed.length === 1 && allowed[0] === PAPER_CHECK;
  // A stored Direct Deposit becomes Paper Check (the server forces it on save too). An empty value is
  // left to the user: a screen may render once with empty data before the record arrives.
  useEffect(() => {
    if (forced && typeof value === 'string' && value !== PAPER_CHECK && !readonly && !disabled) onChange(PAPER_CHECK);
  }, [forced, value]);
  const choices = (options.enumOptions ?? []).filter((o) => allowed.includes(String(o.value)));
  return (
    <div
      className="payment-method"
      role="radiogroup"
      id={id}
      aria-label={label || 'Payment method'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {choices.map((o, i) => (
        <label key={String(o.value)} className="radio-inline">
          <input
            type="radio"
            id={`${id}-${i}`}
            name={htmlName ?? id}
            value={String(o.value)}
            checked={value === o.value}
            disabled={disabled || readonly}
            onChange={() => onChange(o.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          {o.label}
        </label>
      ))}
      {forced && <p className="muted">Your employer pays by paper check.</p>}
    </div>
  );
}
