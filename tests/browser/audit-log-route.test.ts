/**
 * The generic audit log route /{module}/{datatype}/{userId}/audit_log (spec/000 section 2): the
 * user's audit records for a holder of AUTH:CanViewAuditLogs, 'Not authorized.' for others, Page
 * Not Found for a type not of its module. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it("opens a user's audit records from a type's page, and only for those who may read them", async () => {
  const emma = await w.apiLogin('emma');
  const admin = await w.page({ mobile: true });
  await w.signIn(admin.page, 'admin');
  await admin.page.goto(`/auth/users/${emma.user}/audit_log?name=Emma%20Employee`);
  await admin.page.getByRole('heading', { name: 'Audit log: Emma Employee', level: 1 }).waitFor();
  await admin.page.goto(`/payroll/users/${emma.user}/audit_log`);
  await admin.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();

  const payroll = await w.page();
  await w.signIn(payroll.page, 'payroll');
  await payroll.page.goto(`/payroll/employee/${emma.user}/audit_log`);
  await payroll.page.getByText('Not authorized.').waitFor();
  assert.equal(await payroll.page.getByRole('heading', { name: /^Audit log/ }).count(), 0);
});

it("the heading names the account whose records are listed, whatever name the link's query gives", async () => {
  // A link to Emma's audit records titled "Carla Complete" would have an auditor read Emma's actions
  // as Carla's: the name comes from the account, the query's is not shown.
  const emma = await w.apiLogin('emma');
  const admin = await w.page();
  await w.signIn(admin.page, 'admin');
  await admin.page.goto(`/auth/new_user/${emma.user}/audit_log?name=Carla%20Complete`);
  await admin.page.getByRole('heading', { name: 'Audit log: Emma Employee', level: 1 }).waitFor();
  assert.equal(await admin.page.getByText('Carla Complete').count(), 0);
  // A key of no account of the company is named by the key, not by the link.
  const none = crypto.randomUUID();
  await admin.page.goto(`/auth/new_user/${none}/audit_log?name=Emma%20Employee`);
  await admin.page.getByRole('heading', { name: `Audit log: user ${none}`, level: 1 }).waitFor();
  assert.equal(await admin.page.getByText('Emma Employee').count(), 0);
});
