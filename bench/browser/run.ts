/**
 * `npm run bench:browser`: the generic screens in headless Chromium against the real demo server
 * serving the built app (dist/web), beside stock @rjsf/core + @rjsf/validator-ajv8 rendering the
 * same schema on a page of its own (bench/browser/stock). Prints a table with the targets and
 * writes it to bench/browser/results.md. The exit code is 0 unless the bench itself broke.
 *
 * Measured: keystroke-to-paint (performance.now() at keydown to the frame after the input event)
 * on the edit form with the most fields and on a 200-item array (the Storybook fixture
 * Screens/RecordScreen/EmergencyContacts200), the first keystroke after load, the edit screen's
 * first render, the homes' first paint with their data, a 100-row list page change, and the main
 * bundle's gzip size.
 *
 * BENCH_RUNS (default 5) fresh page loads per measure; BENCH_KEYS (default 30) keys typed per load.
 * `--only <part>[,<part>]` measures those parts alone and prints their rows without writing
 * results.md (parts: keystrokes, array, first-render, homes, page-change; the bundle's rows always).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { JsonObject, TypeMeta } from '../../renderers/api/types.ts';
import { resolveSchema } from '../../renderers/format/schema-facts.ts';
import { buildFormModel, formDataOf } from '../../renderers/screens/record/form-model.ts';
import { largeContactsMeta } from '../../stories/fixtures/metas.ts';
import { emergencyContacts } from '../../stories/fixtures/people.ts';
import { DEMO_HOST, launchChromium, USERS } from '../../tests/browser/browser.ts';
import { serveStatic, type StaticServer } from '../../tests/browser/static-server.ts';
import { ensureStorybook } from '../../tests/browser/storybook.ts';
import { client, ROOT, startServer, type TestServer } from '../../tests/helpers/server.ts';
import {
  armClickUntil,
  clickSettled,
  armKeystrokes,
  armMarks,
  median,
  percentile,
  readMarks,
  settle,
  typeMeasured,
} from './probes.ts';
import { addEmployees, buildStockPage, ensureRecord, largestForm, type Caller } from './setup.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEYS = Number(process.env.BENCH_KEYS ?? 30);
const TEXT = 'abcdefghijklmnopqrstuvwxyz'.repeat(4).slice(0, KEYS);
const LIST_SIZE = 100;
const EXTRA_EMPLOYEES = 210;
const LARGE_ARRAY = 200;
const ARRAY_STORY = 'screens-recordscreen--emergency-contacts-200';
const TARGETS = { keystroke: 16.7, firstKeystroke: 50, firstRender: 300, pageChange: 50, bundleKiB: 200 };
const PARTS = ['keystrokes', 'array', 'first-render', 'homes', 'page-change'] as const;
type Part = (typeof PARTS)[number];

/** The parts named by `--only a,b` (or `--only=a,b`); every part without it. */
function partsAsked(argv: readonly string[]): ReadonlySet<Part> | undefined {
  const i = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (i < 0) return undefined;
  const value = argv[i].includes('=') ? argv[i].slice('--only='.length) : argv[i + 1];
  const names = (value ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n));
  if (!names.length || unknown.length)
    throw new Error(`bench: --only takes one or more of ${PARTS.join(', ')} (got ${value ?? 'nothing'})`);
  return new Set(names as Part[]);
}
const ONLY = partsAsked(process.argv.slice(2));
const wanted = (p: Part) => !ONLY || ONLY.has(p);

interface Keystrokes {
  first: number[];
  steady: number[];
}

const log = (s: string) => console.log(`bench:browser: ${s}`);
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');

