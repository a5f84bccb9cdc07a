/**
 * A hire invited without an SSN gives it on their Personal details, before the forms that print it
 * (docs/decisions.md, "Who enters a hire's SSN"): the number the SSA never issues is refused with
 * the rule's message, Enter saves the number and not the form, and then it shows masked and the
 * employer sees it on the hire. Someone else's Personal details, edited by payroll, ask nothing.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { readOutbox } from '../helpers/outbox.ts';
import { startWorld, type World } from './browser.ts';

let w: World;
let payroll: { token: string; user: string };

beforeAll(async () => {
  w = await startWorld();
  payroll = await w.apiLogin('payroll');
});
afterAll(async () => {
  await w?.close();
});

describe("a hire's own SSN", () => {
  it('is asked for above Personal details until given, then shown masked; the employer sees it on the hire', async () => {
    const email = `nia.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const hire = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      org: w.org,
      token: payroll.token,
      body: { first_name: 'Nia', last_name: 'Newcomer', email, state: 'NY' },
    });
    assert.equal(hire.status, 201, hire.text);
    const mail = (await readOutbox(w.server.dataDir)).filter((m) => m.to === email).pop()!;
    const link = /(http\S+\/auto-login\S+)/.exec(mail.text)![1];
    const nia = hire.body.key as string;

    // The invitation's link, as the hire opens it: a password first, then the forms.
    const { page } = await w.page();
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/password-change');
    await page.getByLabel(/^New password/).fill('nia-chooses-a-pass-9');
    await page.getByLabel(/^Retype the new password/).fill('nia-chooses-a-pass-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.goto(`/payroll/my_basic_info/edit/${nia}`);
    const panel = page.getByRole('group', { name: 'Social Security number' });
    await panel.waitFor();
    const input = panel.getByLabel('SSN');
    await w.screenshot(page, 'your-ssn-asked', { fullPage: false });

    await input.fill('900-12-3456');
    await panel.getByRole('button', { name: 'Save SSN' }).click();
    await panel
      .getByRole('alert')
      .getByText('SSN: area numbers 900-999 are never issued; a number beginning with 9 is an ITIN, not an SSN.')
      .waitFor();
    // The keyboard goes back to the number to correct, not to the page's body.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');

    // Typed without dashes; Enter saves the number, not the Personal details form.
    await input.fill('123 45 6789');
    await input.press('Enter');
    await page.getByText('Social Security number on file: xxx-xx-6789.').waitFor();
    // ... and once saved, to the number on file, which took the field's place.
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('on file: xxx-xx-6789'));
    await w.screenshot(page, 'your-ssn-on-file', { fullPage: false });
    assert.equal(await page.getByText('Saved.', { exact: true }).count(), 0, 'the form was not saved');
    assert.equal(await page.getByRole('group', { name: 'Social Security number' }).count(), 0);

    const seen = await w.call('GET', `/payroll/api/data/onboarding_user/${hire.body.key}`, {
      org: w.org,
      token: payroll.token,
    });
    assert.equal(seen.body.data.ssn, 'xxx-xx-6789');

    // Reloaded, the number stays on file.
    await page.reload();
    await page.getByText('Social Security number on file: xxx-xx-6789.').waitFor();
  });

  it("is not asked of payroll editing someone else's Personal details", async () => {
    const emma = await w.apiLogin('emma');
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/basic_info/edit/${emma.user}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel('Date of birth').waitFor();
    assert.equal(await page.getByText('Social Security number').count(), 0);
  });
});
