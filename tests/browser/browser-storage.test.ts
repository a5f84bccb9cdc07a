/**
 * Sensitive values never reach the browser's storage (issue 8, data protection): after an employee
 * and a payroll manager open screens holding an SSN and a bank account number, local and session
 * storage, cookies and IndexedDB hold neither, and the token is never in a cookie or a URL visited.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

const SSN = '123-45-6789';
const ACCOUNT = '000987654321';
let w: World;
let emma: { token: string; user: string };

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
  const saved = await w.call('POST', `/payroll/api/data/my_employee_payment_information/${emma.user}`, {
    org: w.org,
    token: emma.token,
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        {
          account_nickname: 'Savings',
          account_number: ACCOUNT,
          account_type: 'Checking',
          routing_number: '021000021',
          split_type: 'Percent Split',
          amount: 100,
        },
      ],
    },
  });
  assert.ok(saved.status === 200 || saved.status === 201, saved.text);
});

afterAll(async () => {
  await w?.close();
});

/** Everything the page's origin keeps: local and session storage, cookies, IndexedDB contents. */
async function stored(page: Page): Promise<string> {
  // A string, so the test's TypeScript transform adds no helpers the page does not have.
  const inPage = (await page.evaluate(`(async () => {
    const all = (s) => Object.fromEntries(Object.keys(s).map((k) => [k, s.getItem(k)]));
    const dbs = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
    return JSON.stringify({ local: all(localStorage), session: all(sessionStorage), dbs, cookie: document.cookie });
  })()`)) as string;
  const cookies = JSON.stringify(await page.context().cookies());
  return `${inPage}\n${cookies}`;
}

function assertClean(text: string, token: string) {
  for (const secret of [SSN, SSN.replaceAll('-', ''), ACCOUNT]) {
    assert.ok(!text.includes(secret), `browser storage holds ${secret}`);
  }
  assert.ok(!/"cookie":"[^"]*auth_token/.test(text), 'no token in a cookie');
  assert.ok(!text.includes(`"value":"${token}"`), 'the token is not a cookie value');
}

it('an employee opening her employee and payment screens leaves no SSN or account number in storage', async () => {
  const { page } = await w.page();
  const visited: string[] = [];
  page.on('request', (r) => visited.push(r.url()));
  await w.signIn(page, 'emma');
  for (const path of [
    `/payroll/my_employee/view/${emma.user}`,
    `/payroll/my_employee_payment_information/edit/${emma.user}`,
  ]) {
    await page.goto(new URL(path, page.url()).href);
    await page.locator('.record, form').first().waitFor();
  }
  // The screens did show the masked values, so the data was really loaded.
  await page.getByText('xxxx4321', { exact: false }).or(page.locator('input[value$="4321"]')).first().waitFor();
  const text = await stored(page);
  const token = JSON.parse(text.split('\n')[0]).local['dform.auth_token'] as string;
  assert.ok(token, 'signed in');
  assertClean(text, token);
  assert.ok(!visited.some((u) => u.includes(token)), 'the token never travels in a URL');
});

it('a payroll manager viewing the employee leaves no SSN in storage', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto(new URL(`/payroll/employee/view/${emma.user}`, page.url()).href);
  await page.getByText('xxx-xx-6789').first().waitFor();
  const text = await stored(page);
  const token = JSON.parse(text.split('\n')[0]).local['dform.auth_token'] as string;
  assertClean(text, token);
});
