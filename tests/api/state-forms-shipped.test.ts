/**
 * A state form definition the product ships anew reaches a deployment that holds an earlier one it
 * shipped, unchanged (server/seed/state-forms/shipped.ts): at start it is moved onto the current
 * one, with an audit entry. A definition product staff changed is theirs and stays. Before, a
 * deployment kept whatever definition it first loaded, so a check added to a state's validator
 * (Oregon's half an exemption, refused since) never reached it.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { bootstrap } from '../../server/bootstrap.ts';
import { systemUpdate } from '../../server/data/system-write.ts';
import { readStateForms } from '../../server/seed/state-forms/index.ts';
import { seedStateForms } from '../../server/seed/state-forms/seed.ts';
import { definitionDigest, shippedDigests } from '../../server/seed/state-forms/shipped.ts';
import type { Services } from '../../server/services.ts';
import { ROOT } from '../helpers/server.ts';
import { testServices } from '../helpers/in-process.ts';

const TYPE = 'payroll/state_w4_form';
/** Oregon's definition as the product shipped it before its line 4 checks (commit 7b534c2). */
const EARLIER_OREGON = JSON.parse(
  readFileSync(path.join(ROOT, 'tests/fixtures/state-forms/oregon-shipped-before.json'), 'utf8'),
) as Record<string, unknown>;
const current = (state: string) => readStateForms().find((f) => f.definition.state === state)!.definition;

let services: Services;
let dataDir: string;
let root: string;
beforeAll(async () => {
  const made = await testServices();
  services = made.services;
  dataDir = made.dataDir;
  root = (await bootstrap(services)).orgId;
  // As a start does after bootstrap: the shipped definitions loaded.
  assert.deepEqual(await seedStateForms(services, root), { added: readStateForms().length, updated: 0 });
});
afterAll(async () => {
  await services.storage.close();
  await rm(dataDir, { recursive: true, force: true });
});

const stored = async (state: string) =>
  (
    await services.storage.find(TYPE, root, {
      criteria: [{ field: 'state', is: '=', value: state }],
      limit: 2,
      offset: 0,
    })
  ).items;

test('every definition shipped now is listed as shipped (npm run gen:state-form-digests), and the earlier Oregon one too', () => {
  const listed = shippedDigests();
  for (const { file, definition } of readStateForms()) {
    assert.ok(
      listed[definition.state]?.includes(definitionDigest(definition as unknown as Record<string, unknown>)),
      `${file}: run npm run gen:state-form-digests`,
    );
  }
  assert.ok(listed.OR.includes(definitionDigest(EARLIER_OREGON)));
});

test('an earlier shipped definition, unchanged, is moved onto the current one at start; one product staff changed stays theirs', async () => {
  // The current ones are loaded; this deployment is made to hold Oregon's earlier one, and a
  // California definition its product staff reworded.
  const [oregon] = await stored('OR');
  const [california] = await stored('CA');
  const reworded = { instructions: 'Our own words for the DE 4.' };
  await services.storage.commit([
    // Shipped before definitions said what signing attests.
    systemUpdate(services, oregon, 'system', { ...EARLIER_OREGON, attestation: undefined }),
    systemUpdate(services, california, 'product staff', reworded),
  ]);
  assert.notEqual(
    ((await stored('OR'))[0].data.transforms as { validator: string }).validator,
    current('OR').transforms.validator,
  );

  assert.deepEqual(await seedStateForms(services, root), { added: 0, updated: 1 });
  const [moved] = await stored('OR');
  assert.equal(definitionDigest(moved.data), definitionDigest(current('OR') as unknown as Record<string, unknown>));
  assert.equal(moved.key, oregon.key, 'the same record, so what names it still does');
  assert.equal((await stored('CA'))[0].data.instructions, reworded.instructions);

  const audit = await services.storage.find('auth/audit_log', root, {
    criteria: [{ field: 'action_type', is: '=', value: 'update' }],
    limit: 50,
    offset: 0,
  });
  const entry = audit.items.find((r) => (r.data.detail as { key?: string }).key === oregon.key);
  assert.ok(entry, 'the move is in the audit log');
  assert.deepEqual(
    (entry.data.detail as { fields: string[] }).fields,
    ['attestation', 'transforms'],
    'what changed: its validator, and the attestation it gained',
  );
  assert.equal(entry.data.logged_in_username, 'system');

  // Once moved, nothing more to do.
  assert.deepEqual(await seedStateForms(services, root), { added: 0, updated: 0 });
});
