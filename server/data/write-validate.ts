/**
 * The stages of a write that shape and check its data (./write-lifecycle.ts): save transforms, then
 * validation by schema, by the schema's expression and by the entity's hook, in that order. The
 * first stage that finds errors answers them all (400); nothing is stored before they pass.
 */
import type { Entity } from '../../engine/entity.ts';
import type { FieldError } from '../../engine/messages.ts';
import { cloneJson } from '../../engine/schema-walk.ts';
import { ExpressionError, validateByExpression } from '../../engine/transforms.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { actorOf, auditOp } from './audit.ts';
import { hookArgs } from './hooks.ts';
import { runTransform, type WriteMode } from './records.ts';
import { referenceErrors } from './references.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import { admitGuesses, assertUnique } from './unique.ts';
import type { Write } from './write-lifecycle.ts';

/** Keywords whose errors describe the value as the client sent it (before a transform can hide it). */
const AS_SENT = new Set([
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
]);

/**
 * Refuses a value of the wrong type or out of range as the client sent it, naming every error, before
 * a transform (the schema's, or a state form's prepare_for_save) can drop or rewrite it.
 */
export function refuseAsSent(s: Services, entity: Entity, data: DataObject): void {
  const asSent = asSentErrors(s, entity, data);
  if (asSent.length) throw validationFailed(asSent);
}

/** The schema's errors of the data as sent when one is of a wrong type or out of range; else none. */
export function asSentErrors(s: Services, entity: Entity, data: DataObject): FieldError[] {
  const asSent = s.catalogue.validator(entity).withKeywords(cloneJson(data));
  return asSent.some((e) => AS_SENT.has(e.keyword ?? '')) ? asSent : [];
}

// save transforms: the schema's save transform (x-transforms.save), then the prepare hook (a state
// form's own prepare_for_save).
export async function saveTransforms(w: Write): Promise<void> {
  const { s, t } = w;
  const save = t.entity.file['x-transforms']?.save;
  if (save) {
    refuseAsSent(s, t.entity, w.data);
    w.data = await runTransform(save, w.data, w.bindings);
  }
  if (w.hook?.prepare) w.data = await w.hook.prepare(hookArgs(w, w.data, w.mode as WriteMode));
}

export function validateBySchema(w: Write): void {
  w.errors.push(...w.s.catalogue.validator(w.t.entity)(w.data));
}

// validate by expression: the schema's x-transforms.validate, once the data is valid by schema.
export async function validateByRule(w: Write): Promise<void> {
  const rule = w.t.entity.file['x-transforms']?.validate;
  if (!rule || w.errors.length) return;
  try {
    w.errors.push(...(await validateByExpression(rule, w.data, w.bindings)));
  } catch (e) {
    if (e instanceof ExpressionError) throw new ApiError(422, `A rule of this form failed: ${e.message}`);
    throw e;
  }
}

// validate references: each key the write adds names a record of the organization (x-ref,
// ./references.ts). Beside the schema's errors too, so that one answer names every mistake; a
// reference the schema already refused (not a key, too many) is not looked up, nor any when the
// schema's errors were too many to list.
export async function validateReferences(w: Write): Promise<void> {
  if (w.errors.some((e) => e.more)) return;
  const refused = (field: string) => w.errors.some((e) => e.path === `/${field}` || e.path.startsWith(`/${field}/`));
  const refs = w.facts.refs.filter((r) => !refused(r.field));
  if (!refs.length) return;
  w.errors.push(...(await referenceErrors(w.s, w.caller.org.id, w.data, w.before, refs)));
}

// validate by hook: the validate hook, once the rest is valid; then every error found so far is the
// answer (400), and a duplicate of another record's unique value a conflict (409).
export async function validateByHook(w: Write): Promise<void> {
  if (w.hook?.validate && !w.errors.length) {
    w.errors.push(...(await w.hook.validate(hookArgs(w, w.data, w.mode as WriteMode))));
  }
  if (w.errors.length) throw validationFailed(w.errors);
  const sensitive = new Set(w.facts.sensitive.filter((f) => f.path.length === 1).map((f) => String(f.path[0])));
  await admitGuesses(w.s, w.caller, w.opts.request.address ?? '', w, w.facts.unique, sensitive);
  await assertUnique(w.s, w.caller.org.id, w.key, w.data, w.facts.unique, async (u, owner) => {
    if (sensitive.has(u.field)) await auditMatch(w, u.field, owner);
  });
}

/**
 * A sensitive value refused as another record's (a hire's SSN) tells the caller that record's
 * number: audited as retrieve_ssn's answer is (`reveal … (ssn): matched`, naming the record whose
 * number it is and the one it was tried on, never the number), committed on its own before the
 * refusal leaves, so numbers tried on a hire leave no unaudited trace of what was learned.
 */
async function auditMatch(w: Write, field: string, owner: string): Promise<void> {
  const { entity } = w.t;
  await w.s.storage.commit([
    auditOp({
      org: w.caller.org.id,
      actor: actorOf(w.caller),
      action: 'reveal',
      module: entity.module,
      type: entity.type,
      key: owner,
      fields: [field],
      outcome: 'matched',
      detail: { tried_on: w.key },
      browser: w.opts.request.browser,
      address: w.opts.request.address,
      now: w.s.now(),
    }),
  ]);
}
