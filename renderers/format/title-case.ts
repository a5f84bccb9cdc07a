/**
 * A schema's title as a heading in title case ("Form W-4", "Basic Information", "Payment
 * Information"): every word capitalized but the short joining words, as the forms print their names.
 */
const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

export function titleCase(title: string): string {
  return title
    .split(' ')
    .map((w, i) => (i > 0 && SMALL.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}
