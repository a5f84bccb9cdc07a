/**
 * The modules' names people read (engine/module-labels.ts, from defs.json's moduleName): the menu's
 * groups and every module choice. A schema that lists modules in an enum of its own (a file group's
 * modules, with ALL) names each as defs.json does, so the same module never reads two ways.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import defs from '../../../schemas/common/defs.json';
import fgroups from '../../../schemas/storage/fgroups.json';
import { moduleLabel } from '../../../engine/module-labels.ts';

describe('module names', () => {
  it('names every module, and leaves what is no module as it is', () => {
    assert.deepEqual(defs.definitions.moduleName.enum.map(moduleLabel), [
      'Administration',
      'Payroll',
      'HR',
      'Time',
      'Communications',
      'Files',
    ]);
    assert.equal(moduleLabel('ALL'), 'ALL');
  });

  it("a file group's module choices read as the modules do elsewhere", () => {
    const items = fgroups.properties.modules.items;
    items.enum.forEach((m, i) => {
      if (m !== 'ALL') assert.equal(items['x-enumNames'][i], moduleLabel(m), m);
    });
  });
});
