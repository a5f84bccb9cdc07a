/**
 * CSV text for a spreadsheet (RFC 4180): every cell quoted, lines ended CRLF, and a byte order mark
 * first, without which Excel reads UTF-8 as the system's code page and mangles names such as José.
 * A cell a spreadsheet would take for a formula (starting with = + - @, a tab or a carriage return)
 * is written with a leading apostrophe, so an opened export runs nothing a record's author typed
 * (OWASP "CSV Injection"); a plain number such as -8 is a number, not a formula, and stays as it is.
 * Pure.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function neutralised(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function csvCell(text: string): string {
  return `"${neutralised(text).replace(/"/g, '""')}"`;
}

/** The whole file: the header row, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
