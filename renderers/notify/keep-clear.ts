/**
 * Notices sit at the bottom of the window, but never over a bar the person needs while they read
 * one: a form's sticky Save bar marks itself `data-keep-clear`, and the notices rise above it for as
 * long as it is in the way (its height changes as it wraps or lists why a save was refused, and a
 * bar in the page's flow moves as the page scrolls).
 */
import { useLayoutEffect, type RefObject } from 'react';

/** The attribute that marks an element notices must not cover. */
export const KEEP_CLEAR = 'data-keep-clear';

export interface Span {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const GAP = 8;

/**
 * How far above the window's bottom edge (px) the notices' region goes so that it covers none of
 * `keepClear`: `rest` where it covers nothing there, else just above what it would cover. `region`
 * is where the region is at `rest`. Pure.
 */
export function clearBottom(region: Span, rest: number, keepClear: readonly Span[], viewportHeight: number): number {
  const height = region.bottom - region.top;
  const shown = keepClear.filter((k) => k.bottom > 0 && k.top < viewportHeight && k.bottom > k.top);
  let bottom = rest;
  // Rising above one bar may put the region over another above it: rise again, at most once each.
  for (let i = 0; i <= shown.length; i++) {
    const top = viewportHeight - bottom - height;
    const below = viewportHeight - bottom;
    const covered = shown.filter(
      (k) => k.left < region.right && region.left < k.right && k.top < below && top < k.bottom,
    );
    if (!covered.length) return bottom;
    bottom = Math.max(...covered.map((k) => viewportHeight - k.top + GAP));
  }
  return Math.min(bottom, Math.max(rest, viewportHeight - height));
}

/** Keeps the region of `ref` clear of the page's `data-keep-clear` elements while `active`. */
export function useKeepClear(ref: RefObject<HTMLElement | null>, active: boolean, change: unknown): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    let frame = 0;
    const observed = new Set<Element>();
    const resized = new ResizeObserver(() => later());
    const place = () => {
      frame = 0;
      el.style.bottom = '';
      const rest = parseFloat(getComputedStyle(el).bottom) || 0;
      const bars = [...document.querySelectorAll(`[${KEEP_CLEAR}]`)];
      for (const b of bars) {
        if (!observed.has(b)) resized.observe(b);
        observed.add(b);
      }
      const bottom = clearBottom(
        el.getBoundingClientRect(),
        rest,
        bars.map((b) => b.getBoundingClientRect()),
        window.innerHeight,
      );
      if (bottom !== rest) el.style.bottom = `${bottom}px`;
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    // The page changing (a bar mounting, a form growing) resizes the body.
    resized.observe(document.body);
    window.addEventListener('scroll', later, { passive: true, capture: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
      el.style.bottom = '';
    };
  }, [ref, active, change]);
}
