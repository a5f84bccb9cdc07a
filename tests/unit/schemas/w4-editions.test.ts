/**
 * schemas/common/w4-editions.json, the one copy of the Form W-4 editions: every edition says every
 * figure, in order of year and effective date, and the server binds the file by name as the rules
 * and layouts expect ($w4Editions).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import editions from '../../../schemas/common/w4-editions.json';
import { loadReferenceData, referenceName } from '../../../project/reference-data.ts';

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
