/**
 * The generic list screen (/:module/:datatype/list): a thin view over useListController. Columns
 * come from the schema's x-list; paging, sorting and filtering happen on the server.
 */
import { useCallback, useEffect, useMemo, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { TypeMeta, WireRecord } from '../../api/types.ts';
import { fieldTitle } from '../../format/schema-facts.ts';
import { columnFormatter, fieldCell } from './field-cell.tsx';
import { inSentence } from '../../format/title-case.ts';
import { fieldValue } from '../../../engine/criteria.ts';
import { useClient, useServices } from '../../session/session.tsx';
import { principalOf } from '../../session/principal.ts';
import { mayOnRecord } from '../record/viewer-rules.ts';
import type { Principal } from '../../../engine/access.ts';
import { useListController, type ListActions } from './useListController.ts';
import { FilterBar } from './FilterBar.tsx';
import { sortableColumn } from './list-query.ts';
import { Pager } from './Pager.tsx';
import { prefetchPath, recordScreenCode } from '../../app/prefetch.ts';
import { useWindowRows, WINDOW_FROM } from './useWindowRows.ts';
import { useLockedColumns } from './useLockedColumns.ts';

const helper = createColumnHelper<WireRecord>();

/**
 * The links of the rows are plain anchors (a page holds up to 200 of them): the table follows them
 * through the router and warms what their page needs (useRowLinks), instead of a router Link, with
 * its hooks, in every cell.
 */
const ROW_LINK = 'data-row-link';

/**
 * Where a listed record's screens are: the type's own, but for the list of one's own records of a
 * type keyed by record (my_notification_prefs, my_paystubs), whose my_ variant is addressed only by
 * the caller's user key (API.md): its records are opened, and made, through the type itself, whose
 * rules give the caller their own.
 */
export function recordBase(meta: Pick<TypeMeta, 'module' | 'type' | 'key' | 'my'>): string {
  const own = meta.type.startsWith('my_') && meta.key !== 'user';
  return `/${meta.module}/${own ? meta.type.slice(3) : meta.type}`;
}

function useColumns(meta: TypeMeta | undefined, principal: Principal | undefined) {
  return useMemo(() => {
    if (!meta) return [];
    const base = recordBase(meta);
    const canonical = columnFormatter(meta, meta.list.canonical);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const cols: ColumnDef<WireRecord, any>[] = meta.list.columns.map((field) => {
      // A plan chosen by name is named, a person by their name, not shown by a key (field-cell.tsx).
      const draw = fieldCell(meta, field);
      const linked = field === meta.list.canonical && meta.can.read;
      return helper.accessor((r) => fieldValue(r.data, field), {
        id: field,
        header: fieldTitle(meta.schema, field),
        cell: (c) => {
          const shown = draw(c.getValue());
          if (!linked) return shown;
          return (
            <a href={`${base}/view/${c.row.original.key}`} {...{ [ROW_LINK]: '' }}>
              {shown || '(no name)'}
            </a>
          );
        },
      });
    });
    if (meta.can.edit) {
      cols.push(
        helper.display({
          id: '_actions',
          header: () => <span className="visually-hidden">Actions</span>,
          // None for a record the caller may read but not change (a file shared with them).
          cell: (c) =>
            !meta.my && !mayOnRecord(meta.schema, 'edit', principal, c.row.original) ? null : (
              <a
                className="btn btn--small"
                href={`${base}/edit/${c.row.original.key}`}
                aria-label={`Edit ${canonical(fieldValue(c.row.original.data, meta.list.canonical)) || 'record'}`}
                {...{ [ROW_LINK]: '' }}
              >
                Edit
              </a>
            ),
        }),
      );
    }
    return cols;
  }, [meta, principal]);
}

/** The row link an event came from, if any. */
const rowLinkOf = (e: { target: EventTarget }) =>
  (e.target as Element | null)?.closest?.(`a[${ROW_LINK}]`) as HTMLAnchorElement | null;

/**
 * One set of handlers on the table for all its row links: a plain left click is followed in the
 * app (a modified or middle click keeps the browser's own: a new tab or window), and pointing at,
 * pressing or focusing a link starts loading its page (prefetch.ts).
 */
function useRowLinks() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const client = useClient();
  const warm = useCallback(
    (e: PointerEvent | FocusEvent) => {
      const a = rowLinkOf(e);
      if (a) prefetchPath(queryClient, client, a.pathname);
    },
    [queryClient, client],
  );
  const onClick = useCallback(
    (e: MouseEvent) => {
      const a = rowLinkOf(e);
      if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(a.pathname);
    },
    [navigate],
  );
  return { onClick, onPointerOver: warm, onPointerDown: warm, onFocus: warm };
}

