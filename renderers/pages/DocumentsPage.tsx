/**
 * A files and documents page (/documents, /mydocuments, /secure_file_transfer): one list per kind
 * of document the caller may see, each row with its status and file, opening the record's screen
 * where the file is attached, previewed and downloaded. A list the caller may not see is left out.
 * Under the title, the file storage used (FileUsageLine), as the quota counts it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { JsonObject } from '../api/types.ts';
import { isFileValue } from '../../engine/files.ts';
import { useClient } from '../session/session.tsx';
import { keys, metaQuery } from '../screens/queries.ts';
import type { DocumentList, DocumentsPageSpec } from './documents-pages.ts';
import { FileUsageLine } from './FileUsageLine.tsx';

const STATUS: Record<string, string> = { requested: 'Requested', uploading: 'Uploading', uploaded: 'Uploaded' };

function DocumentTable({ list }: { list: DocumentList }) {
  const client = useClient();
  const meta = useQuery({ ...metaQuery(client, list.module, list.type), retry: false });
  const body = { criteria: [], limit: 200 };
  const rows = useQuery({
    queryKey: keys.find(list.module, list.type, body),
    queryFn: () => client.find(list.module, list.type, body),
    enabled: !!meta.data?.can.list,
    retry: false,
  });
  if (meta.isError || (meta.data && !meta.data.can.list)) return null;
  const id = `docs-${list.type}`;
  return (
    <section aria-labelledby={id} className="documents">
      <h2 id={id}>{list.heading}</h2>
      {list.create && meta.data?.can.create && (
        <Link className="btn btn--primary" to={`/${list.module}/${list.openType}/create`}>
          New
        </Link>
      )}
      {rows.isPending && <p role="status">Loading…</p>}
      {rows.data && rows.data.items.length === 0 && <div className="empty">Nothing here yet.</div>}
      {rows.data && rows.data.items.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">File</th>
            </tr>
          </thead>
          <tbody>
            {rows.data.items.map((r) => {
              const d = r.data as JsonObject;
              const file = d.file ?? d.content;
              const name = String(d.display_name ?? d.filename ?? d.sender_name ?? r.key);
              return (
                <tr key={r.key}>
                  <td>
                    <Link to={`/${list.module}/${list.openType}/edit/${r.key}`}>{name}</Link>
                  </td>
                  <td>{typeof d.status === 'string' ? (STATUS[d.status] ?? d.status) : ''}</td>
                  <td>{isFileValue(file) ? file.name : 'No file yet'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function DocumentsPage({ page }: { page: DocumentsPageSpec }) {
  return (
    <section className="page" aria-labelledby="documents-title">
      <h1 id="documents-title">{page.title}</h1>
      <FileUsageLine />
      {page.lists.map((l) => (
        <DocumentTable key={l.type} list={l} />
      ))}
    </section>
  );
}
