/**
 * schemas/common/reports.json, the payroll reports page's catalogue, checked against the schemas
 * as the server serves them (bundled): each report reads a type that exists and that someone may
 * list; its date field is a date; its columns, sort and fixed criteria name fields of that type
 * that are not sensitive (the data API refuses to find by them and masks them) and that whoever
 * may list the type may also read. A bad entry fails here, not in front of a payroll administrator.
 * Also the rules of engine/reports.ts: the default range, the From/To check, the criteria of a run
 * and the reports offered.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleSchema } from '../../../engine/bundle.ts';
import { OPERATORS } from '../../../engine/criteria.ts';
import type { JsonSchema } from '../../../engine/entity.ts';
import {
  defaultRange,
  offeredReports,
  rangeErrors,
  reportCriteria,
  REPORTS,
  type ReportDefinition,
} from '../../../engine/reports.ts';
import { fieldSchema, valueKind } from '../../../renderers/format/schema-facts.ts';

type Json = Record<string, unknown>;
const schemasDir = path.resolve(import.meta.dirname, '../../../schemas');
const readJson = (rel: string): Json => JSON.parse(readFileSync(path.join(schemasDir, rel), 'utf8')) as Json;
const defs = readJson('common/defs.json');

/** The type's schema bundled as the meta answer carries it, its uiSchema and its access rules. */
function entity(type: string) {
  const rel = `${type}.json`;
  assert.ok(existsSync(path.join(schemasDir, rel)), `reports.json: no schema for ${type}`);
  const file = readJson(rel);
  return {
    schema: bundleSchema(file as JsonSchema, defs as JsonSchema) as Json,
    ui: (file['x-ui'] ?? {}) as Json,
    access: (file['x-access'] ?? {}) as Record<string, string[]>,
  };
}

/** Why the field may not appear in a report, or undefined when it may. */
function fieldProblem(type: string, field: string): string | undefined {
  const { schema, access } = entity(type);
  const s = fieldSchema(schema, field);
  if (!s) return `${type} has no field ${field}`;
  if (s['x-sensitive']) return `${type}.${field} is sensitive`;
  const top = fieldSchema(schema, field.split('.')[0])!;
  const readers = top['x-read'] as string[] | undefined;
  if (readers) {
    const allowed = new Set(readers.map((r) => r.split('+')[0]));
    const missing = (access.list ?? []).filter((who) => !allowed.has(who));
    if (missing.length) return `${type}.${field} is not readable by ${missing.join(', ')}, who may list ${type}`;
  }
  return undefined;
}

