/**
 * The file field and the documents pages in a real browser: HR asks Emma for a document; she finds
 * it on My documents, attaches a picture (preview, progress, stored), downloads it, removes it; a
 * slow upload shows its progress and can be cancelled; while an upload reaches the server, the
 * record's status uploading shows in the form and in the lists. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import QRCode from 'qrcode';
import { startWorld, uploadPdf, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

async function requestFromEmma(display_name: string): Promise<string> {
  const admin = await w.apiLogin('admin');
  const emma = await w.apiLogin('emma');
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    org: w.org,
    token: admin.token,
    body: { employee_id: emma.user, display_name, status: 'requested' },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

async function stored(key: string) {
  const admin = await w.apiLogin('admin');
  return (await w.call('GET', `/hr/api/data/employee_documents/${key}`, { org: w.org, token: admin.token })).body.data;
}

it('an employee attaches a requested document on My documents, sees it, downloads it and removes it', async () => {
  const key = await requestFromEmma('Photo ID');
  const png = await QRCode.toBuffer(`dform ${key}`, { width: 240 });
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/mydocuments');
  const row = page.getByRole('row', { name: /Photo ID/ });
  await row.waitFor();
  assert.match(await row.innerText(), /Requested\s+No file yet/);
  await row.getByRole('link', { name: 'Photo ID' }).click();
  await page.waitForURL(`**/hr/employee_documents/edit/${key}`);

  await page.getByText('Drop a file here or').waitFor();
  await page.locator('input[type=file]').setInputFiles({ name: 'photo-id.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Download' }).waitFor();
  await page.getByText('photo-id.png').waitFor();
  // Back in the app (no page load), My documents lists the document as uploaded, not as it was.
  await page.goBack();
  await page.waitForURL('**/mydocuments');
  await page
    .getByRole('row', { name: /Photo ID/ })
    .getByText('Uploaded')
    .waitFor({ timeout: 3000 });
  await page.goForward();
  await page.waitForURL(`**/hr/employee_documents/edit/${key}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('img', { name: 'Preview of File' });
  await preview.waitFor();
  assert.ok(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
  await w.screenshot(page, 'file-field-stored');
  const data = await stored(key);
  assert.equal(data.status, 'uploaded');
  assert.equal(data.file.name, 'photo-id.png');
  assert.equal(data.file.type, 'image/png');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'photo-id.png');
  assert.deepEqual(await readFile((await download.path())!), png);

  // Saving the form afterwards does not trip over the new version the upload made.
  await page.getByLabel('Notes').fill('Front side only.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).first().waitFor();
  assert.equal((await stored(key)).notes, 'Front side only.');
  assert.equal((await stored(key)).file.name, 'photo-id.png');

  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByText('Drop a file here or').waitFor();
  // The name leaves the page once the removal is shown (a notice may name it for a moment).
  await page.getByText('photo-id.png').first().waitFor({ state: 'detached' });
  const after = await stored(key);
  assert.equal(after.file, undefined);
  assert.equal(after.status, 'requested');

  await page.goto('/mydocuments');
  assert.match(await page.getByRole('row', { name: /Photo ID/ }).innerText(), /Requested\s+No file yet/);
});