/** The plain text fields of the form (no custom widget, not read-only), in form order: where keys may be typed. */
function typingFields(meta: TypeMeta): string[] {
  const model = buildFormModel(meta, 'edit');
  const props = model.schema.properties as Record<string, JsonObject>;
  const ui = model.uiSchema as Record<string, JsonObject | undefined>;
  const order = [...((ui['ui:order'] as string[] | undefined) ?? []), ...Object.keys(props)];
  const names = [...new Set(order)].filter((n) => {
    const s = resolveSchema(model.schema, props[n]);
    return s?.type === 'string' && !s.enum && !s.format && !s.readOnly && !ui[n]?.['ui:widget'] && !ui[n]?.['ui:field'];
  });
  if (!names.length) throw new Error(`bench: ${meta.module}/${meta.type} has no plain text field to type in`);
  return names.map((n) => `#root_${n}`);
}

/** The first of `candidates` shown as a text box on the page (form behaviour may hide some, as the I-9 hides the alien fields of a citizen). */
async function firstVisible(page: Page, candidates: string[]): Promise<string> {
  for (const c of candidates) if (await page.locator(`input[type=text]${c}, textarea${c}`).isVisible()) return c;
  throw new Error(`bench: none of ${candidates.join(', ')} is shown`);
}

async function measureKeystrokes(
  open: () => Promise<{ page: Page; context: BrowserContext }>,
  ready: string,
  target: string,
): Promise<Keystrokes> {
  const out: Keystrokes = { first: [], steady: [] };
  for (let i = 0; i < RUNS; i++) {
    const { page, context } = await open();
    try {
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await page.locator(target).click();
      await page.keyboard.press('End');
      await armKeystrokes(page, target);
      const lat = await typeMeasured(page, TEXT);
      out.first.push(lat[0]);
      out.steady.push(...lat.slice(1));
    } finally {
      await context.close();
    }
  }
  return out;
}

