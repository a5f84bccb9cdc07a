/**
 * The TypeScript generated from the schemas (scripts/types-from-schemas.ts): shared definitions are
 * declared once in common/defs.ts and imported by the entity files, and bounded arrays read T[].
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { commonTypes, entityTypes } from '../../../scripts/types-from-schemas.ts';

const defs = JSON.parse(readFileSync(new URL('../../../schemas/common/defs.json', import.meta.url), 'utf8'));

describe('generated types', () => {
  it('an entity file imports the shared types instead of declaring them again', async () => {
    const ts = await entityTypes(
      {
        type: 'object',
        properties: {
          home: {
            $ref: '../common/defs.json#/definitions/address',
            title: 'Home address',
            description: 'Where they live.',
            'x-edit': 'admin',
          },
          state: { $ref: '../common/defs.json#/definitions/usState', title: 'State' },
          managers: { type: 'array', maxItems: 20, items: { $ref: '../common/defs.json#/definitions/uuid' } },
          tags: { type: 'array', minItems: 1, maxItems: 4, items: { type: 'string' } },
          own: { $ref: '#/definitions/own' },
        },
        definitions: { own: { type: 'string', enum: ['a', 'b'] } },
      },
      'PayrollThing',
      'payroll/thing.ts',
    );
    assert.match(ts, /^import type \* as Common from "\.\.\/common\/defs\.ts";$/m);
    assert.match(ts, /\* Where they live\.\n {3}\*\/\n {2}home\?: Common\.Address;/);
    assert.match(ts, /\n {2}state\?: Common\.UsState;/);
    assert.match(ts, /\n {2}managers\?: Common\.Uuid\[\];/);
    // A lower bound stays a tuple with a rest element; no tuple is spelled out per length.
    assert.match(ts, /\n {2}tags\?: \[string, \.\.\.string\[\]\];/);
    assert.match(ts, /\n {2}own\?: Own;/);
    assert.doesNotMatch(ts, /interface Address|"AL"|\[string, string\]|x-edit/);
  });

  it('an entity file that uses no shared definition imports nothing', async () => {
    const ts = await entityTypes({ type: 'object', properties: { a: { type: 'string' } } }, 'X', 'auth/x.ts');
    assert.doesNotMatch(ts, /import/);
  });

  it('an object with conditional rules keeps its properties (if/then narrow values, not the shape)', async () => {
    const ts = await entityTypes(
      {
        type: 'object',
        properties: {
          docs: {
            type: 'array',
            items: {
              type: 'object',
              title: 'Doc',
              additionalProperties: false,
              required: ['list'],
              properties: { list: { type: 'string', enum: ['A', 'B'] }, code: { type: 'string' } },
              allOf: [
                { if: { properties: { list: { const: 'A' } } }, then: { properties: { code: { enum: ['p'] } } } },
              ],
            },
          },
        },
        if: { required: ['docs'] },
        then: { properties: { docs: { minItems: 1 } } },
      },
      'PayrollThing',
      'payroll/thing.ts',
    );
    assert.match(ts, /export interface Doc \{\n {2}list: "A" \| "B";\n {2}code\?: string;\n\}/);
    assert.match(ts, /export interface PayrollThing \{\n {2}docs\?: Doc\[\];\n\}/);
    assert.doesNotMatch(ts, /unknown/);
  });

  it('a reference to another file than the shared definitions is refused', async () => {
    await assert.rejects(
      entityTypes({ type: 'object', properties: { a: { $ref: '../auth/users.json' } } }, 'X', 'auth/x.ts'),
      /only local and shared references/,
    );
  });

  it('common/defs.ts declares each shared definition once, named from its key', async () => {
    const ts = await commonTypes(defs);
    for (const key of Object.keys(defs.definitions)) {
      const name = key.charAt(0).toUpperCase() + key.slice(1);
      const declared = ts.match(new RegExp(`^export (?:type|interface) ${name}\\b`, 'gm')) ?? [];
      assert.equal(declared.length, 1, `${key} is declared as ${name} once`);
    }
    assert.match(ts, /^export interface Address \{\n(?: {2}.*\n)* {2}state\?: UsState;/m);
  });

  it('a shared definition whose name an earlier type took is an error, not a renamed type', async () => {
    const clash = {
      definitions: {
        first: { type: 'object', properties: { x: { type: 'string', title: 'Second' } } },
        second: { type: 'string' },
      },
    };
    await assert.rejects(commonTypes(clash), /second was not declared as Second/);
  });
});
