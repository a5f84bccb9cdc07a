/**
 * Search over one type: `{criteria, sort?, limit?, offset?}`, checked field by field against the
 * schema, restricted to the caller's own records when that is all they may list.
 */
import type { Context } from 'hono';
import { allows, namesToken, PUBLISHED_FIELD, type Principal, type ShareReach } from '../../engine/access.ts';
import {
  CriteriaError,
  matchesAll,
  MAX_CRITERION_TEXT,
  OPERATORS,
  sortComparator,
  valueTest,
} from '../../engine/criteria.ts';
import { criterionProblem } from '../../engine/criterion-types.ts';
import { toPointer } from '../../engine/schema-walk.ts';
import { rootOrgId } from '../orgs.ts';
import type { Caller } from '../auth/principal.ts';
import type { FindAhead } from '../auth/signed-in.ts';
import { badRequest, notAuthorized } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';
import type { Criterion, FindOf, FindQuery, FindResult, Operator, SortSpec } from '../storage/types.ts';
import { fieldFacts } from './fields.ts';
import { hooksFor } from './hooks.ts';
import { isReachable, mayAtAll, toWire, type Target, type WireRecord } from './records.ts';
import { shareReachOf, sharedCriteria, sharesReach } from './share-reach.ts';
import { channelReachOf, channelsReaching, membersReach, type ChannelReach } from './channel-reach.ts';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

function checkField(s: Services, t: Target, field: unknown, where: string): string {
  const facts = fieldFacts(s.catalogue, t.entity);
  if (typeof field !== 'string' || !field) throw badRequest(`${where}: field must be a field name`);
  if (facts.unsearchable.has(field)) throw badRequest(`${where}: '${field}' is sensitive and cannot be searched`);
  const list = facts.inList.get(field);
  if (list !== undefined && !facts.searchable.has(field)) {
    throw badRequest(`${where}: '${field}' is inside a list ('${list}'): a find searches no field of a list's items`);
  }
  if (!facts.searchable.has(field)) {
    throw badRequest(`${where}: unknown field '${field}' in ${where.startsWith('sort') ? 'sort' : 'criteria'}`);
  }
  return field;
}

function scalar(v: unknown): boolean {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

/**
 * Refuses a criterion or a sort key holding a member of its own (`not`, `nulls`): searched without
 * it, the answer would be another search than the one asked (API.md "Errors": unknown field in
 * criteria, 400 saying which).
 */
function onlyMembers(item: Record<string, unknown>, members: string[], at: (string | number)[], shape: string): void {
  const other = Object.keys(item).find((k) => !members.includes(k));
  if (other === undefined) return;
  const where = `${at[0]}[${at[1]}]`;
  throw badRequest(`${where}: unknown member '${other}': ${shape}`, [
    { path: toPointer([...at, other]), message: `Unknown member '${other}': ${shape}` },
  ]);
}

/** The members of `o` that are not null. */
function givenOptions(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));
}

