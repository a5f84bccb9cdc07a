/**
 * A W-4 changed after it was signed, as the employee then sees it: the old signature shows as
 * "void: changed after signing" and the form asks to be signed again; signing and saving makes it
 * hold again. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';
import { VOIDS_ON_SAVE } from '../../forms/signature/SignatureField.tsx';
import { NOT_SIGNED_YET, SIGNATURE_VOIDED } from '../../renderers/screens/record/signature-notice.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('shows a voided signature as void and takes a new one', async () => {
  const emma = await w.apiLogin('emma');
  const api = (method: string, body: unknown) =>
    w.call(method, `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token, body });
  const signed = await api('POST', {
    filing_status: 'Single',
    employee_signature: { name: 'Emma R. Employee', font: 'font1', timestamp: 1 },
  });
  assert.ok([200, 201].includes(signed.status), signed.text);
  const changed = await api('PATCH', { federal_withholding_extra: 40 });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.data.employee_signature, undefined);

  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  const note = page.getByRole('status').filter({ hasText: 'void: changed after signing' });
  await note.waitFor();
  assert.match(await note.innerText(), /Emma R\. Employee/);
  await w.screenshot(page, 'w4-signature-void');

  await page.getByText('Signature Required').click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill('Emma R. Employee');
  await page.getByRole('button', { name: 'Submit' }).click();
  await note.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).first().waitFor();
  const stored = await w.call('GET', `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token });
  assert.equal(stored.body.data.employee_signature.name, 'Emma R. Employee');
  assert.equal(stored.body.data.employee_signature.evidence.signed_by, emma.user);
});

/** Emma's W-4 with this extra withholding, signed by her through the API; her session. */
async function signedW4(extra: number) {
  const emma = await w.apiLogin('emma');
  const signed = await w.call('PATCH', `/payroll/api/data/my_w4/${emma.user}`, {
    org: w.org,
    token: emma.token,
    body: {
      federal_withholding_extra: extra,
      employee_signature: { name: 'Emma R. Employee', font: 'font1', timestamp: 1 },
    },
  });
  assert.equal(signed.status, 200, signed.text);
  assert.ok(signed.body.data.employee_signature.evidence, 'signed');
  return emma;
}

it('says before the Save that a change to what was signed voids the signature, and no longer once it is undone or signed again', async () => {
  const emma = await signedW4(50);

  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  const extra = page.getByLabel('Step 4(c) Extra withholding (per pay period)');
  await extra.waitFor();
  const warning = page.getByRole('status').filter({ hasText: VOIDS_ON_SAVE });
  assert.equal(await warning.count(), 0, 'nothing changed yet');
  await extra.fill('75');
  await warning.waitFor();
  await extra.fill('50');
  await warning.waitFor({ state: 'detached' });
  await extra.fill('75');
  await warning.waitFor();
  await page.getByText('Emma R. Employee').first().click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill('Emma R. Employee');
  await page.getByRole('button', { name: 'Submit' }).click();
  await warning.waitFor({ state: 'detached' });
});

it('a save that voids a signature says so in its notice, by the Save button, not only at the field far down the form', async () => {
  const emma = await signedW4(20);
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  const extra = page.getByLabel('Step 4(c) Extra withholding (per pay period)');
  await extra.fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.notices').getByText(SIGNATURE_VOIDED, { exact: true }).waitFor();
  // A save that voids nothing says the usual for an unsigned form: saved, not signed yet.
  await extra.fill('40');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.notices').getByText(NOT_SIGNED_YET, { exact: true }).waitFor();
});

it("a signature in someone else's name is refused at the signature, saying whose name to sign with", async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  // What her signature states besides her answers is on the screen she signs, as on the printout.
  const facts = page.locator('.signature-field__facts');
  await facts.getByText('Your signature also states, from your records').waitFor();
  await facts.getByText('Emma Employee').waitFor();
  await facts.getByText('xxx-xx-6789').waitFor();
  assert.ok(!(await facts.innerText()).includes('123-45-6789'), 'the SSN as masked');
  await page.getByText('Signature Required').click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill('Mickey Mouse');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Sign with your own name, as Emma Employee.').first().waitFor();
  const stored = await w.call('GET', `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token });
  assert.notEqual(stored.body.data?.employee_signature?.name, 'Mickey Mouse');
  await w.screenshot(page, 'w4-signature-not-hers');
});
