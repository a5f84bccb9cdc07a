/**
 * Timing probes run inside the page (passed to page.evaluate / addInitScript, so each function is
 * self-contained). A time is taken when the input arrives (performance.now() at keydown or click)
 * and the work is done when the next frame has been produced: requestAnimationFrame, then a
 * setTimeout(0) that runs after that frame's paint.
 */
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __bench?: { latencies: number[]; marks?: Record<string, number>; clickAt?: number; changed?: number };
  }
}

/**
 * tsx compiles this file with esbuild's keepNames, which wraps inner functions in `__name(...)`;
 * the functions below run in the page, so the page gets a `__name` that does nothing.
 */
const NAME_SHIM = 'globalThis.__name ??= (f) => f;';

/** Arms keystroke timing on `selector`: every input event pushes keydown-to-next-paint into latencies. */
export async function armKeystrokes(page: Page, selector: string): Promise<void> {
  await page.evaluate(NAME_SHIM);
  await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`probe: nothing matches ${sel}`);
    const bench = (window.__bench = { ...window.__bench, latencies: [] as number[] });
    let t0 = 0;
    el.addEventListener('keydown', () => (t0 = performance.now()), { capture: true });
    // Listening on the document, after React's root listener has handled the event.
    document.addEventListener('input', (e) => {
      if (e.target !== el) return;
      const start = t0;
      requestAnimationFrame(() => setTimeout(() => bench.latencies.push(performance.now() - start), 0));
    });
  }, selector);
}

/** Types `text` one key at a time, waiting for each key's measurement; answers the latencies. */
export async function typeMeasured(page: Page, text: string): Promise<number[]> {
  const before = await page.evaluate(() => window.__bench!.latencies.length);
  for (let i = 0; i < text.length; i++) {
    await page.keyboard.press(text[i] === ' ' ? 'Space' : text[i]);
    await page.waitForFunction((n) => window.__bench!.latencies.length >= n, before + i + 1, { polling: 5 });
  }
  return page.evaluate((b) => window.__bench!.latencies.slice(b), before);
}

/** Settles when every mark armed on the page has been taken (see armMarks). */
const marksTaken = new WeakMap<Page, Promise<void>>();

/**
 * Before the page loads: records in `__bench.marks[name]` the time (since navigation start) of the
 * first frame painted after an element matching each selector exists. The page tells the bench
 * when all are taken through a binding: nothing of the bench's runs in the page before then (a
 * `waitForFunction` injects Playwright's script, which took about 50 ms of the page's main thread
 * in the middle of the edit screen's start, and more on a loaded machine).
 */
export async function armMarks(page: Page, marks: Record<string, string>): Promise<void> {
  let taken!: () => void;
  marksTaken.set(page, new Promise<void>((resolve) => (taken = resolve)));
  await page.exposeFunction('__benchMarksTaken', () => taken());
  await page.addInitScript({ content: NAME_SHIM });
  await page.addInitScript((wanted) => {
    const bench = (window.__bench = { latencies: [] as number[], marks: {} as Record<string, number> });
    const pending = new Map(Object.entries(wanted));
    let left = pending.size;
    const take = (name: string) => {
      bench.marks[name] = performance.now();
      if (--left === 0) (window as unknown as { __benchMarksTaken(): void }).__benchMarksTaken();
    };
    const scan = () => {
      for (const [name, sel] of pending) {
        if (!document.querySelector(sel)) continue;
        pending.delete(name);
        requestAnimationFrame(() => setTimeout(() => take(name), 0));
      }
      return pending.size === 0;
    };
    const watch = () => {
      if (scan()) return;
      const mo = new MutationObserver(() => scan() && mo.disconnect());
      mo.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
    };
    if (document.documentElement) watch();
    else document.addEventListener('readystatechange', watch, { once: true });
  }, marks);
}

/** Waits for the marks armed by armMarks and answers them (ms since navigation start). */
export async function readMarks(page: Page, names: string[]): Promise<Record<string, number>> {
  const taken = marksTaken.get(page);
  if (!taken) throw new Error('probe: readMarks without armMarks');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`probe: marks ${names.join(', ')} not taken in 30 s`)), 30_000);
  });
  try {
    await Promise.race([taken, timeout]);
  } finally {
    clearTimeout(timer);
  }
  const marks = await page.evaluate(() => ({ ...window.__bench!.marks! }));
  const missing = names.filter((n) => marks[n] === undefined);
  if (missing.length) throw new Error(`probe: no mark ${missing.join(', ')}`);
  return marks;
}

/** A condition on the document: an element matching `selector` (containing `text`, when given). */
export interface Shown {
  selector: string;
  text?: string;
}

/** Per page: the binding the click probe reports through, and the wait of the probe armed last. */
const clickProbes = new WeakMap<Page, { settle?: () => void; done?: Promise<void> }>();

/**
 * Arms a click-to-paint probe: the time of the next click, then of the first painted frame after
 * every condition of `until` holds. `clickSettled` waits for it without running anything in the
 * page meanwhile (see armMarks).
 */
export async function armClickUntil(page: Page, until: Shown[]): Promise<void> {
  let probe = clickProbes.get(page);
  if (!probe) {
    const made: { settle?: () => void; done?: Promise<void> } = {};
    clickProbes.set(page, (probe = made));
    await page.exposeFunction('__benchChanged', () => made.settle?.());
  }
  const armed = probe;
  armed.done = new Promise<void>((resolve) => (armed.settle = resolve));
  await page.evaluate(NAME_SHIM);
  await page.evaluate((conds) => {
    const bench = (window.__bench = { latencies: [] as number[] } as NonNullable<Window['__bench']>);
    const holds = () =>
      conds.every((c) => {
        const el = document.querySelector(c.selector);
        return !!el && (c.text === undefined || (el.textContent ?? '').includes(c.text));
      });
    document.addEventListener(
      'click',
      () => {
        bench.clickAt = performance.now();
        const check = () => {
          if (!holds()) return false;
          requestAnimationFrame(() =>
            setTimeout(() => {
              if (bench.changed !== undefined) return;
              bench.changed = performance.now();
              (window as unknown as { __benchChanged(): void }).__benchChanged();
            }, 0),
          );
          return true;
        };
        if (check()) return;
        const mo = new MutationObserver(() => check() && mo.disconnect());
        mo.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      },
      { capture: true, once: true },
    );
  }, until);
}

/** Waits for the click probe armed by armClickUntil; answers click to painted frame (ms). */
export async function clickSettled(page: Page): Promise<number> {
  const done = clickProbes.get(page)?.done;
  if (!done) throw new Error('probe: clickSettled without armClickUntil');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('probe: the page did not change in 30 s after the click')), 30_000);
  });
  try {
    await Promise.race([done, timeout]);
  } finally {
    clearTimeout(timer);
  }
  return page.evaluate(() => window.__bench!.changed! - window.__bench!.clickAt!);
}

/**
 * Waits until the page has been quiet for `quietMs`: no DOM change and two frames painted since the
 * last one, as a page a person looks at before acting on it.
 */
export async function settle(page: Page, quietMs = 150): Promise<void> {
  await page.evaluate(NAME_SHIM);
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve) => {
        let timer = 0;
        const arm = () => {
          clearTimeout(timer);
          timer = window.setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), quiet);
        };
        const mo = new MutationObserver(arm);
        const done = () => {
          mo.disconnect();
          resolve();
        };
        mo.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
        arm();
      }),
    quietMs,
  );
}

export const median = (xs: readonly number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const percentile = (xs: readonly number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
