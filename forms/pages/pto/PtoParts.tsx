/**
 * Small views the PTO pages share: a query's loading and failure, the note of rows left out, a pager.
 */
import { useEffect, type ReactNode } from 'react';
import { isFailure } from '../../../renderers/api/failure.ts';

/** A read's state: its rows when answered, else "Loading…" or what failed (a refusal said plainly). */
export function Answer<T>({
  query,
  what,
  children,
}: {
  query: { isPending: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  /** What is read, for the messages ("your requests"). */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <div className="banner banner--negative" role="alert">
        <p>
          {isFailure(query.error, 403)
            ? `You may not see ${what}. Ask your PTO administrator if you should.`
            : `Could not load ${what}: ${query.error.message}`}
        </p>
        {!isFailure(query.error, 403) && (
          <button type="button" className="btn btn--small" onClick={() => void query.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

/** Says that a sum or a list counts only the first `shown` of `total` records. */
export function PartialNote({ shown, total, what }: { shown: number; total: number; what: string }) {
  if (shown >= total) return null;
  return (
    <p className="muted" role="note">
      Counted from the first {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {what}; the figures may
      be incomplete.
    </p>
  );
}

/** Previous and next over a list of `total` rows shown `size` at a time from `offset`. */
export function Pager({
  offset,
  size,
  total,
  label,
  onChange,
}: {
  offset: number;
  size: number;
  total: number;
  /** What the rows are, for the navigation's name. */
  label: string;
  onChange: (offset: number) => void;
}) {
  if (total <= size && offset === 0) return null;
  const last = Math.min(offset + size, total);
  return (
    <nav className="row-actions" aria-label={`Pages of ${label}`}>
      <span role="status">{total === 0 ? 'None' : `${offset + 1}–${last} of ${total}`}</span>
      <button
        type="button"
        className="btn btn--small"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - size))}
      >
        Previous
      </button>
      <button type="button" className="btn btn--small" disabled={last >= total} onClick={() => onChange(offset + size)}>
        Next
      </button>
    </nav>
  );
}

/**
 * Steps back a page when the one shown has emptied (its last rows decided elsewhere or here), so
 * a list with rows left never reads as empty.
 */
export function useStepBackWhenEmpty(
  page: { items: readonly unknown[] } | undefined,
  offset: number,
  size: number,
  setOffset: (offset: number) => void,
): void {
  const emptied = !!page && page.items.length === 0 && offset > 0;
  useEffect(() => {
    if (emptied) setOffset(Math.max(0, offset - size));
  }, [emptied, offset, size, setOffset]);
}
