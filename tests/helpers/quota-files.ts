/**
 * What the storage quota tests upload and where (tests/api/files-quota*.test.ts,
 * tests/browser/file-usage.test.ts): PDFs of an exact size whose bytes no other upload has (so no
 * two share a blob), the file fields of a company document and of an employee's document, and the
 * records that hold them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { as, type Session } from './demo.ts';
import type { client } from './server.ts';

type Call = ReturnType<typeof client>;

/** A PDF of exactly `size` bytes, of bytes no other upload has. */
export function uniquePdf(size: number): Buffer {
  const out = Buffer.alloc(size, 0x20);
  out.write(`%PDF-1.4\n% ${randomUUID()}\n`);
  return out;
}

/** Uploads `bytes` as a PDF into the file field at `path`. */
export function putPdf(call: Call, who: Session, path: string, bytes: Uint8Array) {
  return call('PUT', path, {
    ...as(who),
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'scan.pdf' },
    rawBody: new Blob([new Uint8Array(bytes)]),
  });
}

export const companyDoc = (key: string) => `/hr/api/files/documents/${key}/file`;
export const employeeDoc = (key: string) => `/hr/api/files/employee_documents/${key}/file`;

/** A new company document (a handbook) for `who` to attach a file to. */
export async function newCompanyDocument(call: Call, who: Session): Promise<string> {
  const r = await call('POST', '/hr/api/data/documents/', {
    ...as(who),
    body: { display_name: 'Handbook', filename: 'handbook.pdf', view_type: 'file' },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/** A document HR (`hr`) asks `employee` for (status requested), which the employee attaches. */
export async function requestedDocument(call: Call, hr: Session, employee: string): Promise<string> {
  const r = await call('POST', '/hr/api/data/employee_documents/', {
    ...as(hr),
    body: { employee_id: employee, display_name: 'Scan', status: 'requested' },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}
