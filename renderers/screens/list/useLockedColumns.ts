/**
 * The columns' widths on a long page, before its rows are windowed (useWindowRows.ts): the browser
 * lays out the whole first page once, and those widths are then asked of the columns (`<col>`
 * widths, which an automatic table layout takes as each column's least width). An automatic layout
 * sizes columns by the rows it has, so without this the columns would change width as scrolling or
 * a page change renders other rows; with it they stay put, a longer value wrapping within its
 * column. They are worked out again, over a whole page, when the columns or the window's width
 * change. (A fixed table layout would also hold them, but wraps values it cannot fit mid-word.)
 */
import { useEffect, useLayoutEffect, useState } from 'react';

export interface LockedColumns {
  tableRef: (table: HTMLTableElement | null) => void;
  /** The columns' widths in pixels, once held; undefined while the browser lays them out. */
  widths?: number[];
}

export function useLockedColumns(enabled: boolean, columns: unknown): LockedColumns {
  const [table, tableRef] = useState<HTMLTableElement | null>(null);
  const viewport = useViewportWidth();
  const [locked, setLocked] = useState<{ columns: unknown; viewport: number; widths: number[] }>();
  const widths =
    enabled && locked && locked.columns === columns && locked.viewport === viewport ? locked.widths : undefined;
  useLayoutEffect(() => {
    const cells = table?.tHead?.rows[0]?.cells;
    if (!enabled || widths || !cells?.length) return;
    setLocked({ columns, viewport, widths: Array.from(cells, (c) => c.getBoundingClientRect().width) });
  }, [enabled, widths, table, columns, viewport]);
  return { tableRef, widths };
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}
