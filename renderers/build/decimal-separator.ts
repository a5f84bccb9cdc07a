/**
 * The locale's decimal separator, worked out once per list of locales. Stands in for @rjsf/utils'
 * `getDecimalSeparator` in the web build (vite.config.ts, `dformDecimalSeparator`): that one builds a
 * new `Intl.NumberFormat` on every call, and @rjsf calls it on every render of every number field
 * (NumberField, getInputProps) and on every change (asNumber). In Chromium here those constructions
 * were the largest single cost in the script of an I-9 edit screen's first render. Same answers:
 * the separator of the given locales or the browser's, '.' when there are none or they are invalid.
 */
let last: { key: string; separator: string } | undefined;

/**
 * Locales whose separator is '.' in every CLDR release, answered without Intl: the first
 * Intl.NumberFormat of a page loads the locale's data, a visible part of the first edit screen's
 * render, and most of the product's readers have `en-US` first.
 */
const POINT_LOCALES = new Set(['en', 'en-us']);

export default function getDecimalSeparator(languages?: string | readonly string[]): string {
  const locales = languages || (typeof navigator !== 'undefined' ? navigator.languages : undefined);
  const key = JSON.stringify(locales ?? null);
  if (last?.key === key) return last.separator;
  let separator = '.';
  const first = typeof locales === 'string' ? locales : locales?.[0];
  if (locales && !(first && POINT_LOCALES.has(first.toLowerCase()))) {
    try {
      const parts = new Intl.NumberFormat(locales as string | string[]).formatToParts(1.1);
      separator = parts.find((p) => p.type === 'decimal')?.value || '.';
    } catch {
      // An invalid locale: the default separator.
    }
  }
  last = { key, separator };
  return separator;
}
