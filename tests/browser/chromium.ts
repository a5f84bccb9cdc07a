/**
 * Which Chromium the browser tests and the browser benchmark launch: the one named by $CHROMIUM (or
 * $CHROMIUM_PATH), else Debian's /usr/bin/chromium, else one Playwright has installed.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export type ChromiumLookup = { found: true; path: string } | { found: false; reason: string };

const INSTALL = 'install it with `apt-get install -y chromium`, or set CHROMIUM=/path/to/chromium';

/** Where Playwright keeps the Chromium it downloads, whether or not it has. */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined; // a platform Playwright has no build for
  }
}

/** Looks for Chromium in that order; a path named in the environment must exist, it is never skipped. */
export function findChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = existsSync,
  playwright: () => string | undefined = playwrightChromium,
): ChromiumLookup {
  const variable = env.CHROMIUM ? 'CHROMIUM' : env.CHROMIUM_PATH ? 'CHROMIUM_PATH' : undefined;
  if (variable) {
    const named = env[variable]!;
    return exists(named)
      ? { found: true, path: named }
      : { found: false, reason: `no Chromium at ${named} (from $${variable}): ${INSTALL}` };
  }
  for (const candidate of ['/usr/bin/chromium', playwright()]) {
    if (candidate && exists(candidate)) return { found: true, path: candidate };
  }
  return { found: false, reason: `no Chromium in /usr/bin/chromium or Playwright's browsers: ${INSTALL}` };
}

/** The Chromium to launch; without one, says how to get it on one line and ends the process at once. */
export function chromiumPath(): string {
  const lookup = findChromium();
  if (lookup.found) return lookup.path;
  process.stderr.write(`browser tests: ${lookup.reason}\n`);
  process.exit(1);
}