it("the server's refusal of an upload stays on the page after the record is read again", async () => {
  const key = await requestFromEmma('Lease');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/hr/employee_documents/edit/${key}`);
  await page.getByText('Drop a file here or').waitFor();
  // An empty file passes the browser's own check (size, declared type); the server refuses it.
  // The refusal puts the record's status back, and the form is drawn again once the record is read
  // again: the next file is chosen on the form drawn again, as a person (whose file dialog takes
  // longer than that read) does, not on the input being replaced.
  const meta = page.locator('.record__meta').first();
  const before = await meta.textContent();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
  const alert = page.locator('.file-field__error[role=alert]');
  await alert.getByText('The upload held no bytes: choose a file with content.').waitFor();
  await page.waitForFunction((v) => document.querySelector('.record__meta')?.textContent !== v, before);
  // A page named .pdf: refused by content, and said so.
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: html });
  await alert.getByText(/^A file here must be one of: .*\(its content is of no recognised type\)\.$/).waitFor();
  // Still there once the record's status was put back and the form drawn again.
  await page.waitForTimeout(500);
  assert.equal(await alert.count(), 1);
  assert.equal((await stored(key)).status, 'requested');
});

/** A PDF of 12 MB: 12 s to send at the pace slowUploads sets. */
const BIG_PDF = Buffer.alloc(12 * 1024 * 1024, 0x20);
BIG_PDF.write('%PDF-1.4\n');
/** Text of 12 MB, which has no preview. */
const BIG_TEXT = Buffer.alloc(12 * 1024 * 1024, 0x20);

/** The page's uploads at 1 MB a second (Chromium's network emulation) until restored. */
async function slowUploads(context: import('playwright-core').BrowserContext, page: import('playwright-core').Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const pace = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await pace(1024 * 1024);
  return { restore: () => pace(-1) };
}

it('a slow upload shows its progress and can be cancelled', async () => {
  const key = await requestFromEmma('Signed handbook');
  const { context, page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/hr/employee_documents/edit/${key}`);
  await page.getByText('Drop a file here or').waitFor();
  const network = await slowUploads(context, page);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: BIG_PDF });
  const bar = page.getByRole('progressbar', { name: 'Uploading handbook.pdf' });
  await bar.waitFor();
  await page.waitForFunction(() => {
    const p = document.querySelector('progress');
    return !!p && p.value > 0.05 && p.value < 0.95;
  });
  await w.screenshot(page, 'file-field-uploading');
  // The form is drawn again once the record reads "uploading" (its version moved): a click at that
  // moment can land between the two forms, so the Cancel pressed is the one drawn after.
  await statusShown(page, 'uploading');
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await bar.waitFor({ state: 'detached' });
  await page.getByText('Drop a file here or').waitFor();
  await network.restore();
  // The server stored nothing and put the request back.
  const deadline = Date.now() + 5000;
  let data = await stored(key);
  while (data.status !== 'requested' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    data = await stored(key);
  }
  assert.equal(data.status, 'requested');
  assert.equal(data.file, undefined);
});

/** Whether the form's Status field shows the value. */
function statusShown(page: import('playwright-core').Page, value: string) {
  return page.waitForFunction(
    (v) => (document.querySelector('select#root_status') as HTMLSelectElement | null)?.selectedOptions[0]?.text === v,
    value,
  );
}

/** A document HR asks Emma for, open on her screen as requested. */
async function emmaOpensRequest(title: string) {
  const key = await requestFromEmma(title);
  const { context, page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/hr/employee_documents/edit/${key}`);
  await page.getByText('Drop a file here or').waitFor();
  await statusShown(page, 'requested');
  return { key, context, page };
}

it('the keyboard on Cancel stays there when the form is drawn again for the status uploading', async () => {
  const { key, context, page } = await emmaOpensRequest('Signed policy');
  // The record's readings during the upload wait until the keyboard is on Cancel: then the form is
  // drawn again (the record reads "uploading", a new version) with the keyboard there. A text file:
  // a PDF's preview frame would take the keyboard as Chromium's viewer loads in it.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/hr/api/data/employee_documents/${key}`, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  const network = await slowUploads(context, page);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'policy.txt', mimeType: 'text/plain', buffer: BIG_TEXT });
  const cancel = page.getByRole('button', { name: 'Cancel upload' });
  await cancel.focus();
  release();
  await statusShown(page, 'uploading');
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName),
    'Cancel upload',
    'the keyboard is still on Cancel',
  );
  await page.keyboard.press('Enter');
  await page.getByRole('progressbar', { name: 'Uploading policy.txt' }).waitFor({ state: 'detached' });
  await page.getByText('Drop a file here or').waitFor();
  await network.restore();
});

