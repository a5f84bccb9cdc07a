/**
 * The user picker by keyboard alone (the combobox pattern): the arrow keys reach an option, Enter
 * chooses it and never sends the form, Escape clears the search. Enter had saved a group without the
 * user being typed, its permissions given to no one. Needs `npm run build:web` first.
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

it('chooses users with the arrow keys and Enter, without saving the form', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto('/auth/groups/create');
  await page.getByRole('heading', { name: 'New group' }).waitFor();
  await page.getByLabel('Name*').fill(`Keyboard ${crypto.randomUUID().slice(0, 6)}`);
  const search = page.getByRole('combobox', { name: 'Users: search users' });

  // Several match: Enter alone chooses none and sends nothing.
  await search.fill('acme');
  await page.getByRole('listbox', { name: 'Users: matching users' }).getByRole('option').nth(1).waitFor();
  await search.press('Enter');
  assert.equal(new URL(page.url()).pathname, '/auth/groups/create', 'the form was not sent');
  assert.equal(await page.getByRole('button', { name: /^Remove / }).count(), 0);

  await search.fill('emma');
  // The earlier search's matches stay shown until this one answers.
  const options = page.getByRole('listbox', { name: 'Users: matching users' }).getByRole('option');
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-label="Users: matching users"] [role=option]').length === 1,
  );
  assert.match(await options.first().innerText(), /Emma Employee/);
  await search.press('ArrowDown');
  const reached = await search.getAttribute('aria-activedescendant');
  assert.ok(reached, 'the option reached is named to assistive technology');
  assert.match((await page.locator(`[id="${reached}"]`).innerText()) ?? '', /Emma Employee/);
  await search.press('Enter');
  await page.getByRole('button', { name: 'Remove Emma Employee' }).waitFor();
  assert.equal(await search.inputValue(), '');
  assert.equal(new URL(page.url()).pathname, '/auth/groups/create', 'still not sent');

  // One match: Enter takes it. Escape clears a search.
  await search.fill('carla');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[aria-label="Users: matching users"] [role=option]').length === 1 &&
      /Carla/.test(document.querySelector('[aria-label="Users: matching users"] [role=option]')!.textContent ?? ''),
  );
  await search.press('Enter');
  await page.getByRole('button', { name: /^Remove Carla/ }).waitFor();
  await search.fill('sam');
  await search.press('Escape');
  assert.equal(await search.inputValue(), '');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/auth\/groups\/edit\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Remove Emma Employee' }).waitFor();
});
