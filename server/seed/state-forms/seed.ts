/**
 * Loads the shipped state withholding form definitions into the root organization, where every
 * company reads them (state_w4_form is x-shared: root). A missing state is added. A stored
 * definition that is one the product shipped before, unchanged, is moved onto the one shipped now
 * (./shipped.ts), with an audit entry; a definition product staff have edited, or added as data,
 * is never overwritten.
 */
import { randomUUID } from 'node:crypto';
import { auditOp } from '../../data/audit.ts';
import { systemPut, systemUpdate } from '../../data/system-write.ts';
import type { Services } from '../../services.ts';
import type { WriteOp } from '../../storage/types.ts';
import { readStateForms } from './index.ts';
import { DEFINITION_PARTS, definitionDigest, shippedDigests } from './shipped.ts';

const TYPE = 'payroll/state_w4_form';

export async function seedStateForms(s: Services, rootOrg: string): Promise<{ added: number; updated: number }> {
  const ops: WriteOp[] = [];
  const shipped = shippedDigests();
  let added = 0;
  let updated = 0;
  for (const { definition } of readStateForms()) {
    const data = definition as unknown as Record<string, unknown>;
    const existing = await s.storage.find(TYPE, rootOrg, {
      criteria: [{ field: 'state', is: '=', value: definition.state }],
      limit: 2,
      offset: 0,
    });
    if (existing.total === 0) {
      ops.push(systemPut(s, TYPE, rootOrg, randomUUID(), data));
      added++;
      continue;
    }
    const [stored] = existing.items;
    const digest = definitionDigest(stored.data);
    if (existing.total > 1 || digest === definitionDigest(data) || !shipped[definition.state]?.includes(digest))
      continue;
    // An earlier shipped definition, as shipped: the current one replaces its parts.
    const changes: Record<string, unknown> = {};
    for (const part of DEFINITION_PARTS) changes[part] = data[part];
    const changed = DEFINITION_PARTS.filter((p) => JSON.stringify(stored.data[p]) !== JSON.stringify(data[p]));
    ops.push(
      systemUpdate(s, stored, 'system', changes),
      auditOp({
        org: rootOrg,
        actor: undefined,
        action: 'update',
        module: 'payroll',
        type: 'state_w4_form',
        key: stored.key,
        fields: changed,
        detail: { definition: 'shipped' },
        now: s.now(),
      }),
    );
    updated++;
  }
  if (ops.length) await s.storage.commit(ops);
  return { added, updated };
}
