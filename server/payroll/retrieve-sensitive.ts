/**
 * `POST /payroll/api/retrieve_sensitive {type, key, field, item?}` answers `{value}`: one sensitive
 * identifier whole (a field marked `x-sensitive: "id"`, such as the I-9's A-Number, I-94 admission
 * number, foreign passport number and each examined document's number), to a caller who may manage
 * payroll data (./ssn-access.ts) and may read the record. `field` names it as a find does
 * (`documentation.document_number`); inside a list, `item` is the entry's id (x-item-key), never its
 * place. The SSN keeps its own call (retrieve_ssn, with its last-four check); account numbers and
 * secrets are never answered. Throttled and audited as every reveal is (./reveal-steps.ts).
 */
import { Hono } from 'hono';
import { ownerOf } from '../../engine/access.ts';
import type { Entity } from '../../engine/entity.ts';
import { REVEALABLE_KINDS, type SensitiveField } from '../../engine/masking.ts';
import { isUuid } from '../auth/principal.ts';
import { signedIn } from '../auth/signed-in.ts';
import { fieldFacts } from '../data/fields.ts';
import { readRecord, target } from '../data/records.ts';
import type { AppEnv } from '../http/context.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import { admitReveal, revealAudit } from './reveal-steps.ts';

const TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const ITEM = /^[0-9a-f-]{36}$/;

const dotted = (f: SensitiveField) => f.path.filter((p) => p !== '*').join('.');

/** The revealable sensitive field a request names, or a 400 saying which fields there are. */
function revealable(s: Services, entity: Entity, field: string): SensitiveField {
  const fields = fieldFacts(s.catalogue, entity).sensitive.filter((f) => REVEALABLE_KINDS.includes(f.kind));
  const found = fields.find((f) => dotted(f) === field);
  if (!found) {
    const names = fields.map(dotted).join(', ') || 'none';
    throw badRequest(`field: '${field}' is not an identifier retrieve_sensitive answers (${entity.id}: ${names})`);
  }
  return found;
}

/** The stored value at a field's path, stepping into a keyed list's entry by its id. */
function storedAt(s: Services, entity: Entity, data: DataObject, f: SensitiveField, item: string | undefined) {
  const keyed = fieldFacts(s.catalogue, entity).keyedArrays;
  let node: unknown = data;
  for (let i = 0; i < f.path.length; i++) {
    const seg = f.path[i];
    if (seg !== '*') {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined;
      continue;
    }
    const list = keyed.find((k) => k.path.join('\u0000') === f.path.slice(0, i).join('\u0000'));
    if (!list || !Array.isArray(node)) return undefined;
    node = node.find((entry) => entry && typeof entry === 'object' && entry[list.key] === item);
  }
  return typeof node === 'string' ? node : undefined;
}

export function retrieveSensitiveRoute(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);
  app.post('/retrieve_sensitive', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const { type, key, field, item } = body;
    if (typeof type !== 'string' || !TYPE.test(type) || !isUuid(key) || typeof field !== 'string' || !field) {
      throw badRequest('type, key (a record key) and field are required');
    }
    if (item !== undefined && (typeof item !== 'string' || !ITEM.test(item))) {
      throw badRequest("item must be a list entry's id");
    }
    const t = target(s, caller, 'payroll', type);
    if (t.my) throw notFound();
    const f = revealable(s, t.entity, field);
    if (f.path.includes('*') && item === undefined)
      throw badRequest(`item: '${field}' is in a list; name the entry's id`);
    const recordKey = key.toLowerCase();
    const audit = revealAudit(s, c, caller, {
      type: t.entity.type,
      key: recordKey,
      field,
      ...(item ? { detail: { item } } : {}),
    });
    await admitReveal(s, c, caller, 'sensitive', audit);
    // Read as any read is: another company's record, or one the caller may not read, is not found.
    let wire;
    try {
      wire = await readRecord(s, caller, t, recordKey);
    } catch (e) {
      if (!(e instanceof ApiError) || (e.status !== 403 && e.status !== 404)) throw e;
      await audit('not found');
      throw notFound();
    }
    const stored = await s.storage.get(t.entity.id, caller.org.id, recordKey);
    // A field the caller may not see (x-read) is left out of what they read: not found either.
    const sealed = stored && f.path[0] in wire.data ? storedAt(s, t.entity, stored.data, f, item) : undefined;
    if (sealed === undefined) {
      await audit('not found');
      throw notFound();
    }
    const value = s.cipher.decrypt(sealed);
    await audit('revealed', ownerOf(t.entity, recordKey, stored!.data));
    return c.json({ value });
  });
  return app;
}
