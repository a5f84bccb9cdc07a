/**
 * A company's website (spec/001 section 5): stored as the host and path, without a scheme. The
 * input shows the https:// it stands for before the box; an address typed or pasted with its scheme
 * (any case, http or https) keeps only what follows it, lower-cased as it is stored, so the form's
 * own check (a host name) passes for what the server would take.
 */
import { useFormsStyles } from '../styles/load-styles.ts';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** What the widget stores for a typed value: trimmed, without its scheme, lower-cased; empty: none. */
export function websiteOf(text: string): string | undefined {
  const v = text
    .trim()
    .replace(/^https?:\/\//i, '')
    .toLowerCase();
  return v || undefined;
}

export function WebsiteWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, htmlName, placeholder } =
    props;
  const text = typeof value === 'string' ? value : '';
  return (
    <span className="website">
      <span className="website__scheme" aria-hidden="true">
        https://
      </span>
      <input
        id={id}
        name={htmlName ?? id}
        type="text"
        inputMode="url"
        autoComplete="url"
        className="input website__text"
        value={text}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        spellCheck={false}
        placeholder={placeholder || 'example.com'}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(websiteOf(e.target.value))}
        onBlur={(e) => onBlur(id, websiteOf(e.target.value))}
        onFocus={(e) => onFocus(id, websiteOf(e.target.value))}
      />
    </span>
  );
}
