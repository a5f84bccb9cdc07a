/**
 * The printable form viewer in a real browser (spec/001 section 2), as the demo employee: the
 * 'Show Printable I9' and 'Show Printable W4' buttons appear on her I-9, W-4 and state W-4 screens
 * once signed; the viewer shows the server's PDF fetched with the auth_token header (never in a
 * URL), its selector switches the form, Print prints, Close closes; a PDF opened through a download
 * key renders once; another employee's form answers 404. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT } from '../helpers/server.ts';
import { pdfText, squash } from '../printable/pdf-tools.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { startWorld, type World } from './browser.ts';

let w: World;
let emma: { token: string; user: string };
let ivan: { token: string; user: string };
const signature = { name: 'Emma Employee', font: 'font2', timestamp: 1741000000 };

async function put(who: { token: string }, type: string, body: Record<string, unknown>, key = '') {
  const r = await w.call(key ? 'PATCH' : 'POST', `/payroll/api/data/${type}/${key}`, {
    org: w.org,
    token: who.token,
    body,
  });
  assert.ok(r.status === 200 || r.status === 201, `${type}: ${r.status} ${r.text}`);
}

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
  ivan = await w.apiLogin('ivan');
  // The demo's Ivan is inactive, and an inactive user changes no record: made active, he fills his forms.
  const admin = await w.apiLogin('admin');
  const active = await w.call('PATCH', `/auth/api/data/users/${ivan.user}`, {
    org: w.org,
    token: admin.token,
    body: { status: 'active' },
  });
  assert.equal(active.status, 200, active.text);
  // No I-9 yet (it cannot be saved unsigned): its screen offers no printable form until it exists.
  await put(emma, 'my_w4', { w4_year: '2025', filing_status: 'Single', employee_signature: signature });
  await put(emma, 'my_state_w4', {
    state: 'CA',
    state_status: 'Single',
    total_allowances: 2,
    employee_signature: signature,
  });
  await put(ivan, 'my_w4', {
    w4_year: '2025',
    filing_status: 'Married',
    employee_signature: { ...signature, name: 'Ivan Inactive' },
  });
});

afterAll(async () => {
  await w.close();
});

/** Opens the viewer from the screen's button; answers the dialog and the first PDF request seen. */
async function openViewer(page: Page, button: string) {
  // The PDF itself (/forms/{form}/{key}), not the list of forms the viewer offers (/forms/{key}).
  const pdf = page.waitForResponse((r) =>
    /\/payroll\/api\/forms\/[a-z0-9]+\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Printable form' });
  await dialog.waitFor();
  const response = await pdf;
  await page.locator('iframe.printable-viewer__frame').waitFor();
  return { dialog, response };
}

/**
 * Keeps the last PDF the page fetched from the printable route (the bytes the viewer shows; the
 * page itself cannot read its blob URL back, the CSP allows no blob: fetch).
 */
async function capturePdfs(page: Page): Promise<{ last?: Buffer }> {
  const seen: { last?: Buffer } = {};
  await page.route('**/payroll/api/forms/**', async (route) => {
    // Fetched by the test's process, which (unlike Chromium) does not resolve *.localhost: the same
    // request to the server's own address; the company travels in its organization-id header.
    const u = new URL(route.request().url());
    const answer = await route.fetch({ url: `${w.server.url}${u.pathname}${u.search}` });
    seen.last = await answer.body();
    await route.fulfill({ response: answer, body: seen.last });
  });
  return seen;
}

/** Replaces print on the page and on the PDF frame's window with a counter the test reads. */
async function stubPrint(page: Page) {
  await page.waitForFunction(() => {
    const f = document.querySelector<HTMLIFrameElement>('iframe.printable-viewer__frame');
    return f?.contentWindow?.location.href.startsWith('blob:') && f.contentDocument?.readyState === 'complete';
  });
  await page.evaluate(() => {
    const counts = { page: 0, frame: 0 };
    (window as unknown as { printed: typeof counts }).printed = counts;
    window.print = () => void counts.page++;
    const frame = document.querySelector<HTMLIFrameElement>('iframe.printable-viewer__frame')!;
    frame.contentWindow!.print = () => void counts.frame++;
  });
}

const printed = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed: { page: number; frame: number } }).printed);

async function chooseAction(page: Page, name: string) {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name }).click();
}

