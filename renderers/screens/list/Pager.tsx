/**
 * Paging controls: previous / next, the page and the total, and the page size when it can change.
 */
import { useId } from 'react';
import { PAGE_SIZES } from './list-query.ts';

export function Pager(props: {
  page: number;
  pageCount: number;
  total: number;
  size: number;
  onPage(page: number): void;
  /** Offers the rows-per-page choice when given. */
  onSize?(size: number): void;
}) {
  const { page, pageCount, total, size, onPage, onSize } = props;
  const id = useId();
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return (
    <nav className="pager" aria-label="Pages">
      <p className="pager__status" aria-live="polite">
        {from}–{to} of {total}
      </p>
      <div className="pager__controls">
        {onSize && (
          <>
            <label htmlFor={id} className="pager__size-label">
              Rows per page
            </label>
            <select
              id={id}
              className="input input--small"
              value={size}
              onChange={(e) => onSize(Number(e.target.value))}
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </>
        )}
        <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="pager__page">
          Page {Math.min(page, pageCount)} of {pageCount}
        </span>
        <button type="button" className="btn btn--small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
