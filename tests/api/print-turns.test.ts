/**
 * Drawing printable forms takes turns (server/company-turns.ts): a company's forms are drawn one at
 * a time, so one employee asking for her I-9 many times at once holds the server's event loop for
 * one form at a time, not for all of them. Every request is answered with its PDF in the end.
 * In-process, with the store's reads of the form's record held open by the test, so what is being
 * drawn at once is seen, not timed.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Services } from '../../server/services.ts';
import { inProcessDemo, signInTo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

/** Reads of I-9 records now held, and the most at once. */
let inside = 0;
let most = 0;
let held = Promise.resolve();

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-print-turns-'));
  const store = services.storage;
  for (const method of ['get', 'getMany', 'find', 'findInSlices'] as const) {
    const original = store[method].bind(store) as (...a: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[method] = async (...a: unknown[]) => {
      if (!JSON.stringify(a).includes('"payroll/i9"')) return original(...a);
      inside++;
      most = Math.max(most, inside);
      try {
        await held;
        return await original(...a);
      } finally {
        inside--;
      }
    };
  }
});
afterAll(() => close());

test("one employee's six I-9s at once are drawn one at a time, and each is answered", async () => {
  const token = await signInTo(call, acme)('carla@acme.example', 'demo-complete-pass');
  const key = String((await call('GET', '/auth/api/session', { org: acme, token })).body.user.key);
  const pdf = () => call('GET', `/payroll/api/forms/i9/${key}`, { org: acme, token });
  const first = await pdf();
  expect(first.status, first.text.slice(0, 200)).toBe(200);
  expect(first.text.startsWith('%PDF')).toBe(true);

  let release: () => void = () => undefined;
  held = new Promise((r) => (release = r));
  most = 0;
  const sent = Array.from({ length: 6 }, () => pdf());
  for (let i = 0; i < 500 && inside === 0; i++) await new Promise((r) => setTimeout(r, 10));
  // Time for any more of them to get in, were they let.
  await new Promise((r) => setTimeout(r, 100));
  expect(inside).toBe(1);
  release();
  for (const r of await Promise.all(sent)) {
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.text.startsWith('%PDF')).toBe(true);
  }
  expect(most).toBe(1);
});