it('while an upload reaches the server, the form and the lists show the status uploading', async () => {
  const { key, context, page } = await emmaOpensRequest('Proof of address');
  // The upload goes to the server a quarter at a time, the last quarter held back until the
  // test has looked: the server sees an upload under way, as from a slow network.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/hr/api/files/employee_documents/**', async (route) => {
    const req = route.request();
    if (req.method() !== 'PUT') return route.continue();
    const body = req.postDataBuffer() ?? Buffer.alloc(0);
    const target = new URL(new URL(req.url()).pathname, w.server.url);
    const answer = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
      (resolve, reject) => {
        const headers = { ...req.headers(), 'content-length': String(body.length) };
        const out = http.request(target, { method: 'PUT', headers }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers as Record<string, string>,
              body: Buffer.concat(parts),
            }),
          );
        });
        out.on('error', reject);
        const quarter = Math.ceil(body.length / 4);
        void (async () => {
          for (let i = 0; i < 3; i++) {
            out.write(body.subarray(i * quarter, (i + 1) * quarter));
            await new Promise((r) => setTimeout(r, 100));
          }
          await held;
          out.end(body.subarray(3 * quarter));
        })();
      },
    );
    await route.fulfill(answer);
  });
  const pdf = Buffer.alloc(2 * 1024 * 1024, 0x20);
  pdf.write('%PDF-1.4\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('progressbar', { name: 'Uploading lease.pdf' }).waitFor();
  await statusShown(page, 'uploading');
  assert.equal((await stored(key)).status, 'uploading', 'the status the server set');

  // Emma's list in another tab, and HR's documents page, show it too.
  const mine = await context.newPage();
  await mine.goto('/mydocuments');
  const myRow = mine.getByRole('row', { name: /Proof of address/ });
  await myRow.waitFor();
  assert.match(await myRow.innerText(), /Uploading/);
  const hr = await w.page();
  await w.signIn(hr.page, 'admin');
  await hr.page.goto('/documents');
  const row = hr.page.getByRole('row', { name: /Proof of address/ });
  await row.waitFor();
  assert.match(await row.innerText(), /Uploading/);
  await w.screenshot(page, 'file-field-status-uploading');

  release();
  await page.getByRole('button', { name: 'Download' }).waitFor();
  await statusShown(page, 'uploaded');
  const data = await stored(key);
  assert.equal(data.status, 'uploaded');
  assert.equal(data.file.name, 'lease.pdf');
});

it('a file just stored is no unsaved change: leaving at once asks nothing', async () => {
  const key = await requestFromEmma('Voided cheque');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/mydocuments');
  await page
    .getByRole('row', { name: /Voided cheque/ })
    .getByRole('link', { name: 'Voided cheque' })
    .click();
  await page.getByText('Drop a file here or').waitFor();
  // The record read again after the upload comes late, as on a slow network: until it arrives the
  // form holds the stored file and the screen the version before it.
  let stalled = false;
  await page.route(`**/hr/api/data/employee_documents/${key}`, async (route) => {
    if (route.request().method() === 'GET' && stalled) await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  stalled = true;
  const pdf = Buffer.alloc(4096, 0x20);
  pdf.write('%PDF-1.4\n');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'cheque.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Download' }).waitFor();
  assert.equal(
    await page.getByText('Unsaved changes', { exact: true }).count(),
    0,
    'the upload is stored, not pending',
  );
  await page.goBack();
  await page.waitForURL('**/mydocuments');
  await page
    .getByRole('row', { name: /Voided cheque/ })
    .getByText('Uploaded')
    .waitFor();
  assert.equal(await page.getByRole('alertdialog').count(), 0, 'no question about unsaved changes');
});

it('HR sees the documents page with what each employee sent', async () => {
  const key = await requestFromEmma('W-2 copy');
  const emma = await w.apiLogin('emma');
  const up = await fetch(`${w.server.url}/hr/api/files/employee_documents/${key}/file`, {
    method: 'PUT',
    headers: {
      'organization-id': w.org,
      auth_token: emma.token,
      'content-type': 'application/pdf',
      'x-file-name': 'w2.pdf',
    },
    body: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n')),
  });
  assert.equal(up.status, 200, await up.text());
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto('/documents');
  await page.getByRole('heading', { name: 'Employee documents' }).waitFor();
  const row = page.getByRole('row', { name: /W-2 copy/ });
  await row.waitFor();
  assert.match(await row.innerText(), /Uploaded\s+w2\.pdf/);
  await page.getByRole('heading', { name: 'Company documents' }).waitFor();
  await w.screenshot(page, 'documents-page');
});

