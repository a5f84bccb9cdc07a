/**
 * The server's log sink: one JSON line per event, info to stdout and the rest to stderr. Nothing
 * the server logs should hold personal data, and no route logs a request; as a second line of
 * defence every line is passed through `redact`, so an error message that ever quotes a value (an
 * SSN, an account number, a token, a password hash, a cipher text) does not carry it into the logs.
 */
import type { Services } from '../services.ts';

const RULES: readonly [RegExp, string][] = [
  [/\$argon2[a-z]*\$[^\s"']+/g, '[hash]'],
  [/enc:v[12]:[\w:-]+/g, '[cipher text]'],
  [/eyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  // SSN-shaped (3-2-4, x allowed in the first five as the schema does) and bare runs of 8 or more digits.
  [/(?<![\w-])[\dx]{3}-[\dx]{2}-\d{4}(?![\w-])/gi, '[number]'],
  [/(?<![\w-])\d{8,}(?![\w-])/g, '[number]'],
];

export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}

export function jsonLog(
  write: { out: (line: string) => void; err: (line: string) => void } = {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  },
  now: () => Date = () => new Date(),
): Services['log'] {
  return (level, message, detail) => {
    const line = redact(JSON.stringify({ time: now().toISOString(), level, message, ...detail }));
    if (level === 'info') write.out(line);
    else write.err(line);
  };
}
