/**
 * schemas/common/w4-editions.json, the one copy of the Form W-4 editions: every edition says every
 * figure, in order of year and effective date, and the server binds the file by name as the rules
 * and layouts expect ($w4Editions). Which edition applies is engine/w4-editions.ts, and its three
 * users (the schema's save transform and validate rule, the printed form, the W-4 screen) answer
 * the same edition for every form year and on both sides of every effective day.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import editions from '../../../schemas/common/w4-editions.json';
import w4Schema from '../../../schemas/payroll/w4.json';
import { loadReferenceData, referenceName } from '../../../project/reference-data.ts';
import { transformData, validateByExpression } from '../../../engine/transforms.ts';
import { currentW4Edition, editionOf } from '../../../forms/payroll/w4.ts';
import { EMPTY_ENV } from '../../../forms/behaviour/behaviour.ts';
import { evaluateVars } from '../../../printable/expressions.ts';
import { loadLayout, sharedVars } from '../../../printable/layouts.ts';

const FIELDS = [
  'year',
  'effective',
  'child_credit',
  'other_credit',
  'split_step3',
  'exempt_checkbox',
  'step4_optional',
  'deductions_worksheet_page',
];

describe('Form W-4 editions', () => {
  it('each edition says every figure, and takes effect in its own year', () => {
    for (const e of editions.editions) {
      assert.deepEqual(Object.keys(e).sort(), [...FIELDS].sort(), e.year);
      assert.match(e.year, /^20\d{2}$/);
      assert.match(e.effective, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(e.effective.startsWith(e.year), `${e.year} takes effect in ${e.year}`);
      assert.ok(e.child_credit > 0 && e.other_credit > 0, e.year);
    }
  });

  it('runs oldest first, one per year, from the 2020 redesign; 2026 credits $2,200 per child in 3(a)', () => {
    const years = editions.editions.map((e) => e.year);
    assert.deepEqual(years, [...years].sort());
    assert.equal(new Set(years).size, years.length);
    assert.equal(years[0], '2020');
    const e2026 = editions.editions.find((e) => e.year === '2026')!;
    assert.deepEqual([e2026.child_credit, e2026.other_credit, e2026.split_step3, e2026.exempt_checkbox], [2200, 500, true, true]);
  });

  it('is bound by name, as the reference data of schemas/common', () => {
    assert.equal(referenceName('w4-editions.json'), 'w4Editions');
    const data = loadReferenceData();
    assert.deepEqual(data.w4Editions, editions);
    assert.equal('defs' in data, false, 'the shared definitions are schemas, not data');
  });
});

describe('the edition of a W-4, asked by the schema, the printed form and the screen', () => {
  const { save, validate } = w4Schema['x-transforms'];
  const server = loadReferenceData();
  const noon = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
  const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  /** Step 3 of one child and one other dependent: what the edition's credits make of it. */
  const step3 = { filing_status: 'Single', number_of_dependents_under_17: 1, number_of_other_dependents: 1 };
  const amounts = (e: { child_credit: number; other_credit: number; split_step3: boolean }) =>
    e.split_step3
      ? { dependent_amount: e.child_credit + e.other_credit, dependents_under_17_amount: e.child_credit, other_dependents_amount: e.other_credit }
      : { dependent_amount: e.child_credit + e.other_credit };
  const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]).filter(([, v]) => v !== undefined));
  const STEP3_KEYS = ['dependent_amount', 'dependents_under_17_amount', 'other_dependents_amount'];

  const days = editions.editions.flatMap((e) => [dayBefore(e.effective), e.effective]);
  for (const day of days) {
    it(`a new W-4 on ${day} is on one edition for the schema and the screen`, async () => {
      const now = noon(day);
      const screen = currentW4Edition({ ...EMPTY_ENV, now, isNew: true });
      const saved = await transformData(save, { ...step3 }, { ...server, now, before: null, mode: 'create' });
      assert.equal(saved.w4_year, screen, 'the save transform and the screen pick the same edition');
      assert.deepEqual(pick(saved, STEP3_KEYS), amounts(editionOf(screen)), "Step 3 at that edition's credits");
      // A W-4 stored on the other side of the boundary is read-only for the rule as for the screen.
      const other = editions.editions.find((e) => e.year !== screen)!.year;
      const stored = { ...step3, w4_year: other, federal_withholding_extra: 5 };
      const errors = await validateByExpression(validate, { ...stored, federal_withholding_extra: 6 }, { ...server, now, before: stored });
      assert.deepEqual(errors.map((x) => x.path), ['/w4_year'], `a ${other} W-4 is locked on ${day}`);
      assert.match(errors[0].message, new RegExp(`move it onto the ${screen} form`));
    });
  }

  const years: unknown[] = [...editions.editions.map((e) => e.year), '2019', '2031', undefined, 'twenty'];
  for (const year of years) {
    it(`the form year ${String(year)} reads one edition for the schema, the printed form and the screen`, async () => {
      const screen = editionOf(year);
      const printed = await evaluateVars(loadLayout('w4'), { w4: { w4_year: year } } as never, sharedVars());
      assert.deepEqual(printed.edition, screen, 'the printed form');
      if (typeof year !== 'string' || !/^20\d{2}$/.test(year)) return; // the save transform keeps only a form year
      const stored = { ...step3, w4_year: year };
      const saved = await transformData(save, stored, { ...server, now: noon('2026-06-15'), before: stored });
      assert.equal(saved.w4_year, year);
      assert.deepEqual(pick(saved, STEP3_KEYS), amounts(screen), 'the save transform');
    });
  }
});
