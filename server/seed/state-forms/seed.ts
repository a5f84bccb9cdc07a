/**
 * Loads the shipped state withholding form definitions into the root organization, where every
 * company reads them (state_w4_form is x-shared: root). Only missing states are added: a definition
 * product staff have edited, or added as data, is never overwritten.
 */
import { randomUUID } from 'node:crypto';
import { systemPut } from '../../data/system-write.ts';
import type { Services } from '../../services.ts';
import { readStateForms } from './index.ts';

export async function seedStateForms(s: Services, rootOrg: string): Promise<number> {
  const ops = [];
  for (const { definition } of readStateForms()) {
    const existing = await s.storage.find('payroll/state_w4_form', rootOrg, {
      criteria: [{ field: 'state', is: '=', value: definition.state }],
      limit: 1,
      offset: 0,
    });
    if (existing.total === 0) {
      ops.push(
        systemPut(s, 'payroll/state_w4_form', rootOrg, randomUUID(), definition as unknown as Record<string, unknown>),
      );
    }
  }
  if (ops.length) await s.storage.commit(ops);
  return ops.length;
}
