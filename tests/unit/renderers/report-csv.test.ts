/**
 * The reports page's pure parts: the CSV a spreadsheet opens safely (renderers/pages/reports/csv.ts)
 * and the URL that keeps a run (report-query.ts).
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { csvCell, neutralised, toCsv } from '../../../renderers/pages/reports/csv.ts';
import {
  readReportParams,
  reportFind,
  REPORT_PAGE_SIZE,
  writeReportParams,
} from '../../../renderers/pages/reports/report-query.ts';
import { gatherRows } from '../../../renderers/pages/reports/report-export.ts';
import type { ApiClient } from '../../../renderers/api/client.ts';
import { REPORTS } from '../../../engine/reports.ts';

describe('report CSV', () => {
  it('prefixes a cell a spreadsheet would run as a formula', () => {
    for (const text of ['=1+2', '+SUM(A1)', '-2+3+cmd|x', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])
      assert.equal(neutralised(text), `'${text}`, JSON.stringify(text));
  });

  it('prefixes a formula behind leading spaces or line breaks, which some spreadsheets trim on import', () => {
    for (const text of [' =1+2', '  +SUM(A1)', '\n=cmd|x', ' \u00a0@SUM(A1)', '\r\n-2+3'])
      assert.equal(neutralised(text), `'${text}`, JSON.stringify(text));
  });

  it('leaves plain text and plain numbers as they are', () => {
    for (const text of ['Ada', '-8', '-0.5', ' -8', '12', 'a=b', '', ' ', 'José Núñez'])
      assert.equal(neutralised(text), text);
  });

  it('quotes every cell and doubles its quotes', () => {
    assert.equal(csvCell('say "hi", then go'), '"say ""hi"", then go"');
    assert.equal(csvCell('=cmd'), `"'=cmd"`);
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
  });

  it('starts with a byte order mark and the header row, lines ended CRLF', () => {
    assert.equal(
      toCsv(
        ['Last name', 'Hours'],
        [
          ['Núñez', '-8'],
          ['=evil', '4'],
        ],
      ),
      '\uFEFF"Last name","Hours"\r\n"Núñez","-8"\r\n"\'=evil","4"\r\n',
    );
  });
});

describe('report URL', () => {
  it('keeps the report, the range run and the page', () => {
    const q = writeReportParams({ report: 'new_hires', range: { from: '2024-01-01', to: '2026-12-31' }, page: 3 });
    assert.equal(q.toString(), 'report=new_hires&from=2024-01-01&to=2026-12-31&page=3');
    assert.deepEqual(readReportParams(q), {
      report: 'new_hires',
      range: { from: '2024-01-01', to: '2026-12-31' },
      page: 3,
    });
  });

  it('holds no range until a run, and page 1 for anything else', () => {
    assert.deepEqual(readReportParams(new URLSearchParams('report=x&from=2024-01-01&page=-2')), {
      report: 'x',
      range: undefined,
      page: 1,
    });
  });

  it('finds a page of 50 in the report order', () => {
    const hires = REPORTS.find((r) => r.id === 'new_hires')!;
    const body = reportFind(hires, { from: '2026-01-01', to: '2026-12-31' }, 'epoch', 2);
    assert.equal(body.limit, REPORT_PAGE_SIZE);
    assert.equal(body.offset, REPORT_PAGE_SIZE);
    assert.deepEqual(body.sort, hires.sort);
  });
});

describe('gathering a report for its CSV', () => {
  /** A data client over `n` rows that answers finds as the data API does. */
  function fakeClient(n: number) {
    const asked: { limit?: number; offset?: number }[] = [];
    const client = {
      find: async (_m: string, _t: string, body: { limit?: number; offset?: number }) => {
        asked.push({ limit: body.limit, offset: body.offset });
        const from = body.offset ?? 0;
        const to = Math.min(n, from + (body.limit ?? 50));
        const items = Array.from({ length: Math.max(0, to - from) }, (_, i) => ({ key: `k${from + i}`, data: {} }));
        return { items, total: n };
      },
    } as unknown as ApiClient;
    return { client, asked };
  }
  const meta = { module: 'payroll', type: 'onboarding_user' };
  const body = { criteria: [], limit: 50, offset: 0 };

  it('reads every row a page at a time', async () => {
    const { client, asked } = fakeClient(1_234);
    const got = await gatherRows(client, meta, body, { limit: 10_000, pageSize: 500 });
    assert.equal(got.items.length, 1_234);
    assert.equal(got.total, 1_234);
    assert.deepEqual(
      asked.map((a) => a.offset),
      [0, 500, 1000],
    );
  });

  it('stops at the bound and says how many matched', async () => {
    const { client, asked } = fakeClient(10_700);
    const got = await gatherRows(client, meta, body, { limit: 10_000, pageSize: 500 });
    assert.equal(got.items.length, 10_000);
    assert.equal(got.total, 10_700);
    assert.equal(asked.length, 20);
  });

  it('asks once when nothing matches', async () => {
    const { client, asked } = fakeClient(0);
    assert.deepEqual(await gatherRows(client, meta, body), { items: [], total: 0 });
    assert.equal(asked.length, 1);
  });
});
