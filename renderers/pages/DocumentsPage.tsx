/**
 * A files and documents page (/documents, /mydocuments, /secure_file_transfer): one list per kind
 * of document the caller may see, each row with its status and file, opening the record's screen
 * where the file is attached, previewed and downloaded. A list the caller may not see is left out.
 * Under the title, the file storage used (FileUsageLine), as the quota counts it.
 */
import type { ReactNode } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FindAnswer, JsonObject, WireRecord } from '../api/types.ts';
import { isFileValue } from '../../engine/files.ts';
import { epochToUs } from '../../engine/masks.ts';
import { DEFAULT_TIME_ZONE, localDay } from '../../engine/local-day.ts';
import { useServices } from '../session/session.tsx';
import { keys, metaQuery } from '../screens/queries.ts';
import { createPath, type DocumentList, type DocumentsPageSpec } from './documents-pages.ts';
import { FileUsageLine } from './FileUsageLine.tsx';
import { useUserNames, userKeysOf } from '../users/useUserNames.ts';

/** Documents a list on this page shows at most; the list screen pages through them all. */
const SHOWN = 200;

const STATUS: Record<string, string> = { requested: 'Requested', uploading: 'Uploading', uploaded: 'Uploaded' };

/**
 * What the caller's own entry of an assignment says, and whether it is past its due date: due
 * before `today` (the company's day, as HR's Overdue view of assignments counts it).
 */
function myProgress(d: JsonObject, me: string, today: number): string {
  const entries = Array.isArray(d.acknowledgements) ? (d.acknowledgements as JsonObject[]) : [];
  const mine = entries.find((e) => e && e.user_id === me);
  if (d.status === 'cancelled') return 'Cancelled';
  if (mine?.status === 'completed') return mine.signature ? 'Acknowledged' : 'Done';
  const due = typeof d.due_by === 'number' && d.due_by < today ? ' (overdue)' : '';
  return `${mine?.status === 'viewed' ? 'Opened' : 'To do'}${due}`;
}

/** A column of a list on this page: its heading, and what a row shows under it. */
interface Column {
  header: string;
  cell: (r: WireRecord, d: JsonObject) => ReactNode;
}

/**
 * One list of the page: its heading, an action beside it (New), the first rows found and, when
 * there are more, how many, with a link to the list screen that pages through them all.
 */
