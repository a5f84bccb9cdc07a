import { test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundleSchema } from '../../../engine/bundle.ts';
import { compileValidator, createAjv } from '../../../engine/validation.ts';
import { Registry } from '../../../engine/registry.ts';

const defs = JSON.parse(readFileSync(new URL('../../../schemas/common/defs.json', import.meta.url), 'utf8'));

test('errors carry the spec message from x-messages, through $ref, with JSON Pointer paths', () => {
  const schema = {
    $id: 'https://dform.dev/schemas/payroll/t.json',
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', maxLength: 3, 'x-messages': { required: 'Name please.', maxLength: 'Too long.' } },
      phone: { $ref: '../common/defs.json#/definitions/phone' },
      legal_address: {
        type: 'object',
        properties: { postal_code: { type: 'string', minLength: 5 } },
      },
    },
  };
  const v = compileValidator(createAjv(), bundleSchema(schema, defs));
  assert.deepEqual(v({ phone: '123' }), [
    { path: '/name', message: 'Name please.' },
    { path: '/phone', message: 'Phone numbers must have 10 digits.' },
  ]);
  assert.deepEqual(v({ name: 'abcd', legal_address: { postal_code: '12' } }), [
    { path: '/name', message: 'Too long.' },
    { path: '/legal_address/postal_code', message: 'Must be at least 5 characters' },
  ]);
  assert.deepEqual(v({ name: 'ab', phone: '' }), []);
});

test('bundling makes a schema self-contained with the shared definitions it uses, transitively', () => {
  const b = bundleSchema(
    { type: 'object', properties: { a: { $ref: '../common/defs.json#/definitions/address' } } },
    defs,
  );
  assert.equal((b.properties as any).a.$ref, '#/definitions/address');
  assert.ok((b.definitions as any).address);
  assert.ok((b.definitions as any).usState, 'address refers to usState');
  assert.throws(
    () => bundleSchema({ $ref: '../common/defs.json#/definitions/nope' }, defs),
    /no shared definition 'nope'/,
  );
});

test('the registry resolves modules, types and my_ variants, and refuses duplicates', () => {
  const file = (id: string, my = false) => ({ $id: `https://dform.dev/schemas/${id}.json`, 'x-my': my }) as any;
  const r = new Registry([file('payroll/i9', true), file('auth/users')]);
  assert.deepEqual(r.resolve('payroll', 'my_i9')?.my, true);
  assert.equal(r.resolve('payroll', 'my_users'), undefined);
  assert.equal(r.resolve('auth', 'my_users'), undefined, 'users has no my_ variant');
  assert.equal(r.resolve('auth', 'i9'), undefined, 'i9 is not an auth type');
  assert.equal(r.moduleOf('my_i9'), 'payroll');
  assert.throws(() => new Registry([file('payroll/i9'), file('payroll/i9')]), /two schema files for payroll\/i9/);
  assert.throws(() => new Registry([file('nomodule/x')]), /not an entity id/);
  assert.throws(() => r.require('payroll', 'i99'), /registry: no schema for payroll\/i99/);
});

test('a refused choice names every choice readably: text as itself, anything else as JSON', async () => {
  const { explainErrors } = await import('../../../engine/messages.ts');
  const ajv = createAjv();
  const schema = { type: 'object', properties: { s: { enum: [null, {}, [], '', true, 'a'] } } };
  const fn = ajv.compile(schema);
  assert.equal(fn({ s: 'b' }), false);
  assert.deepEqual(
    explainErrors(fn.errors, schema).map((e) => e.message),
    ['Must be one of: null, {}, [], "", true, a'],
  );
});