export function ListScreen() {
  const { module = '', datatype = '' } = useParams();
  const { state, actions } = useListController(module, datatype);
  const meta = state.status === 'success' ? state.meta : undefined;
  const session = useServices().auth.session;
  const principal = useMemo(() => (session ? principalOf(session) : undefined), [session]);
  const columns = useColumns(meta, principal);
  const rowLinks = useRowLinks();
  // Its records open in the form screen: its code loads while the list is looked at.
  const shown = state.status === 'success';
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => void recordScreenCode.load().catch(() => {}), 0);
    return () => clearTimeout(t);
  }, [shown]);
  const table = useReactTable({
    data: state.status === 'success' ? state.rows : [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    // Rows are keyed by their place on the page (the default), not by record: a page change then
    // updates the rows' text in place instead of replacing every row's elements.
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount: state.status === 'success' ? state.pageCount : -1,
  });

  const rows = table.getRowModel().rows;
  const locked = useLockedColumns(rows.length > WINDOW_FROM, columns);
  const shownRows = useWindowRows<HTMLTableSectionElement>(rows.length, !!locked.widths);

  if (state.status === 'loading') {
    return (
      <section className="page" aria-busy="true">
        <div className="page-loading" role="status">
          Loading…
        </div>
      </section>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="page">
        <h1>Could not load this list</h1>
        <p role="alert">{state.error.message}</p>
        <button type="button" className="btn" onClick={state.retry}>
          Try again
        </button>
      </section>
    );
  }
  const m = state.meta;
  const sort = state.params.sort;
  return (
    <section className="page" aria-labelledby="list-title">
      <div className="page__head">
        <h1 id="list-title">{m.plural}</h1>
        {m.can.create && (
          <Link className="btn btn--primary" to={`${recordBase(m)}/create`}>
            New {inSentence(m.title)}
          </Link>
        )}
      </div>
      <FilterBar meta={m} filters={state.params.filters} view={state.params.view} actions={actions} />
      {state.error && (
        <p className="form-error" role="alert">
          {state.error.message}{' '}
          <button type="button" className="btn btn--small" onClick={state.retry}>
            Try again
          </button>
        </p>
      )}
      <div className="table-wrap" aria-busy={state.refreshing}>
        {/* The handlers only follow and warm the row links, which are keyboard links of their own. */}
        <table
          ref={locked.tableRef}
          className="table"
          aria-rowcount={shownRows.windowed ? rows.length + 1 : undefined}
          {...rowLinks}
        >
          <caption className="visually-hidden">
            {m.plural}, page {state.params.page} of {state.pageCount}
            {sort
              ? `, sorted by ${fieldTitle(m.schema, sort.field)} ${sort.dir === 'asc' ? 'ascending' : 'descending'}`
              : ''}
          </caption>
          {locked.widths && (
            <colgroup>
              {locked.widths.map((w, i) => (
                <col key={i} style={{ width: w }} />
              ))}
            </colgroup>
          )}
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id} aria-rowindex={shownRows.windowed ? 1 : undefined}>
                {hg.headers.map((h) => {
                  const sortable = h.column.id !== '_actions' && sortableColumn(m.schema, m.ui, h.column.id);
                  const active = sort?.field === h.column.id;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sortable ? (
                        <SortButton column={h.column.id} active={active} dir={sort?.dir} actions={actions}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                        </SortButton>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody ref={shownRows.bodyRef}>
            {shownRows.before > 0 && <SpacerRow height={shownRows.before} columns={columns.length} />}
            {shownRows.indices.map((i) => {
              const row = rows[i];
              return (
                <tr
                  key={row.id}
                  data-index={i}
                  ref={shownRows.windowed ? shownRows.measure : undefined}
                  aria-rowindex={shownRows.windowed ? i + 2 : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      data-label={typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : ''}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              );
            })}
            {shownRows.after > 0 && <SpacerRow height={shownRows.after} columns={columns.length} />}
          </tbody>
        </table>
        {state.rows.length === 0 && (
          <div className="empty" role="status">
            {Object.keys(state.params.filters).length || state.params.view
              ? `No ${inSentence(m.plural)} match these filters.`
              : `No ${inSentence(m.plural)} yet.`}
          </div>
        )}
      </div>
      <Pager
        page={state.params.page}
        pageCount={state.pageCount}
        total={state.total}
        size={state.params.size}
        onPage={actions.setPage}
        onSize={actions.setSize}
      />
    </section>
  );
}

/** The room of the rows not rendered (useWindowRows), so the page scrolls as if they were. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="table__spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

function SortButton(props: {
  column: string;
  active: boolean;
  dir?: 'asc' | 'desc';
  actions: ListActions;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className="th-sort" onClick={() => props.actions.toggleSort(props.column)}>
      {props.children}
      <span className="th-sort__icon" aria-hidden="true">
        {props.active ? (props.dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}
