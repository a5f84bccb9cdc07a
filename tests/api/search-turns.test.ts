/**
 * A company's searches take turns (server/company-turns.ts): however many one company sends at
 * once, at most two are in the store at a time, and another company's search is not held behind
 * them. Every search is answered in full once its turn comes. In-process, with the store's
 * searches held open by the test, so what is in the store at once is seen, not timed.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Services } from '../../server/services.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { inProcessDemo, signInTo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let root: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

/** The organizations of the searches now in the store, and the most of each at once. */
const inStore = new Map<string, number>();
const most = new Map<string, number>();
let release: () => void = () => undefined;
let held = Promise.resolve();

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-search-turns-'));
  root = (await call('GET', '/auth/api/resolve_org', {})).body.organization_id as string;
  const store = services.storage;
  // The store's search methods and where each names its organization.
  const orgArg = { findInSlices: 1, getManyAndFind: 0 } as const;
  for (const [method, at] of Object.entries(orgArg) as [keyof typeof orgArg, number][]) {
    const original = store[method].bind(store) as (...a: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[method] = async (...a: unknown[]) => {
      const org = String(a[at]);
      inStore.set(org, (inStore.get(org) ?? 0) + 1);
      most.set(org, Math.max(most.get(org) ?? 0, inStore.get(org)!));
      try {
        await held;
        return await original(...a);
      } finally {
        inStore.set(org, inStore.get(org)! - 1);
      }
    };
  }
});
afterAll(() => close());

async function until(what: string, ok: () => boolean) {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok(), what).toBe(true);
}

const search = (token: string, org: string, body: unknown, type = 'payroll/api/data/find/employee') =>
  call('POST', `/${type}`, { org, token, body });

test("one company's many searches: two in the store at a time; another company's is not held behind them", async () => {
  const payroll = await signInTo(call, acme)('payroll@acme.example', 'demo-payroll-pass');
  const admin = await signInTo(call, root)(ADMIN_EMAIL, ADMIN_PASSWORD);
  const query = { criteria: [{ field: 'last_name', is: 'like', value: 'e' }], limit: 2 };
  const expected = await search(payroll, acme, query);
  expect(expected.status, expected.text).toBe(200);
  expect(expected.body.total).toBeGreaterThan(2);
  await search(admin, root, { criteria: [] }, 'auth/api/data/find/users');

  held = new Promise((r) => (release = r));
  most.clear();
  const sent = [
    ...Array.from({ length: 6 }, () => search(payroll, acme, query)),
    call('GET', '/payroll/api/onboarding_pipeline', { org: acme, token: payroll }),
  ];
  await until('two of the company’s searches reach the store', () => inStore.get(acme) === 2);
  // Time for any more of them to get in, were they let.
  await new Promise((r) => setTimeout(r, 100));
  expect(inStore.get(acme)).toBe(2);

  const other = search(admin, root, { criteria: [] }, 'auth/api/data/find/users');
  await until('the other company’s search reaches the store at once', () => inStore.get(root) === 1);
  expect(inStore.get(acme)).toBe(2);

  release();
  const answers = await Promise.all(sent);
  for (const r of answers.slice(0, 6)) {
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual(expected.body);
  }
  expect(answers[6].status, answers[6].text).toBe(200);
  const theirs = await other;
  expect(theirs.status, theirs.text).toBe(200);
  expect(theirs.body.items.map((u: { data: { email: string } }) => u.data.email)).toContain(ADMIN_EMAIL);
  expect(most.get(acme)).toBe(2);
});
