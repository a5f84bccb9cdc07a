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

/** A word written as an abbreviation or a form's number ("I-9", "W-4s", "PTO", "HR"): never lowercased. */
const ABBREVIATION = /^[A-Z][A-Z0-9]*-?[A-Z0-9]|^[A-Z]{2,}/;

/**
 * A schema's title inside a sentence ("New form I-9", "No PTO plans yet."): lowercased as a word
 * in running text, but a form's number or an abbreviation stays as the form prints it ("form i-9"
 * names no form).
 */
export function inSentence(title: string): string {
  return title
    .split(' ')
    .map((w) => (ABBREVIATION.test(w) ? w : w.toLowerCase()))
    .join(' ');
}
