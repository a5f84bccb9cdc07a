/**
 * Which rows of a long list page the table renders: on pages of more than WINDOW_FROM rows, those
 * in or near the window (scrolled by the page itself, not by the table), with the height of the
 * others kept as space above and below, so a page change or a scroll costs the rows in view rather
 * than the whole page. Shorter pages render every row.
 *
 * Measured with `npm run bench:browser`'s page-change probe (100 rows, Next clicked to rows painted):
 * React's render and the table's layout of all 100 rows were most of it. The cost of windowing is
 * that the browser's find-in-page sees only the rendered rows; the table says how many rows it has
 * (aria-rowcount) and where each rendered one stands (aria-rowindex) for assistive technology.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { measureElement as measuredSize, useWindowVirtualizer } from '@tanstack/react-virtual';

export const WINDOW_FROM = 40;

/** A row's height before any is measured: one line of text in a desktop table row. */
const FIRST_ESTIMATE_PX = 45;
/** Rows rendered beyond each edge of the window, so a scroll shows rows already there. */
const OVERSCAN = 8;

export interface WindowRows<T extends HTMLElement> {
  /** Whether only some rows are rendered. */
  windowed: boolean;
  /** The indices of the rows to render, in order. */
  indices: number[];
  /** The height of the rows not rendered above and below the rendered ones, in pixels. */
  before: number;
  after: number;
  /** The ref of the element holding the rows (the tbody): where the list starts on the page. */
  bodyRef: (body: T | null) => void;
  /** The ref of each rendered row (with `data-index`), so its real height replaces the estimate. */
  measure: (row: Element | null) => void;
}

/** `ready`: whether the rows may be windowed yet (the ListScreen first holds its columns' widths). */
export function useWindowRows<T extends HTMLElement>(count: number, ready: boolean): WindowRows<T> {
  const windowed = ready && count > WINDOW_FROM;
  const [body, bodyRef] = useState<T | null>(null);
  const [top, setTop] = useState(0);
  // Where the rows start on the page; moves when what stands above them (the filters) changes.
  useLayoutEffect(() => {
    if (!windowed || !body) return;
    const update = () => setTop(body.getBoundingClientRect().top + window.scrollY);
    update();
    const ro = new ResizeObserver(update);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, [windowed, body]);
  // Rows not yet rendered are taken to be as tall as the rendered ones on average, so the page's
  // height, and what stands below the table, moves little as rows are measured while scrolling.
  const sizes = useRef({ total: 0, n: 0 });
  const virtualizer = useWindowVirtualizer<Element>({
    count: windowed ? count : 0,
    estimateSize: () => (sizes.current.n ? sizes.current.total / sizes.current.n : FIRST_ESTIMATE_PX),
    measureElement: (row, entry, instance) => {
      const size = measuredSize(row, entry, instance);
      sizes.current.total += size;
      sizes.current.n++;
      return size;
    },
    overscan: OVERSCAN,
    scrollMargin: top,
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  if (!windowed) {
    return {
      windowed,
      indices: Array.from({ length: count }, (_, i) => i),
      before: 0,
      after: 0,
      bodyRef,
      measure: noop,
    };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - top : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - top) : 0;
  return {
    windowed,
    indices: items.map((i) => i.index),
    before: Math.max(0, before),
    after: Math.max(0, after),
    bodyRef,
    measure: virtualizer.measureElement,
  };
}

function noop() {}
