/**
 * A stored file's name, type and size (storage/files, listed as its File name, Type and Size
 * columns) are its upload's: made without a name, it is named by what is uploaded; a typed or sent
 * name, type or size cannot set the record apart from its file; removing the file clears them.
 * Before, the name was typed before the upload and never followed it (the list said one name, the
 * download another), and the type and size columns stayed empty for every file.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let olive: Session;
beforeAll(async () => {
  w = await demoWorld();
  olive = await signedInEmployee(w, 'Olive');
});
afterAll(async () => {
  await w.server.stop();
});

const FILES = '/storage/api/data/files/';
const content = (key: string) => `/storage/api/files/files/${key}/content`;
const read = async (key: string) => (await w.call('GET', `${FILES}${key}`, as(olive))).body.data;

async function upload(key: string, name: string, type: string, body: string) {
  const up = await w.call('PUT', content(key), {
    ...as(olive),
    headers: { 'content-type': type, 'x-file-name': name },
    rawBody: body,
  });
  assert.equal(up.status, 200, up.text);
  return up.body;
}

test('a file made with no name takes its upload’s name, type and size, and its list row says them', async () => {
  const made = await w.call('POST', FILES, { ...as(olive), body: { owner_id: olive.user, module: 'hr' } });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.data.filename, undefined);
  await upload(made.body.key, 'budget 2027.csv', 'text/csv', 'a,b\n1,2\n');
  const data = await read(made.body.key);
  assert.deepEqual([data.filename, data.mime_type, data.size], ['budget 2027.csv', 'text/csv', 8]);
  const list = await w.call('POST', '/storage/api/data/find/files', {
    ...as(olive),
    body: { criteria: [{ field: 'filename', is: 'like', value: 'budget 2027' }] },
  });
  assert.deepEqual(
    list.body.items.map((r: { data: Record<string, unknown> }) => [r.data.filename, r.data.mime_type, r.data.size]),
    [['budget 2027.csv', 'text/csv', 8]],
  );
  const download = await w.call('GET', content(made.body.key), as(olive));
  assert.match(download.headers.get('content-disposition') ?? '', /filename="budget 2027\.csv"/);
});

test('a name, type or size typed or sent does not set the record apart from its file; a new upload renames it', async () => {
  const made = await w.call('POST', FILES, {
    ...as(olive),
    body: { owner_id: olive.user, filename: 'typed first.txt', mime_type: 'image/png' },
  });
  assert.equal(made.status, 201, made.text);
  await upload(made.body.key, 'notes.txt', 'text/plain', 'hello\n');
  assert.deepEqual(
    [(await read(made.body.key)).filename, (await read(made.body.key)).mime_type],
    ['notes.txt', 'text/plain'],
  );
  const save = await w.call('PATCH', `${FILES}${made.body.key}`, {
    ...as(olive),
    body: { filename: 'other.exe', mime_type: 'application/x-msdownload', size: 1, notes: 'kept' },
  });
  assert.equal(save.status, 200, save.text);
  assert.deepEqual(
    [save.body.data.filename, save.body.data.mime_type, save.body.data.size, save.body.data.notes],
    ['notes.txt', 'text/plain', 6, 'kept'],
  );
  await upload(made.body.key, 'notes v2.txt', 'text/plain', 'hello again\n');
  const again = await read(made.body.key);
  assert.deepEqual([again.filename, again.size], ['notes v2.txt', 12]);
});

test('removing the file clears its name, type and size; the record stays and saves', async () => {
  const made = await w.call('POST', FILES, { ...as(olive), body: { owner_id: olive.user } });
  await upload(made.body.key, 'old.txt', 'text/plain', 'old\n');
  const gone = await w.call('DELETE', content(made.body.key), as(olive));
  assert.equal(gone.status, 204, gone.text);
  const data = await read(made.body.key);
  assert.deepEqual(
    [data.content, data.filename, data.mime_type, data.size],
    [undefined, undefined, undefined, undefined],
  );
  const save = await w.call('PATCH', `${FILES}${made.body.key}`, { ...as(olive), body: { notes: 'no file now' } });
  assert.equal(save.status, 200, save.text);
});
