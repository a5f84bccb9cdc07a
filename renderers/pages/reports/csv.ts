/**
 * CSV text for a spreadsheet (RFC 4180): every cell quoted, lines ended CRLF, and a byte order mark
 * first, without which Excel reads UTF-8 as the system's code page and mangles names such as José.
 * A cell a spreadsheet would take for a formula (starting with = + - @, a tab or a carriage return,
 * also behind spaces or line breaks, which an import may trim) is written with a leading apostrophe,
 * so an opened export runs nothing a record's author typed (OWASP "CSV Injection"); a plain number
 * such as -8 is a number, not a formula, and stays as it is. Pure.
 */
const CONTROL_START = /^[\t\r]/;
const FORMULA_START = /^[=+\-@]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function neutralised(text: string): string {
  const head = text.trimStart();
  const formula = FORMULA_START.test(head) && !PLAIN_NUMBER.test(head);
  return CONTROL_START.test(text) || formula ? `'${text}` : text;
}

export function csvCell(text: string): string {
  return `"${neutralised(text).replace(/"/g, '""')}"`;
}

/** The whole file: the header row, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
