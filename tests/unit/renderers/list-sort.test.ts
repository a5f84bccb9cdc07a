/**
 * A list's column offers sorting only where the order follows what the column reads: a column of
 * people, groups or records shows names but holds keys, and sorting it by key would look random.
 */
import { it } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { MODULES } from '../../../engine/entity.ts';
import { sortableColumn } from '../../../renderers/screens/list/list-query.ts';

const file = (path: string) => {
  const f = JSON.parse(readFileSync(new URL(`../../../schemas/${path}.json`, import.meta.url), 'utf8'));
  return { schema: f, ui: f['x-ui'] ?? {} };
};
const sortable = (path: string, field: string) => {
  const { schema, ui } = file(path);
  return sortableColumn(schema, ui, field);
};

it('a PTO preference is not sorted by its team, a group shown by name', () => {
  assert.equal(sortable('time/pto_prefs', 'team_id'), false);
  assert.equal(sortable('time/pto_prefs', 'min_notice_days'), true);
  assert.equal(sortable('time/pto_prefs', 'allow_requests'), true);
});

it("an assignment's people and document are not sorted by key; its dates and kind are", () => {
  assert.equal(sortable('hr/assignments', 'user_ids'), false);
  assert.equal(sortable('hr/assignments', 'document_id'), false);
  assert.equal(sortable('hr/assignments', 'due_by'), true);
  assert.equal(sortable('hr/assignments', 'document_type'), true);
});

it('an employee list sorts by every column it shows: names, dates and choices', () => {
  const { schema } = file('payroll/employee');
  for (const field of schema['x-list'].columns as string[])
    assert.equal(sortable('payroll/employee', field), true, field);
});

it("no list is sorted by default by a column that may not be sorted: it would come out in key order under a caption saying 'sorted by' the column", () => {
  const wrong: string[] = [];
  for (const module of MODULES)
    for (const name of readdirSync(new URL(`../../../schemas/${module}/`, import.meta.url))) {
      if (!name.endsWith('.json')) continue;
      const type = `${module}/${name.replace(/\.json$/, '')}`;
      const { schema, ui } = file(type);
      for (const spec of (schema['x-list']?.sort ?? []) as { field: string }[])
        if (!sortableColumn(schema, ui, spec.field)) wrong.push(`${type} by ${spec.field}`);
    }
  assert.deepEqual(wrong, []);
});
