/**
 * A user reference (a 36-character user key), or several for array fields (one per line). A
 * picker that searches users by name belongs to the user-administration screens; this widget keeps
 * the value editable everywhere.
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export function UserSelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, schema, htmlName } = props;
  const many = schema.type === 'array';
  const common = {
    id,
    name: htmlName ?? id,
    className: 'input input--mono',
    required,
    disabled,
    readOnly: readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    spellCheck: false,
  } as const;
  if (many) {
    const parse = (t: string) => t.split(/[\s,]+/).filter(Boolean);
    const list = Array.isArray(value) ? (value as string[]) : [];
    return (
      <textarea
        {...common}
        rows={Math.max(2, list.length)}
        placeholder="One user key per line"
        value={list.join('\n')}
        onChange={(e) => onChange(parse(e.target.value))}
        onBlur={(e) => onBlur(id, parse(e.target.value))}
        onFocus={(e) => onFocus(id, parse(e.target.value))}
      />
    );
  }
  return (
    <input
      {...common}
      type="text"
      placeholder="User key"
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value.trim() || undefined)}
      onBlur={(e) => onBlur(id, e.target.value.trim() || undefined)}
      onFocus={(e) => onFocus(id, e.target.value.trim() || undefined)}
    />
  );
}