describe('the reports catalogue (schemas/common/reports.json)', () => {
  it('holds reports with ids of their own', () => {
    assert.ok(REPORTS.length > 0);
    const ids = REPORTS.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids}`);
    for (const r of REPORTS) {
      assert.match(r.id, /^[a-z][a-z0-9_]*$/, `report id ${r.id}`);
      assert.ok(r.title.trim() && r.description.trim(), `${r.id}: a title and a description`);
      assert.ok(r.columns.length > 0, `${r.id}: columns`);
      assert.ok(r.columns.includes(r.date_field), `${r.id}: shows the date it filters on`);
    }
  });

  for (const r of REPORTS) {
    describe(r.id, () => {
      it('reads a type someone may list', () => {
        const { access } = entity(r.type);
        const listers = access.list ?? [];
        assert.ok(listers.length > 0 && !listers.includes('@nobody'), `${r.type} is listed by nobody`);
      });

      it('filters on a date field', () => {
        const { schema, ui } = entity(r.type);
        assert.equal(fieldProblem(r.type, r.date_field), undefined);
        const kind = valueKind(schema, ui, r.date_field);
        assert.ok(kind === 'epochDate' || kind === 'isoDate', `${r.id}: ${r.date_field} is ${kind}, not a date`);
      });

      it('shows and sorts by fields of its type that are not sensitive and that its listers may read', () => {
        const problems = [...r.columns, ...r.sort.map((s) => s.field)]
          .map((f) => fieldProblem(r.type, f))
          .filter(Boolean);
        assert.deepEqual(problems, []);
        assert.equal(new Set(r.columns).size, r.columns.length, `${r.id}: a column twice`);
        for (const s of r.sort) assert.ok(s.dir === 'asc' || s.dir === 'desc', `${r.id}: sort ${s.field} ${s.dir}`);
      });

      it('adds only criteria a find accepts', () => {
        const { schema } = entity(r.type);
        for (const c of r.criteria) {
          assert.equal(fieldProblem(r.type, c.field), undefined);
          assert.ok(OPERATORS.includes(c.is), `${r.id}: operator ${c.is}`);
          const values = fieldSchema(schema, c.field)?.enum as unknown[] | undefined;
          if (values && c.is === '=') assert.ok(values.includes(c.value), `${r.id}: ${c.field} never holds ${c.value}`);
        }
      });
    });
  }

  it('a definition naming a sensitive, missing or unreadable field is caught', () => {
    assert.match(fieldProblem('payroll/onboarding_user', 'ssn')!, /sensitive/);
    assert.match(fieldProblem('payroll/onboarding_user', 'no_such_field')!, /no field/);
    assert.match(fieldProblem('payroll/onboarding_user', 'activity_log')!, /not readable by PAYROLL:CanManageOnboarding/);
  });
});

describe('the rules of a report run (engine/reports.ts)', () => {
  it('runs by default from January 1 two years ago to December 31 this year', () => {
    assert.deepEqual(defaultRange(new Date(2026, 10, 28)), { from: '2024-01-01', to: '2026-12-31' });
    assert.deepEqual(defaultRange(new Date(2027, 0, 1)), { from: '2025-01-01', to: '2027-12-31' });
  });

  it('refuses a From after the To at the From, and a date not typed in full', () => {
    assert.deepEqual(rangeErrors({ from: '2026-01-01', to: '2026-01-01' }), {});
    assert.deepEqual(rangeErrors({ from: '2026-02-01', to: '2026-01-31' }), { from: 'From must be on or before To.' });
    assert.deepEqual(Object.keys(rangeErrors({ from: '', to: '0020-01-01' })), ['from', 'to']);
    assert.deepEqual(Object.keys(rangeErrors({ from: '2026-02-30', to: '2026-03-01' })), ['from']);
  });

  const hires = REPORTS.find((r) => r.id === 'new_hires')!;
  const used = REPORTS.find((r) => r.id === 'time_off_taken')!;

  it('finds the date field from the first second of From to the last of To', () => {
    assert.deepEqual(reportCriteria(hires, { from: '2026-01-01', to: '2026-01-31' }, 'epoch'), [
      { field: 'hire_date', is: '>=', value: Date.UTC(2026, 0, 1) / 1000 },
      { field: 'hire_date', is: '<=', value: Date.UTC(2026, 1, 1) / 1000 - 1 },
    ]);
    assert.deepEqual(reportCriteria(hires, { from: '2026-01-01', to: '2026-01-31' }, 'iso'), [
      { field: 'hire_date', is: '>=', value: '2026-01-01' },
      { field: 'hire_date', is: '<=', value: '2026-01-31' },
    ]);
    assert.deepEqual(reportCriteria(used, { from: '2026-01-01', to: '2026-01-01' }, 'epoch')[0], {
      field: 'type',
      is: '=',
      value: 'use',
    });
  });

  it('offers the reports whose type the person may list, in the catalogue order', () => {
    const entry = (type: string, list: boolean) => {
      const [module, t] = type.split('/');
      return { module, type: t, can: { list } };
    };
    const ids = (rs: ReportDefinition[]) => rs.map((r) => r.id);
    assert.deepEqual(
      ids(offeredReports([entry('time/pto_register', true), entry('payroll/onboarding_user', false)])),
      ['time_off_taken'],
    );
    assert.deepEqual(ids(offeredReports([])), []);
    assert.deepEqual(ids(offeredReports(REPORTS.map((r) => entry(r.type, true)))), ids([...REPORTS]));
  });
});
