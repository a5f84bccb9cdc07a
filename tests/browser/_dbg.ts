import { startWorld } from './browser.ts';
const w = await startWorld();
try {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_basic_info/edit/${emma.user}`);
  await page.getByRole('switch').check();
  console.log('MAIL', (await page.locator('#root_mailing_address_state').innerHTML()).slice(0, 300));
  await page.goto(`/payroll/my_emergency_contacts/edit/${emma.user}`);
  await page.locator('#root_contacts_0_contact_first_name').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForTimeout(500);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.waitForTimeout(500);
  console.log('IDS', await page.locator('main input').evaluateAll((es) => es.map((e) => e.id).join(' ')));
  await page.goto(`/payroll/my_i9/edit/${emma.user}`);
  await page.getByLabel('4. An alien authorized to work').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForTimeout(1500);
  console.log('I9', (await page.locator('main').innerText()).split('\n').filter((l) => /sign|Signature|must|requir|valid|fix/i.test(l)).join('\n'));
  await page.screenshot({ path: '/tmp/onb2/i9c.png', fullPage: true });
} finally { await w.close(); }
