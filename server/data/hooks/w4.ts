/**
 * Form W-4: the day it was signed (`signed_on`), derived on every save from the employee's signature
 * as it will be stored (after a change voided it, there is none): the company's calendar day of the
 * signature's time (engine/local-day.ts, docs/signatures.md), so the payroll report "W-4s signed"
 * (schemas/common/reports.json) ranges over the days the company saw. W-4s signed before the day was
 * kept get it once at start (`keepW4SignedOn`).
 */
import { localDay } from '../../../engine/local-day.ts';
import { orgTimeZone } from '../../orgs.ts';
import type { Services } from '../../services.ts';
import type { DataObject, WriteOp } from '../../storage/types.ts';
import type { EntityHooks } from '../hooks.ts';
import { markPassDone, passDone, rewriteEach, type PassEnv } from '../record-walk.ts';

const W4 = 'payroll/w4';

/** The W-4 with `signed_on` set from its signature (absent when it has none). */
export function withSignedOn(w4: DataObject, timeZone: string): DataObject {
  const { signed_on: _was, ...rest } = w4;
  const signature = w4.employee_signature as { timestamp?: unknown } | undefined;
  const at = signature?.timestamp;
  if (typeof at !== 'number') return rest;
  const day = localDay(at, timeZone);
  return Number.isFinite(day) ? { ...rest, signed_on: day } : rest;
}

export const w4Hooks: EntityHooks = {
  async amend({ s, caller, data }) {
    return withSignedOn(data, await orgTimeZone(s, caller.org));
  },
};

/**
 * W-4s signed before `signed_on` was kept get it, once per store (system/migrations): the day of
 * their signature in their company's time zone. Answers how many were written.
 */
export async function keepW4SignedOn(s: Services & PassEnv): Promise<number> {
  const marker = 'w4-signed-on';
  if (await passDone(s, marker)) return 0;
  const zones = new Map<string, string>();
  const written = await rewriteEach(s, W4, async (record, org): Promise<WriteOp[] | undefined> => {
    if (record.data.signed_on !== undefined) return undefined;
    let zone = zones.get(org);
    if (zone === undefined) zones.set(org, (zone = await orgTimeZone(s, org)));
    const data = withSignedOn(record.data, zone);
    if (data.signed_on === undefined) return undefined;
    return [
      {
        op: 'put',
        expectVersion: record.meta.version,
        record: { ...record, data, meta: { ...record.meta, version: record.meta.version + 1 } },
      },
    ];
  });
  await markPassDone(s, marker, { written });
  return written;
}
