/**
 * Maps the stack trace of an unexpected error from the minified server bundle back to the source
 * files, for the error log. Node's `--enable-source-maps` does the same for every error but reads
 * the bundle's source map at every start-up; this reads it on the first unexpected error only, and
 * errors are rare (the costs: bench/results.md, History).
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { redact } from './log.ts';

/** The file this module runs from: the bundle in production, the .ts file under tsx. */
const SELF = fileURLToPath(import.meta.url);

let map: SourceMap | null | undefined;

function bundleMap(): SourceMap | null {
  if (map !== undefined) return map;
  try {
    const file = SELF + '.map';
    map = existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as SourceMapPayload) : null;
  } catch {
    map = null; // an unreadable map leaves traces as they are
  }
  return map;
}

const FRAME = /^(\s+at (?:.*? \()?)(.+?):(\d+):(\d+)(\)?)$/;

/** `stack` with each frame in the bundle replaced by its source file, line and column. */
export function sourceStack(stack: string): string {
  if (!stack.includes(SELF)) return stack;
  const sm = bundleMap();
  if (sm === null) return stack;
  return stack
    .split('\n')
    .map((line) => {
      const m = FRAME.exec(line);
      if (!m || m[2] !== SELF) return line;
      // Stack traces count from 1, source maps from 0.
      const entry = sm.findEntry(Number(m[3]) - 1, Number(m[4]) - 1);
      if (!('originalSource' in entry)) return line;
      const source = path.resolve(path.dirname(SELF), entry.originalSource);
      return `${m[1]}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${m[5]}`;
    })
    .join('\n');
}

/**
 * An uncaught error (or unhandled rejection) is printed as node would print it, but with its stack
 * mapped to the sources and passed through the log's redaction, and the process exits with 1.
 */
export function exitOnUncaught(): void {
  process.on('uncaughtException', (err) => {
    const text = err instanceof Error && err.stack !== undefined ? sourceStack(err.stack) : String(err);
    process.stderr.write(redact(text) + '\n');
    process.exit(1);
  });
}