it('on a phone a long file name wraps within the page; Remove by keyboard leaves the focus on the way to attach again', async () => {
  const key = await requestFromEmma('Long scan');
  const { page } = await w.page();
  await page.setViewportSize({ width: 375, height: 800 });
  await w.signIn(page, 'emma');
  await page.goto(`/hr/employee_documents/edit/${key}`);
  await page.getByText('Drop a file here or').waitFor();
  const name = `${'scan-of-the-signed-lease-agreement-'.repeat(5)}final.pdf`.replaceAll('-', '_');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const before = await page.locator('.record__meta').first().textContent();
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await page.getByText(name).waitFor();
  // The form is drawn again with the record's new version: the Remove button to press is that one.
  await page.waitForFunction((v) => document.querySelector('.record__meta')?.textContent !== v, before);
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  assert.ok(widths[0] <= widths[1], `the page is ${widths[0]} px wide in a ${widths[1]} px window`);

  await page.getByRole('button', { name: 'Remove' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText(name).waitFor({ state: 'detached' });
  // The removal is saved and the form drawn again: once the page has no request under way, the
  // focus is on the form's "choose one".
  await page.waitForLoadState('networkidle');
  const focused = page.getByRole('button', { name: 'choose one' });
  await page.waitForFunction(() => document.activeElement?.textContent === 'choose one');
  assert.equal(await focused.count(), 1);
  // Not asserted: Enter on it right then opening the file dialog. It opened none in about one run of
  // ten, even with the page idle and the focus there for two frames (cause not found yet).
});

it('a file chosen while the form is drawn again (after a refusal) is uploaded, not lost', async () => {
  const key = await requestFromEmma('Work permit');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/hr/employee_documents/edit/${key}`);
  await page.getByText('Drop a file here or').waitFor();
  // The person opens the file dialog; meanwhile a refusal (an empty file) makes the server put the
  // record's status back and the form, keyed by the record's version, is drawn again.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'choose one' }).click(),
  ]);
  const meta = page.locator('.record__meta').first();
  const before = await meta.textContent();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
  await page.locator('.file-field__error[role=alert]').waitFor();
  await page.waitForFunction((v) => document.querySelector('.record__meta')?.textContent !== v, before);
  assert.equal(
    await chooser.element().evaluate((el) => el.isConnected),
    false,
    'the dialog belongs to the input replaced',
  );
  // The file chosen in that dialog reaches the input drawn before: it is uploaded all the same.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await chooser.setFiles({ name: 'work-permit.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByText('work-permit.pdf').waitFor();
  await page.getByRole('button', { name: 'Download' }).waitFor();
  const data = await stored(key);
  assert.equal(data.file?.name, 'work-permit.pdf');
  assert.equal(data.status, 'uploaded');
});

it('a text file an employee named .html reaches HR, in the list and as a download, as the text it is (.txt)', async () => {
  // Saved as bonus.html and opened, it would be a web page running what the employee wrote.
  const key = await requestFromEmma('Bonus letter');
  const { page: emma } = await w.page();
  await w.signIn(emma, 'emma');
  await emma.goto(`/hr/employee_documents/edit/${key}`);
  await emma.getByText('Drop a file here or').waitFor();
  const page = Buffer.from('<html><script>alert(document.domain)</script><h1>Sign in again</h1></html>');
  await emma.locator('input[type=file]').setInputFiles({ name: 'bonus.html', mimeType: 'text/plain', buffer: page });
  await emma.getByRole('button', { name: 'Download' }).waitFor();
  await emma.getByText('bonus.html.txt').waitFor();

  const { page: hr } = await w.page();
  await w.signIn(hr, 'admin');
  await hr.goto(`/hr/employee_documents/edit/${key}`);
  await hr.getByText('bonus.html.txt').waitFor();
  const [download] = await Promise.all([
    hr.waitForEvent('download'),
    hr.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'bonus.html.txt');
  assert.deepEqual(await readFile((await download.path())!), page);
});

it('a payroll document is made without typing a file name: the upload names it, read-only', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/payroll/payroll_documents/create');
  await page.getByLabel(/^Display name/).fill('Direct deposit guide');
  // Nothing to type about a file that is not there yet; the View type reads as words.
  assert.equal(await page.getByLabel(/^File name/).count(), 0);
  const viewType = page.getByLabel(/^View type/);
  assert.deepEqual(
    (await viewType.locator('option').allInnerTexts()).filter((t) => t.trim()),
    ['In the page', 'Link', 'File', 'Video'],
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/payroll/payroll_documents/edit/**');
  await page.getByText('Drop a file here or').waitFor();
  const name = await uploadPdf(page, 'deposit guide 2027.pdf');
  assert.equal(await name.inputValue(), 'deposit guide 2027.pdf');
  assert.ok(!(await name.isEditable()), 'the file name is the upload’s, not typed');
});