function DocumentsSection({
  list,
  action,
  rows,
  columns,
}: {
  list: DocumentList;
  action?: ReactNode;
  rows: UseQueryResult<FindAnswer>;
  columns: Column[];
}) {
  const id = `docs-${list.type}`;
  const found = rows.data;
  return (
    <section aria-labelledby={id} className="documents">
      <h2 id={id}>{list.heading}</h2>
      {action}
      {rows.isPending && <p role="status">Loading…</p>}
      {found && found.items.length === 0 && <div className="empty">Nothing here yet.</div>}
      {found && found.items.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {found.items.map((r) => (
              <tr key={r.key}>
                {columns.map((c) => (
                  <td key={c.header} data-label={c.header}>
                    {c.cell(r, r.data as JsonObject)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {found && found.total > found.items.length && (
        <p className="documents__more">
          Showing the first {found.items.length} of {found.total.toLocaleString('en-US')}.{' '}
          {list.type === list.openType && (
            <Link to={`/${list.module}/${list.type}/list`}>
              All {found.total.toLocaleString('en-US')} {list.heading.toLowerCase()}
            </Link>
          )}
        </p>
      )}
    </section>
  );
}

/**
 * Where the assigned document of each kind (an assignment's `document_type`) is found by the person
 * it names, and where its screen is.
 */
const ASSIGNED_KINDS: Record<string, { find: [string, string]; view: string }> = {
  documents: { find: ['hr', 'documents'], view: 'hr/documents' },
  global_docs: { find: ['hr', 'global_docs'], view: 'hr/global_docs' },
  payroll_documents: { find: ['payroll', 'payroll_documents'], view: 'payroll/payroll_documents' },
  employee_documents: { find: ['hr', 'my_employee_documents'], view: 'hr/employee_documents' },
};
const kindOf = (d: JsonObject): string =>
  typeof d.document_type === 'string' && d.document_type in ASSIGNED_KINDS ? d.document_type : 'documents';

/**
 * The assignments naming the caller: the document (opening it), when it is due, their own progress,
 * and a link to the assignment, where they mark and sign their own entry.
 */
function AssignmentTable({ list }: { list: DocumentList }) {
  const { client, auth } = useServices();
  const me = auth.session?.user.key ?? '';
  const meta = useQuery({ ...metaQuery(client, list.module, list.type), retry: false });
  const body = { criteria: [{ field: 'user_ids', is: 'contains' as const, value: me }], limit: SHOWN };
  const rows = useQuery({
    queryKey: keys.find(list.module, list.type, body),
    queryFn: () => client.find(list.module, list.type, body),
    enabled: !!meta.data?.can.list && !!me,
    retry: false,
  });
  // The assigned documents' names, by kind: the first 500 of each kind the rows name.
  const kinds = [...new Set((rows.data?.items ?? []).map((r) => kindOf(r.data as JsonObject)))];
  const docs = useQueries({
    queries: kinds.map((kind) => {
      const [module, type] = ASSIGNED_KINDS[kind].find;
      const docsBody = { criteria: [], limit: 500 };
      return {
        queryKey: keys.find(module, type, docsBody),
        queryFn: () => client.find(module, type, docsBody),
        retry: false,
      };
    }),
  });
  if (meta.isError || (meta.data && !meta.data.can.list)) return null;
  const names = new Map(
    docs.flatMap((q) =>
      (q.data?.items ?? []).map((r) => [r.key, String((r.data as JsonObject).display_name ?? r.key)] as const),
    ),
  );
  const zone = auth.session?.organization?.data?.time_zone;
  const today = localDay(Date.now() / 1000, typeof zone === 'string' ? zone : DEFAULT_TIME_ZONE);
  const docOf = (d: JsonObject) => {
    const docId = typeof d.document_id === 'string' ? d.document_id : undefined;
    const name = docId && names.get(docId);
    return { docId, name: name ?? 'Assigned document', known: !!name };
  };
  const columns: Column[] = [
    {
      header: 'Document',
      cell: (_r, d) => {
        const { docId, name, known } = docOf(d);
        return docId && known ? <Link to={`/${ASSIGNED_KINDS[kindOf(d)].view}/view/${docId}`}>{name}</Link> : name;
      },
    },
    { header: 'Due by', cell: (_r, d) => (typeof d.due_by === 'number' ? epochToUs(d.due_by) : '') },
    { header: 'Your progress', cell: (_r, d) => myProgress(d, me, today) },
    {
      header: 'Acknowledge',
      cell: (r, d) => (
        <Link
          to={`/${list.module}/${list.openType}/edit/${r.key}`}
          aria-label={`Open the assignment of ${docOf(d).name}`}
        >
          Open
        </Link>
      ),
    },
  ];
  return <DocumentsSection list={list} rows={rows} columns={columns} />;
}

function DocumentTable({ list }: { list: DocumentList }) {
  const { client, auth } = useServices();
  const user = auth.session?.user;
  const meta = useQuery({ ...metaQuery(client, list.module, list.type), retry: false });
  // An empty search says whether this person may choose the form's person: it answers [] to those
  // who search the company's people, those they may choose to anyone else (HR, for a secure file),
  // or 403.
  const purpose = list.createPicksPeople;
  const people = useQuery({
    queryKey: ['auth', 'search_people', '', purpose],
    queryFn: () => client.searchPeople('', purpose),
    retry: false,
    enabled: !!list.createPicksPeople,
  });
  const picks = !purpose || people.isSuccess;
  // The first ones in the list screen's own order: the page says how many more there are.
  const sort = meta.data?.list?.sort;
  const body = { criteria: [], ...(Array.isArray(sort) && sort.length ? { sort } : {}), limit: SHOWN };
  const rows = useQuery({
    queryKey: keys.find(list.module, list.type, body),
    queryFn: () => client.find(list.module, list.type, body),
    enabled: !!meta.data?.can.list,
    retry: false,
  });
  const recipients = list.sentBy
    ? [...new Set((rows.data?.items ?? []).flatMap((r) => userKeysOf(r.data[list.sentBy!.to])))]
    : [];
  const { nameOf } = useUserNames(client, recipients);
  if (meta.isError || (meta.data && !meta.data.can.list)) return null;
  const columns: Column[] = [
    {
      header: 'Name',
      cell: (r, d) => (
        <Link to={`/${list.module}/${list.openType}/${meta.data?.can.edit ? 'edit' : 'view'}/${r.key}`}>
          {String(d.display_name ?? d.filename ?? d.sender_name ?? r.key)}
        </Link>
      ),
    },
    ...(list.sentBy
      ? [
          { header: 'From', cell: (_r: WireRecord, d: JsonObject) => String(d[list.sentBy!.from] ?? '') },
          {
            header: 'To',
            cell: (_r: WireRecord, d: JsonObject) => {
              const to = d[list.sentBy!.to];
              return typeof to === 'string' ? nameOf(to) : '';
            },
          },
        ]
      : [
          {
            header: 'Status',
            cell: (_r: WireRecord, d: JsonObject) =>
              typeof d.status === 'string' ? (STATUS[d.status] ?? d.status) : '',
          },
        ]),
    {
      header: 'File',
      cell: (_r, d) => {
        const file = d.file ?? d.content;
        return isFileValue(file) ? file.name : 'No file yet';
      },
    },
  ];
  const action = list.create && picks && meta.data?.can.create && (
    <Link className="btn btn--primary" to={createPath(list, user)}>
      New
    </Link>
  );
  return <DocumentsSection list={list} action={action} rows={rows} columns={columns} />;
}

export function DocumentsPage({ page }: { page: DocumentsPageSpec }) {
  return (
    <section className="page" aria-labelledby="documents-title">
      <h1 id="documents-title">{page.title}</h1>
      <FileUsageLine />
      {page.lists.map((l) =>
        l.assignedToMe ? <AssignmentTable key={l.type} list={l} /> : <DocumentTable key={l.type} list={l} />,
      )}
    </section>
  );
}
