/**
 * A list's column offers sorting only where the order follows what the column reads: a column of
 * people, groups or records shows names but holds keys, and sorting it by key would look random.
 */
import { it } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
