/**
 * The unsaved edits a form keeps in its tab while the person types (renderers/screens/record/drafts.ts):
 * the fields changed, never a sensitive number typed in clear (one as the server masked it is kept,
 * so the restored form still sends it back unchanged), per person; signing in as another person
 * drops the previous one's. A memory sessionStorage stands in for the browser's.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { draftId, dropDraft, dropDrafts, keepDraft, readDraft } from '../../../renderers/screens/record/drafts.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

const g = globalThis as { window?: unknown };
beforeAll(() => {
  g.window = { sessionStorage: new MemoryStorage() };
});
afterAll(() => {
  delete g.window;
});

const SCHEMA = {
  type: 'object',
  properties: {
    phone: { type: 'string' },
    ssn: { type: 'string', 'x-sensitive': 'ssn' },
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, account_number: { type: 'string', 'x-sensitive': 'account' } },
      },
    },
  },
};

test('keeps the fields changed, without a sensitive number typed; one as the server masked it stays', () => {
  const id = draftId('u1', '/payroll/my_info/edit/u1');
  const start = { phone: '5125550100', ssn: 'xxx-xx-6789', accounts: [{ name: 'Main', account_number: 'xxxxxx1234' }] };
  keepDraft(
    id,
    {
      phone: '5125550123',
      ssn: '123-45-6789',
      accounts: [
        { name: 'Main checking', account_number: 'xxxxxx1234' },
        { name: 'Savings', account_number: '99887766' },
      ],
    },
    start,
    SCHEMA,
  );
  expect(readDraft(id)).toEqual({
    edits: {
      phone: '5125550123',
      accounts: [{ name: 'Main checking', account_number: 'xxxxxx1234' }, { name: 'Savings' }],
    },
    withoutSensitive: true,
  });
  // Back as it started: nothing to keep.
  keepDraft(id, start, start, SCHEMA);
  expect(readDraft(id)).toBeUndefined();
});

test("each person's own: signing in as another drops the others', signing out drops all", () => {
  const mine = draftId('u1', '/a');
  const theirs = draftId('u2', '/a');
  keepDraft(mine, { phone: '1' }, {}, SCHEMA);
  keepDraft(theirs, { phone: '2' }, {}, SCHEMA);
  dropDrafts('u1');
  expect(readDraft(mine)?.edits).toEqual({ phone: '1' });
  expect(readDraft(theirs)).toBeUndefined();
  dropDrafts();
  expect(readDraft(mine)).toBeUndefined();
  dropDraft(mine);
});