function bundleFacts(): { file: string; gzipKiB: number; rawKiB: number; pdf: string[] } {
  const dist = path.join(ROOT, 'dist', 'web');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('bench: no module script in dist/web/index.html');
  const code = readFileSync(path.join(dist, src.replace(/^\//, '')));
  const text = code.toString('utf8');
  const markers = ['pdfmake', 'PDFDocument', '%PDF-', 'pdfkit', 'fontkit'];
  return {
    file: src,
    rawKiB: code.length / 1024,
    gzipKiB: gzipSync(code, { level: 9 }).length / 1024,
    pdf: markers.filter((m) => text.includes(m)),
  };
}

function stockBundleKiB(dir: string): number {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  return src ? gzipSync(readFileSync(path.join(dir, src.replace(/^\//, ''))), { level: 9 }).length / 1024 : NaN;
}

async function main() {
  const started = Date.now();
  log('building the web app when stale (scripts/build-if-needed.ts)');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'build-if-needed.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const bundle = bundleFacts();
  log('storybook-static and the stock @rjsf page');
  const storybookDir = wanted('array') ? await ensureStorybook() : undefined;
  const stockDir = await buildStockPage();

  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let storybook: StaticServer | undefined;
  let stock: StaticServer | undefined;
  try {
    if (storybookDir) storybook = await serveStatic(storybookDir);
    stock = await serveStatic(stockDir);
    server = await startServer({ demo: true });
    const call = client(server.url);
    const org = (await call('GET', `/auth/api/resolve_org?hostname=${DEMO_HOST}`)).body.organization_id as string;
    const login = async (who: keyof typeof USERS) => {
      const r = await call('POST', '/auth/api/login', {
        org,
        body: { userid: USERS[who].email, key: USERS[who].password },
      });
      if (r.status !== 200) throw new Error(`bench: login ${who}: ${r.status} ${r.text}`);
      return r.body as { token: string; exp: number; session: { user: { key: string } } & JsonObject };
    };
    const payrollLogin = await login('payroll');
    const payroll: Caller = { org, token: payrollLogin.token };
    const admin: Caller = { org, token: (await login('admin')).token };
    const emmaLogin = await login('emma');
    const emma = emmaLogin.session.user.key;
    log(`adding ${EXTRA_EMPLOYEES} employees`);
    await addEmployees(call, admin, payroll, EXTRA_EMPLOYEES);
    const largest = await largestForm(call, payroll);
    const m = largest.meta;
    log(`largest form: ${m.module}/${m.type} (${largest.fields} fields)`);

    // The record the edit screen opens: Emma's for user-keyed types (created when missing), else
    // the first one.
    let key = emma;
    if (m.key === 'user') {
      const made = await ensureRecord(call, [payroll, { org, token: emmaLogin.token }], m, emma);
      if (!made) log(`could not create Emma's ${m.module}/${m.type}: its edit screen opens empty`);
    } else {
      const f = await call('POST', `/${m.module}/api/data/find/${m.type}`, {
        ...payroll,
        body: { criteria: [], limit: 1 },
      });
      key = f.body?.items?.[0]?.key;
      if (!key) throw new Error(`bench: no ${m.module}/${m.type} record to edit`);
    }
    const read = await call('GET', `/${m.module}/api/data/${m.type}/${key}`, payroll);
    const model = buildFormModel(m, 'edit');
    const formData = read.status === 200 ? formDataOf(read.body.data, model) : {};
    const editPath = `/${m.module}/${m.type}/edit/${key}`;
    const candidates = typingFields(m);

    browser = await launchChromium();
    const b = browser;
    const srv = server;
    /** A fresh context (no cache) signed in as the payroll manager, the demo company resolved. */
    const appPage = async (as: typeof payrollLogin = payrollLogin) => {
      const context = await b.newContext({ baseURL: srv.url, viewport: { width: 1280, height: 900 } });
      await context.route('**/auth/api/resolve_org*', (route) => {
        const u = new URL(route.request().url());
        u.searchParams.set('hostname', DEMO_HOST);
        return route.continue({ url: u.toString() });
      });
      const session = { ...as.session, exp: as.exp };
      await context.addInitScript(
        ([t, s]) => {
          localStorage.setItem('dform.auth_token', t);
          localStorage.setItem('dform.session', s);
        },
        [as.token, JSON.stringify(session)] as const,
      );
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      return { context, page };
    };
    const stockPage = async (input: { schema: JsonObject; formData: JsonObject }) => {
      const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((i) => (window.__BENCH_INPUT__ = i as never), input);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      return { context, page };
    };
    const FORM_READY = 'form.form button[type=submit]:not([disabled])';
    const target = await (async () => {
      const { page, context } = await appPage();
      try {
        await page.goto(editPath);
        await page.locator(FORM_READY).first().waitFor({ timeout: 30_000 });
        return await firstVisible(page, candidates);
      } finally {
        await context.close();
      }
    })();

    const none = (): Keystrokes => ({ first: [], steady: [] });
    let ours = none();
    let theirs = none();
    let oursArray = none();
    let theirsArray = none();
    const stockInput = { schema: model.schema, formData };
    if (wanted('keystrokes')) {
      log(`keystrokes on ${editPath} (${target})`);
      ours = await measureKeystrokes(
        async () => {
          const p = await appPage();
          await p.page.goto(editPath);
          return p;
        },
        FORM_READY,
        target,
      );
      theirs = await measureKeystrokes(
        async () => {
          const p = await stockPage(stockInput);
          await p.page.goto(`${stock!.url}/`);
          return p;
        },
        'form input',
        target,
      );
    }

    if (wanted('array')) {
      log(`keystrokes on a ${LARGE_ARRAY}-item array`);
      const arrayTarget = '#root_contacts_0_contact_first_name';
      oursArray = await measureKeystrokes(
        async () => {
          const context = await b.newContext({ viewport: { width: 1280, height: 900 } });
          const page = await context.newPage();
          page.setDefaultTimeout(30_000);
          await page.goto(`${storybook!.url}/iframe.html?id=${ARRAY_STORY}&viewMode=story`);
          await page.locator(`#root_contacts_${LARGE_ARRAY - 1}_phone_number`).waitFor({ timeout: 30_000 });
          return { context, page };
        },
        FORM_READY,
        arrayTarget,
      );
      const arrayModel = buildFormModel(largeContactsMeta(LARGE_ARRAY), 'edit');
      theirsArray = await measureKeystrokes(
        async () => {
          const p = await stockPage({
            schema: arrayModel.schema,
            formData: { contacts: emergencyContacts(LARGE_ARRAY) },
          });
          await p.page.goto(`${stock!.url}/`);
          return p;
        },
        `#root_contacts_${LARGE_ARRAY - 1}_phone_number`,
        arrayTarget,
      );
    }

    const render = { painted: [] as number[], ready: [] as number[], inApp: [] as number[], stock: [] as number[] };
    if (wanted('first-render')) {
      log('first render of the edit screen');
      for (let i = 0; i < RUNS; i++) {
        const { page, context } = await appPage();
        await armMarks(page, { painted: `form.form ${target}`, ready: FORM_READY });
        await page.goto(editPath);
        const marks = await readMarks(page, ['painted', 'ready']);
        render.painted.push(marks.painted);
        render.ready.push(marks.ready);
        await context.close();

        const s = await stockPage(stockInput);
        await armMarks(s.page, { painted: `form ${target}` });
        await s.page.goto(`${stock.url}/`);
        render.stock.push((await readMarks(s.page, ['painted'])).painted);
        await s.context.close();
      }
      for (let i = 0; i < RUNS; i++) {
        const { page, context } = await appPage();
        await page.goto(`/${m.module}/${m.type}/list`);
        await page.locator('.table-wrap[aria-busy="false"]').waitFor();
        const edit = page.locator('table tbody tr a.btn', { hasText: 'Edit' }).first();
        if ((await edit.count()) === 0) {
          log(`no ${m.module}/${m.type} record in the list: in-app navigation not measured`);
          await context.close();
          break;
        }
        await armClickUntil(page, [{ selector: `form.form ${target}` }]);
        await edit.click();
        render.inApp.push(await clickSettled(page));
        await context.close();
      }
    }

    // The homes (docs/journeys.md): page load to the frame painted with their data shown.
    const homes = { manager: [] as number[], employee: [] as number[], checklist: [] as number[] };
    if (wanted('homes')) {
      log('first paint of the homes and the checklist');
      const HOME_PAGES = [
        ['manager', payrollLogin, '/home', '.counts li'],
        ['employee', emmaLogin, '/home', '.checklist__items li'],
        ['checklist', emmaLogin, '/onboarding', '.checklist__items li'],
      ] as const;
      for (let i = 0; i < RUNS; i++) {
        for (const [name, who, url, shown] of HOME_PAGES) {
          const { page, context } = await appPage(who);
          await armMarks(page, { painted: shown });
          await page.goto(url);
          homes[name].push((await readMarks(page, ['painted'])).painted);
          await context.close();
        }
      }
    }

    const pageChange: number[] = [];
    /** Page changes whose page was not in the cache: its find was sent after the click. */
    let fetchedAfterClick = 0;
    if (wanted('page-change')) {
      log(`list page change at ${LIST_SIZE} rows`);
      const total = (
        await call('POST', '/payroll/api/data/find/employee', { ...payroll, body: { criteria: [], limit: 1 } })
      ).body.total as number;
      for (let i = 0; i < RUNS; i++) {
        const { page, context } = await appPage();
        await page.goto(`/payroll/employee/list?size=${LIST_SIZE}`);
        await page.locator('.table-wrap[aria-busy="false"]').waitFor();
        await page.getByText(`1–${LIST_SIZE} of ${total}`).waitFor();
        // As a user would: Next scrolled into view and painted (the rows scrolled to rendered) before
        // it is clicked. A click straight after the scroll would time the scroll's own rendering too.
        const next = page.getByRole('button', { name: 'Next' });
        await next.scrollIntoViewIfNeeded();
        await settle(page);
        await armClickUntil(page, [
          { selector: '.pager__status', text: `${LIST_SIZE + 1}–${Math.min(total, 2 * LIST_SIZE)} of ${total}` },
          { selector: '.table-wrap[aria-busy="false"]' },
        ]);
        const offsets: number[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/api/data/find/')) offsets.push(Number((r.postDataJSON() as JsonObject)?.offset));
        });
        await next.click();
        pageChange.push(await clickSettled(page));
        if (offsets.includes(LIST_SIZE)) fetchedAfterClick++;
        // A long page renders the rows near the window (useWindowRows) and says how many it has.
        const rows = await page.evaluate(() => {
          const count = document.querySelector('table')?.getAttribute('aria-rowcount');
          return count ? Number(count) - 1 : document.querySelectorAll('table tbody tr').length;
        });
        if (rows !== Math.min(LIST_SIZE, total - LIST_SIZE)) throw new Error(`bench: page 2 shows ${rows} rows`);
        await context.close();
      }
    }

    const chromium = b.version();
    const verdict = (v: number, t: number) => (Number.isFinite(v) ? (v <= t ? 'PASS' : 'FAIL') : 'n/a');
    const k = (x: Keystrokes) => `${ms(median(x.steady))} (p90 ${ms(percentile(x.steady, 90))})`;
    const f = (x: number[]) => `${ms(median(x))} (max ${ms(Math.max(...x))})`;
    const entity = `${m.module}/${m.type}, ${largest.fields} fields`;
    const rowsOut: [Part | 'bundle', ...string[]][] = [
      [
        'keystrokes',
        `keystroke-to-paint median, largest form (${entity})`,
        k(ours),
        k(theirs),
        `≤ ${TARGETS.keystroke} ms`,
        verdict(median(ours.steady), TARGETS.keystroke),
      ],
      [
        'array',
        `keystroke-to-paint median, ${LARGE_ARRAY}-item array (emergency contacts fixture)`,
        k(oursArray),
        k(theirsArray),
        `≤ ${TARGETS.keystroke} ms`,
        verdict(median(oursArray.steady), TARGETS.keystroke),
      ],
      [
        'keystrokes',
        'first keystroke after load, largest form',
        f(ours.first),
        f(theirs.first),
        `≤ ${TARGETS.firstKeystroke} ms`,
        verdict(median(ours.first), TARGETS.firstKeystroke),
      ],
      [
        'array',
        `first keystroke after load, ${LARGE_ARRAY}-item array`,
        f(oursArray.first),
        f(theirsArray.first),
        `≤ ${TARGETS.firstKeystroke} ms`,
        verdict(median(oursArray.first), TARGETS.firstKeystroke),
      ],
      [
        'first-render',
        'first render of the edit screen: page load to form painted',
        f(render.painted),
        f(render.stock),
        `≤ ${TARGETS.firstRender} ms`,
        verdict(median(render.painted), TARGETS.firstRender),
      ],
      [
        'first-render',
        'edit screen ready to save (validators loaded), from page load',
        f(render.ready),
        '—',
        '—',
        'info',
      ],
      [
        'first-render',
        'first render of the edit screen: Edit clicked in the list to form painted',
        f(render.inApp),
        '—',
        `≤ ${TARGETS.firstRender} ms`,
        verdict(median(render.inApp), TARGETS.firstRender),
      ],
      [
        'homes',
        "manager's home: page load to the onboarding pipeline painted with its data",
        f(homes.manager),
        '—',
        `≤ ${TARGETS.firstRender} ms`,
        verdict(median(homes.manager), TARGETS.firstRender),
      ],
      [
        'homes',
        "employee's home: page load to the onboarding checklist painted with its data",
        f(homes.employee),
        '—',
        `≤ ${TARGETS.firstRender} ms`,
        verdict(median(homes.employee), TARGETS.firstRender),
      ],
      [
        'homes',
        'the checklist page (/onboarding): page load to the checklist painted',
        f(homes.checklist),
        '—',
        `≤ ${TARGETS.firstRender} ms`,
        verdict(median(homes.checklist), TARGETS.firstRender),
      ],
      [
        'page-change',
        `list page change at ${LIST_SIZE} rows (Next clicked to rows painted)`,
        `${f(pageChange)}; page fetched after the click in ${fetchedAfterClick} of ${pageChange.length}`,
        '—',
        `≤ ${TARGETS.pageChange} ms`,
        verdict(median(pageChange), TARGETS.pageChange),
      ],
      [
        'bundle',
        `main bundle, gzip -9 (${bundle.file}, ${bundle.rawKiB.toFixed(0)} kB raw)`,
        `${bundle.gzipKiB.toFixed(1)} kB`,
        `${stockBundleKiB(stockDir).toFixed(1)} kB`,
        `≤ ${TARGETS.bundleKiB} kB`,
        verdict(bundle.gzipKiB, TARGETS.bundleKiB),
      ],
      [
        'bundle',
        'PDF code in the main bundle',
        bundle.pdf.length ? `present (${bundle.pdf.join(', ')})` : 'absent',
        '—',
        'absent',
        bundle.pdf.length ? 'FAIL' : 'PASS',
      ],
    ];
    const table = [
      '| measure | dform | stock @rjsf/core | target | result |',
      '|---|---|---|---|---|',
      ...rowsOut.filter(([part]) => part === 'bundle' || wanted(part)).map(([, ...r]) => `| ${r.join(' | ')} |`),
    ].join('\n');
    const cpus = os.cpus();
    const doc = [
      '# Browser benchmark',
      '',
      `Run ${new Date().toISOString()} by \`npm run bench:browser\` (bench/browser/run.ts) in ${((Date.now() - started) / 1000).toFixed(0)} s:`,
      `headless Chromium ${chromium}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version},`,
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end;`,
      `${RUNS} fresh page loads per measure, ${KEYS} keys typed per load (the first counted apart).`,
      '',
      table,
      '',
      '- **dform** is the built app (dist/web) served by the real server with `--demo` and',
      `  ${EXTRA_EMPLOYEES} more employees, signed in as the demo payroll manager; keys are typed into`,
      `  \`${target}\` of \`${editPath.replace(key, '<emma>')}\`. The largest form is the type the payroll manager`,
      '  may edit whose edit form has the most leaf fields. The 200-item array is the Storybook fixture',
      `  \`${ARRAY_STORY}\` (the real RecordScreen over the fixture back end; the real schema allows 2).`,
      '- **stock @rjsf/core** is bench/browser/stock: plain `Form` with `@rjsf/validator-ajv8`, controlled',
      '  (formData in state), rendering the same form schema and data, built by Vite in production mode.',
      '- Homes: a fresh page load of `/home` as the payroll manager (the pipeline) and as Emma (the',
      '  checklist), and of `/onboarding` as Emma, to the frame painted once the data is on the page.',
      '- Keystroke-to-paint: `performance.now()` at keydown to a `setTimeout(0)` queued from the',
      '  `requestAnimationFrame` after the input event (the frame painted). Medians, p90 over all keys.',
      '- First render: navigation start to the frame painted once the typing field exists; in-app: click',
      '  to that frame. Page change: click on Next (scrolled into view, at the foot of the page) to the',
      '  frame painted with rows 101–200 settled; Next is scrolled into view and the page left to settle',
      '  first, as a person sees the button before pressing it. The list fetches the pages beside the',
      '  one shown ahead, so the page shown is normally in the cache (the table says how often it had',
      '  to be fetched after the click); a long page renders the rows near the window',
      '  (renderers/screens/list/useWindowRows.ts).',
      '- The machine is shared: other work may run beside the bench; compare dform with stock from the',
      '  same run rather than across runs.',
      '',
    ].join('\n');
    console.log(`\n${table}\n`);
    if (ONLY) {
      const ratio = median(render.painted) / median(render.stock);
      if (ONLY.has('first-render')) log(`edit screen from a page load: ${ratio.toFixed(2)}x stock @rjsf in this run`);
      log('--only: bench/browser/results.md left as it was');
    } else {
      writeFileSync(path.join(ROOT, 'bench', 'browser', 'results.md'), doc);
      log('written to bench/browser/results.md');
    }
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await storybook?.close().catch(() => {});
    await stock?.close().catch(() => {});
    await rm(stockDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