export function parseQuery(s: Services, t: Target, sent: Record<string, unknown>): FindQuery {
  for (const k of Object.keys(sent)) {
    if (!['criteria', 'sort', 'limit', 'offset'].includes(k)) throw badRequest(`unknown search option '${k}'`);
  }
  // An option sent as null is the option not given (docs/criteria.md "Options sent as null"): JSON
  // clients write null for "no value", and null means nothing else for any of them.
  const body = givenOptions(sent);
  const { criteria = [], sort, limit = DEFAULT_LIMIT, offset = 0 } = body;
  if (!Array.isArray(criteria) || criteria.length > 20) throw badRequest('criteria must be a list of at most 20 items');
  const parsed: Criterion[] = criteria.map((c, i) => {
    const where = `criteria[${i}]`;
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw badRequest(`${where} must be {field, is, value}`);
    onlyMembers(
      c as Record<string, unknown>,
      ['field', 'is', 'value'],
      ['criteria', i],
      'a criterion is {field, is, value}',
    );
    const { field, is, value } = c as Record<string, unknown>;
    if (!OPERATORS.includes(is as Operator)) throw badRequest(`${where}: 'is' must be one of ${OPERATORS.join(' ')}`);
    const op = is as Operator;
    if (op === 'in' ? !Array.isArray(value) || value.length > 500 || !value.every(scalar) : !scalar(value)) {
      throw badRequest(
        `${where}: value must be ${op === 'in' ? 'a list of at most 500 plain values' : 'a plain value'}`,
      );
    }
    if (op === 'like' && typeof value !== 'string') throw badRequest(`${where}: 'like' needs text`);
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((v) => typeof v === 'string' && v.length > MAX_CRITERION_TEXT)) {
      throw badRequest(`${where}: a text value may have at most ${MAX_CRITERION_TEXT} characters`);
    }
    const criterion = { field: checkField(s, t, field, where), is: op, value };
    try {
      // The engine decides which values an operator takes (a range needs a number or a string).
      valueTest(criterion);
    } catch (err) {
      if (err instanceof CriteriaError) throw badRequest(`${where}: ${err.message}`);
      throw err;
    }
    // And the schema which values the field holds: one of another type would match nothing, on any store.
    const searched = fieldFacts(s.catalogue, t.entity).searched.get(criterion.field);
    const problem = searched && criterionProblem(criterion, searched);
    if (problem) {
      throw badRequest(`${where}: ${problem.message}`, [
        { path: toPointer(['criteria', i, ...problem.at]), message: problem.message },
      ]);
    }
    return criterion;
  });
  let sortSpecs: SortSpec[] | undefined;
  if (sort !== undefined) {
    if (!Array.isArray(sort) || sort.length > 5) throw badRequest('sort must be a list of at most 5 items');
    sortSpecs = sort.map((x, i) => {
      if (x && typeof x === 'object' && !Array.isArray(x)) {
        onlyMembers(x as Record<string, unknown>, ['field', 'dir'], ['sort', i], 'a sort key is {field, dir}');
      }
      const { field, dir = 'asc' } = givenOptions((x ?? {}) as Record<string, unknown>);
      if (dir !== 'asc' && dir !== 'desc') throw badRequest(`sort[${i}]: dir must be asc or desc`);
      return { field: checkField(s, t, field, `sort[${i}]`), dir };
    });
  }
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  }
  // Bounded where numbers stay exact: PostgreSQL's OFFSET is a bigint, and 2^63 would not fit it.
  if (!Number.isSafeInteger(offset) || (offset as number) < 0) {
    throw badRequest(`offset must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
  }
  return { criteria: parsed, sort: sortSpecs, limit: limit as number, offset: offset as number };
}

/**
 * A field of the query the principal may not see (x-read), or sees only as their own view of it
 * (servedAsOwn): it cannot be searched or sorted on either.
 */
function hiddenField(s: Services, t: Target, query: FindQuery, principal: Principal): string | undefined {
  const hidden = new Set([
    ...[...fieldFacts(s.catalogue, t.entity).readRules]
      .filter(([, rule]) => !allows(rule, principal, false))
      .map(([f]) => f),
    ...(hooksFor(t.entity.id)?.servedAsOwn?.({ entity: t.entity, reader: principal }) ?? []),
  ]);
  return [...query.criteria, ...(query.sort ?? [])].map((c) => c.field.split('.')[0]).find((f) => hidden.has(f));
}

/**
 * The find a search of `type` would make for a caller of the `expected` principal, worked out
 * before the caller is known (signedInFinding): only for one who may list every record of the
 * type and search every field the query names, so nothing is read that such a caller could not be
 * answered. Undefined when that is not so, or the request is not a search the route would make.
 */
export async function findAheadOf(
  s: Services,
  c: Context,
  module: string,
  type: string,
  expected: Principal | undefined,
): Promise<FindOf | undefined> {
  const t = s.catalogue.registry.resolve(module, type);
  if (!expected || !t || t.my || t.entity.file['x-shared'] === 'root') return undefined;
  if (!allows(t.entity.file['x-access'].list, expected, false)) return undefined;
  try {
    const query = parseQuery(s, t, await readJsonObject(c, { allowEmpty: true }));
    return hiddenField(s, t, query, expected) ? undefined : { collection: t.entity.id, query };
  } catch {
    // The route refuses the request once its caller is known, with the same error.
    return undefined;
  }
}

/** The answer of a find made ahead, when it is the very find `findInSlices` was to make now. */
function foundAhead(ahead: FindAhead | undefined, collection: string, org: string, query: FindQuery) {
  const same =
    ahead !== undefined &&
    ahead.org === org &&
    ahead.find.collection === collection &&
    JSON.stringify(ahead.find.query) === JSON.stringify(query);
  return same ? ahead.result : undefined;
}

export async function findRecords(
  s: Services,
  caller: Caller,
  t: Target,
  body: Record<string, unknown>,
  ahead?: FindAhead,
): Promise<{ items: WireRecord[]; total: number }> {
  const access = t.my ? 'own' : mayAtAll(t, 'list', caller);
  if (access === 'none') throw notAuthorized();
  const query = parseQuery(s, t, body);
  const hidden = hiddenField(s, t, query, caller.principal);
  if (hidden) throw badRequest(`unknown field '${hidden}' in criteria`);
  // Every search of the store below takes its company's turn (../company-turns.ts).
  const inTurn = <T>(work: () => Promise<T>) => s.searches.run(caller.org.id, work);
  const ownerField = t.entity.file['x-owner'] ?? (t.entity.file['x-key'] === 'user' ? 'key' : undefined);
  if (access === 'own' && ownerField === 'key') {
    // A user-keyed type holds at most one record of the caller: look it up, then apply the criteria.
    const own = await s.storage.get(t.entity.id, caller.org.id, caller.principal.userKey);
    const matches = !!own && matchesAll(own.data, query.criteria);
    const items = matches && query.offset === 0 ? [await toWire(s, t.entity, own, caller.principal)] : [];
    return { items, total: matches ? 1 : 0 };
  }
  let shares: ShareReach | undefined;
  let channels: ChannelReach | undefined;
  // A channel's records reach its members (@member, x-channel; docs/comms.md).
  if (access === 'own' && membersReach(t.entity, 'list')) channels = await channelReachOf(s, caller);
  if (access === 'own' && channels && t.entity.file['x-channel'] === 'key') {
    // The channels themselves, kept by key: those the caller sees are among the channels their
    // reach read (those that can concern them: found by criteria the stores index), so the query is
    // answered over those, as the store would (engine/criteria.ts), in its sort, then oldest first.
    // The total counts only what they see.
    const kept = [...channels.channels.values()]
      .filter((r) => channels!.see.has(r.key) && matchesAll(r.data, query.criteria))
      .sort((a, b) => a.meta.created_time - b.meta.created_time || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (query.sort?.length) {
      const compare = sortComparator(query.sort);
      kept.sort((a, b) => compare(a.data, b.data));
    }
    const page = kept.slice(query.offset, query.offset + query.limit);
    return { items: await Promise.all(page.map((r) => toWire(s, t.entity, r, caller.principal))), total: kept.length };
  }
  if (access === 'own') {
    // An owner field that lists user keys (a group's users) holds the caller among them.
    const listed = (t.entity.file.properties[ownerField ?? ''] as { type?: unknown } | undefined)?.type === 'array';
    const owns: Criterion[] = ownerField
      ? [{ field: ownerField, is: listed ? 'contains' : '=', value: caller.principal.userKey }]
      : [];
    const rule = t.entity.file['x-access'].list;
    // Theirs, sent by them (a secure file: the creator is kept in the data too, engine/registry.ts),
    // or published (a company document shown to employees), as the rule names them.
    const reach: Criterion[] = [...owns];
    if (namesToken(rule, '@creator')) reach.push({ field: 'created_by', is: '=', value: caller.principal.userKey });
    if (namesToken(rule, '@published')) reach.push({ field: PUBLISHED_FIELD, is: '=', value: true });
    // Or shared with them (a file: named in its shares, in a group it is shared with, or public).
    if (sharesReach(t.entity, 'list')) {
      shares = await shareReachOf(s, caller);
      reach.push(...sharedCriteria(t.entity, shares));
    }
    // Or in a channel that lets them in: its members, or anyone for an open group channel (its
    // admins only, where the type keeps its records to them: x-channel-readers).
    if (channels) {
      const reached = [...channelsReaching(t.entity, channels)];
      reach.push({ field: t.entity.file['x-channel']!, is: 'in', value: reached });
    }
    if (!reach.length) throw notAuthorized();
    if (reach.length === 1) query.criteria.push(...reach);
    else query.anyOf = reach;
  }
  const root = t.entity.file['x-shared'] === 'root' ? await rootOrgId(s) : undefined;
  // In slices: a find over a large company must not hold every other request meanwhile.
  const result =
    root && root !== caller.org.id
      ? await inTurn(() => findWithShared(s, t.entity.id, caller.org.id, root, query))
      : (foundAhead(ahead, t.entity.id, caller.org.id, query) ??
        (await inTurn(() => s.storage.findInSlices(t.entity.id, caller.org.id, query))));
  const items = await Promise.all(
    result.items
      .filter((r) => access === 'all' || isReachable(t, caller, r, 'list', shares, channels))
      .map((r) => toWire(s, t.entity, r, caller.principal)),
  );
  return { items, total: result.total };
}

/**
 * The company's own records followed by the root organization's shared ones (x-shared: root),
 * sorted together when a sort is asked, then paged.
 */
async function findWithShared(
  s: Services,
  collection: string,
  org: string,
  root: string,
  query: FindQuery,
): Promise<FindResult> {
  const upTo = { ...query, offset: 0, limit: query.offset + query.limit };
  const own = await s.storage.findInSlices(collection, org, upTo);
  const shared = await s.storage.findInSlices(collection, root, upTo);
  const items = [...own.items, ...shared.items];
  if (query.sort?.length) {
    // Stable: ties keep the company's records before the shared ones, each in its store's order.
    const compare = sortComparator(query.sort);
    items.sort((a, b) => compare(a.data, b.data));
  }
  return { items: items.slice(query.offset, query.offset + query.limit), total: own.total + shared.total };
}
