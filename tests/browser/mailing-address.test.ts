/**
 * The mailing-address toggle on a record that holds no mailing address (the seeded employees, whose
 * payroll provider keeps none): the person gave none, so their mail goes to the legal address and the
 * toggle shows off, "Same as the legal address"; a save keeps the record as it was (no address
 * invented). Its label speaks of the person the record is about: "My ..." to that person, their name
 * to a manager. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { saveForm, startWorld, type World } from './browser.ts';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

async function stored(key: string, token: string) {
  const r = await w.call('GET', `/payroll/api/data/basic_info/${key}`, { org: w.org, token });
  assert.equal(r.status, 200, r.text);
  return r.body as { data: Record<string, unknown>; meta: { version: number } };
}

describe('the mailing-address toggle on a record without a mailing address', () => {
  it('shows a manager "Same as the legal address" under the person\'s name, and a save invents no address', async () => {
    const admin = await w.apiLogin('admin');
    const carla = await w.apiLogin('carla');
    const before = await stored(carla.user, admin.token);
    assert.equal(before.data.mailing_address, undefined, 'the seeded record holds no mailing address');
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/payroll/basic_info/edit/${carla.user}`);
    await page.getByRole('heading', { level: 1, name: /Carla Complete/ }).waitFor();
    const toggle = page.getByRole('switch', {
      name: "Carla Complete's mailing address is different from the legal address",
    });
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), false);
    assert.equal(await page.getByText(/^My mailing address/).count(), 0, 'not "My" on another person\'s record');
    await page.getByText('Same as the legal address: 100 Congress Ave, Austin, TX 78701').waitFor();
    assert.equal(await page.locator('#root_mailing_address_address1').count(), 0);
    // A change elsewhere, saved: the mailing address is still the one the record held (none).
    await page.getByLabel('Alternate e-mail').fill('carla.home@example.com');
    await saveForm(page);
    const after = await stored(carla.user, admin.token);
    assert.equal(after.data.alternate_email, 'carla.home@example.com');
    assert.equal(after.data.mailing_address, undefined);
    // Switched on, the person's own mailing address is entered and kept.
    await toggle.check();
    await page.locator('#root_mailing_address_address1').fill('PO Box 12');
    await page.locator('#root_mailing_address_city').fill('Austin');
    await page.locator('#root_mailing_address_state').selectOption({ label: 'Texas' });
    await page.locator('#root_mailing_address_postal_code').fill('78767');
    await saveForm(page);
    assert.deepEqual((await stored(carla.user, admin.token)).data.mailing_address, {
      address1: 'PO Box 12',
      city: 'Austin',
      state: 'TX',
      postal_code: '78767',
    });
  });

  it('the read-only view says the same: the legal address, or the mailing address the person gave', async () => {
    const sam = await w.apiLogin('sam');
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    const mailing = async () => {
      await page.goto(`/payroll/basic_info/view/${sam.user}`);
      const section = page.getByRole('region', { name: 'Mailing address' });
      await section
        .getByText(/Same as the legal address|PO Box/)
        .first()
        .waitFor();
      return (await section.innerText()).replace(/\s+/g, ' ');
    };
    assert.match(await mailing(), /Same as the legal address: 100 Congress Ave, Austin, TX 78701/);
    const admin = await w.apiLogin('admin');
    const patched = await w.call('PATCH', `/payroll/api/data/basic_info/${sam.user}`, {
      org: w.org,
      token: admin.token,
      body: { mailing_address: { address1: 'PO Box 9', city: 'Austin', state: 'TX', postal_code: '78767' } },
    });
    assert.equal(patched.status, 200, patched.text);
    const shown = await mailing();
    assert.match(shown, /PO Box 9, Austin, TX 78767/);
    assert.doesNotMatch(shown, /Same as the legal address/);
  });

  it('speaks to the person as "My" on their own record', async () => {
    const wes = await w.apiLogin('wes');
    const { page } = await w.page();
    await w.signIn(page, 'wes');
    await page.goto(`/payroll/my_basic_info/edit/${wes.user}`);
    const toggle = page.getByRole('switch', { name: 'My mailing address is different from my legal address' });
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), false);
    await page.getByText('Same as the legal address: 100 Congress Ave, Austin, TX 78701').waitFor();
  });
});