describe('printable form viewer', () => {
  it('no browser bundle carries pdfmake, pdfkit or fontkit: the server makes the PDF', () => {
    const assets = path.join(ROOT, 'dist', 'web', 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    assert.ok(scripts.length > 0);
    for (const f of scripts) {
      const code = readFileSync(path.join(assets, f), 'utf8');
      assert.ok(!/pdfmake|pdfkit|fontkit/i.test(code), `${f} carries a PDF library`);
    }
  });

  it('I-9: the button appears once signed; the viewer shows, switches, prints and closes', async () => {
    const { page } = await w.page();
    const pdfs = await capturePdfs(page);
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_i9/edit/${emma.user}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Show Printable I9' }).count(), 0, 'not before signing');

    await put(emma, 'my_i9', { work_auth_status: 'Citizen of the United States', employee_signature: signature });
    await page.reload();
    const { dialog, response } = await openViewer(page, 'Show Printable I9');
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/pdf');
    const sent = await response.request().allHeaders();
    assert.ok(sent['auth_token'], 'the token travels in its header');
    assert.ok(!response.url().includes(emma.token) && !response.url().includes('auth_token'), 'and never in the URL');
    assert.match(squash(await pdfText(pdfs.last!)), /Employment Eligibility Verification.*Emma/);

    const select = dialog.getByLabel('Form type');
    assert.equal(await select.inputValue(), 'i9');
    const options = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    // Only the forms that exist for her: her I-9, her W-4 and her state's certificate.
    assert.deepEqual(options, ['i9', 'w4', 'california']);
    const box = await page.locator('.dform-dialog').boundingBox();
    assert.ok(box && box.width >= 1270 && box.height >= 890, 'maximized');
    const actions = await page.getByRole('button', { name: 'Actions' }).boundingBox();
    assert.ok(actions && actions.x + actions.width > 1200 && actions.y < 40, 'Actions at the top right');

    const w4 = page.waitForResponse((r) => r.url().includes(`/payroll/api/forms/w4/${emma.user}`));
    await select.selectOption('w4');
    assert.equal((await w4).status(), 200);
    await page.locator('iframe.printable-viewer__frame[data-form="w4"]').waitFor();

    await stubPrint(page);
    await chooseAction(page, 'Print');
    assert.deepEqual(await printed(page), { page: 0, frame: 1 }, 'the PDF itself is printed');
    await chooseAction(page, 'Close');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show Printable I9' }).waitFor();
  });

  it('W-4 and state W-4 screens: Show Printable W4 opens on their own form; Escape closes', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_w4/edit/${emma.user}`);
    const { dialog } = await openViewer(page, 'Show Printable W4');
    assert.equal(await dialog.getByLabel('Form type').inputValue(), 'w4');
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Print' }).waitFor();
    const violations = blocking(await runAxe(page, '.printable-viewer'));
    assert.deepEqual(violations, [], describeViolations('printable viewer', violations));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    assert.equal(await dialog.count(), 1, 'Escape in the menu closes the menu only');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    const state = await openViewer(page, 'Show Printable W4');
    assert.equal(await state.dialog.getByLabel('Form type').inputValue(), 'california');
    assert.match(state.response.url(), /\/payroll\/api\/forms\/california\//);
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLIFrameElement>('iframe.printable-viewer__frame')?.contentDocument?.contentType ===
        'application/pdf',
    );
    // The browser's PDF viewer paints on its own after the document loads: only the picture waits for it.
    await page.waitForTimeout(1500);
    await w.screenshot(page, 'printable-viewer', { fullPage: false });
  });

  it('a PDF opened in a new tab through a download key renders, once', async () => {
    const { context, page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_w4/edit/${emma.user}`);
    await openViewer(page, 'Show Printable W4');
    const tabOpened = context.waitForEvent('page');
    const pdfAnswer = context.waitForEvent('response', (r) => r.url().includes('?download='));
    await chooseAction(page, 'Open in new tab');
    const tab = await tabOpened;
    const answer = await pdfAnswer;
    assert.equal(answer.status(), 200);
    assert.equal(answer.headers()['content-type'], 'application/pdf');
    const url = answer.url();
    assert.ok(!url.includes(emma.token), 'no token in the URL');
    assert.equal((await answer.request().allHeaders())['auth_token'], undefined, 'nor in a header of the tab');
    await tab.waitForURL(/download=/);
    assert.equal(new URL(tab.url()).pathname, new URL(url).pathname);
    // The tab shows it in the browser's PDF viewer.
    await tab.waitForFunction(() => document.contentType === 'application/pdf');

    const again = await page.evaluate(async (u) => (await fetch(u)).status, url);
    assert.equal(again, 401, 'the key worked once');

    // What a download key opens is the form: a fresh key, fetched as a plain URL from the page.
    const b64 = await page.evaluate(
      async ({ key, org }) => {
        const headers = { 'organization-id': org, auth_token: localStorage.getItem('dform.auth_token') ?? '' };
        const k = await (await fetch(`/payroll/api/forms/w4/${key}/download_key`, { method: 'POST', headers })).json();
        const bytes = new Uint8Array(await (await fetch(k.url)).arrayBuffer());
        let s = '';
        for (const b of bytes) s += String.fromCharCode(b);
        return btoa(s);
      },
      { key: emma.user, org: w.org },
    );
    assert.match(squash(await pdfText(Buffer.from(b64, 'base64'))), /Emma/);
  });

  it("another employee's form answers 403 to her", async () => {
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto('/home');
    const status = await page.evaluate(
      async ({ key, org }) => {
        const token = localStorage.getItem('dform.auth_token') ?? '';
        const res = await fetch(`/payroll/api/forms/w4/${key}`, {
          headers: { 'organization-id': org, auth_token: token },
        });
        const dk = await fetch(`/payroll/api/forms/w4/${key}/download_key`, {
          method: 'POST',
          headers: { 'organization-id': org, auth_token: token },
        });
        return [res.status, dk.status];
      },
      { key: ivan.user, org: w.org },
    );
    assert.deepEqual(status, [403, 403]);
  });

  it("a manager opens an employee's W-4; a form not filled in is not offered", async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/w4/edit/${ivan.user}`);
    const { dialog, response } = await openViewer(page, 'Show Printable W4');
    assert.equal(response.status(), 200);
    const options = await dialog
      .getByLabel('Form type')
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    assert.deepEqual(options, ['w4'], 'Ivan has no I-9 and no state certificate yet');
  });

  it("a state whose printable layout is kept as data: the employee's state W-4 opens on it", async () => {
    // Product staff add a state the product does not ship, its printable layout included.
    const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
    const login = await w.call('POST', '/auth/api/login', {
      org: root.body.organization_id,
      body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
    });
    assert.equal(login.status, 200, login.text);
    const staff = { token: login.body.token as string };
    const definition = {
      ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
      state: 'WI',
      form_name: 'WT-4 Employee’s Wisconsin Withholding Exemption Certificate',
      printable_type: 'wisconsin',
      printable_layout: {
        ...JSON.parse(readFileSync(path.join(ROOT, 'printable/layouts/colorado.json'), 'utf8')),
        $schema: undefined,
        form: 'wisconsin',
        state: 'WI',
        title: 'Form WT-4, Employee’s Wisconsin Withholding Exemption Certificate',
      },
    };
    const created = await w.call('POST', '/payroll/api/data/state_w4_form/', {
      org: root.body.organization_id,
      token: staff.token,
      body: definition,
    });
    assert.equal(created.status, 201, created.text);
    await put(
      ivan,
      'my_state_w4',
      { state: 'WI', extra_state_withholding: 15, employee_signature: { ...signature, name: 'Ivan Inactive' } },
      ivan.user,
    );

    const { page } = await w.page();
    const pdfs = await capturePdfs(page);
    // The payroll manager opens his state W-4.
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/state_w4/edit/${ivan.user}`);
    const { dialog, response } = await openViewer(page, 'Show Printable W4');
    assert.match(response.url(), /\/payroll\/api\/forms\/wisconsin\//);
    assert.equal(response.status(), 200);
    const select = dialog.getByLabel('Form type');
    assert.equal(await select.inputValue(), 'wisconsin');
    assert.match(
      await select.locator('option:checked').innerText(),
      /^Form WT-4, Employee’s Wisconsin/,
      'named by its layout',
    );
    await page.waitForFunction(() => document.querySelector('iframe.printable-viewer__frame'));
    // The layout (a copy of Colorado's, as staff would start one) prints Ivan's Wisconsin answers.
    assert.match(squash(await pdfText(pdfs.last!)), /not an annual amount\) \$ 15 /);
  });
});
