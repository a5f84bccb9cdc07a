/**
 * The generic data API of one module (../shared/API.md "Generic data API"), mounted at /<module>/api.
 */
import { Hono, type Context } from 'hono';
import { allows, can } from '../../engine/access.ts';
import type { Entity, EntityFile, JsonSchema } from '../../engine/entity.ts';
import type { Verb } from '../../engine/entity.ts';
import { signedIn, signedInFinding, signedInReading, type ReadingEnv, type SignedInEnv } from '../auth/signed-in.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';
import { fieldFacts } from './fields.ts';
import { hooksFor } from './hooks.ts';
import { findAheadOf, findRecords } from './find.ts';
import { isUuid, type Caller } from '../auth/principal.ts';
import { mayAtAll, readRecord, target } from './records.ts';
import { deleteRecord, writeRecord } from './write-lifecycle.ts';
import { requestHeader } from '../http/node-request.ts';
import { withoutDevNotes } from '../../engine/dev-notes.ts';
import { visibleTo } from '../../engine/visible.ts';

const VERBS: Verb[] = ['list', 'read', 'create', 'edit', 'delete'];

/**
 * The form hints for this caller: a field only others may change (x-edit, such as a company's
 * hostname) is read-only in their form. Rules naming @owner depend on the record and stay editable;
 * the server decides per record.
 */
function uiForCaller(ui: Record<string, unknown>, editRules: Map<string, string[]>, caller: Caller) {
  const out: Record<string, unknown> = { ...ui };
  for (const [field, rule] of editRules) {
    if (rule.includes('@owner') || allows(rule, caller.principal, false)) continue;
    out[field] = { ...((ui[field] as Record<string, unknown> | undefined) ?? {}), 'ui:readonly': true };
  }
  return out;
}

/**
 * The list as this caller is shown it: without the columns, sorts and views naming a field they
 * see only as their own view (servedAsOwn), which the server would not search for them.
 */
function listFor(entity: Entity, caller: Caller): EntityFile['x-list'] {
  const list = entity.file['x-list'];
  const own = hooksFor(entity.id)?.servedAsOwn?.({ entity, reader: caller.principal }) ?? [];
  if (!own.length) return list;
  const keeps = (field: string) => !own.includes(field.split('.')[0]);
  const columns = list.columns.filter(keeps);
  return {
    ...list,
    columns: columns.length ? (columns as typeof list.columns) : list.columns,
    ...(list.sort ? { sort: list.sort.filter((x) => keeps(x.field)) } : {}),
    ...(list.views ? { views: list.views.filter((v) => v.criteria.every((c) => keeps(c.field))) } : {}),
  };
}

export function dataRoutes(s: Services, module: string) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);

  // `find/T` is searched with POST only and `meta/T` read with GET only: another method there is a
  // 405 naming the one it takes (a GET of a find was answered 404, as a record `T` of a type `find`),
  // before anyone is signed in, as for any address that does not take the method (server/app.ts).
  app.use('/data/:type/:key', async (c, next) => {
    const type = c.req.param('type');
    const only = type === 'find' ? 'POST' : type === 'meta' ? 'GET' : undefined;
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (only && method !== only) throw new ApiError(405, 'Method not allowed', undefined, { Allow: only });
    await next();
  });

  const meta = async (c: Context<SignedInEnv>, type: string) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, type);
    const f = t.entity.file;
    const canDo = Object.fromEntries(
      VERBS.map((v) => [
        v,
        t.my
          ? can(t.entity, v, caller.principal, { key: caller.user.key, data: { _user_uuid: caller.user.key } }) ||
            mayAtAll(t, v, caller) !== 'none'
          : mayAtAll(t, v, caller) !== 'none',
      ]),
    );
    // Fields the caller may not see (x-read), and the fields of sections not shown to them
    // (x-visible), are named in `hidden`, so no screen shows them; their records never hold the
    // x-read ones (toWire). On the own copy of a type keyed by the user the record is the caller's,
    // so a rule may look at it (@filled).
    const own =
      t.my && f['x-key'] === 'user'
        ? (await s.storage.get(t.entity.id, caller.org.id, caller.user.key))?.data
        : undefined;
    // A field only a record's owner reads (x-read naming @owner, on a type whose x-owner field says
    // whose a record is: a file's "Shared with") is not hidden from everyone: it is named in
    // `owner_read`, which the screens show to the record's owner and on create (the maker owns it);
    // the record itself carries the field only for those who may read it (toWire).
    const ownedType = !t.my && typeof f['x-owner'] === 'string' && f['x-owner'] !== 'key';
    const rules = [...fieldFacts(s.catalogue, t.entity).readRules];
    const ownerRead = ownedType
      ? rules
          .filter(([, rule]) => !allows(rule, caller.principal, false) && allows(rule, caller.principal, true))
          .map(([field]) => field)
      : [];
    const hidden = new Set(
      rules
        .filter(([field, rule]) => !allows(rule, caller.principal, t.my) && !ownerRead.includes(field))
        .map(([field]) => field),
    );
    // Sections and fields not shown to this role, and the fields it may not read, stay in the schema
    // (definitions only: it is the one the web app's validators were compiled from) and are named in
    // `hidden`, which the form leaves out.
    const unshown = new Set<string>(hidden);
    for (const sec of f['x-sections'] ?? []) {
      if (sec['x-visible'] && !visibleTo(sec['x-visible'], caller.principal, t.my, sec.fields, own))
        for (const x of sec.fields) unshown.add(x);
    }
    for (const [field, prop] of Object.entries(f.properties)) {
      const rule = (prop as { 'x-visible'?: string[] })['x-visible'];
      if (rule && !visibleTo(rule, caller.principal, t.my, [field], own)) unshown.add(field);
    }
    return c.json({
      module: t.entity.module,
      type,
      title: f.title,
      plural: f['x-plural'],
      key: f['x-key'],
      my: t.my,
      schema: forScreens(s, t.entity),
      hidden: [...unshown],
      ...(ownerRead.some((x) => !unshown.has(x)) ? { owner_read: ownerRead.filter((x) => !unshown.has(x)) } : {}),
      ui: uiForCaller(f['x-ui'] ?? {}, fieldFacts(s.catalogue, t.entity).editRules, caller),
      list: listFor(t.entity, caller),
      sections: (f['x-sections'] ?? [])
        .map(({ 'x-visible': _rule, ...sec }) => ({
          ...sec,
          fields: sec.fields.filter((x) => !unshown.has(x)),
        }))
        .filter((sec) => sec.fields.length),
      routes: f['x-routes'] ?? {},
      can: canDo,
    });
  };

  const find = async (c: Context<ReadingEnv>, type: string) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, type);
    const body = await readJsonObject(c, { allowEmpty: true });
    return c.json(await findRecords(s, caller, t, body, c.var.findAhead));
  };
  // A search's find comes in the session's round trip when this process knows the caller's
  // principal and it may list the whole type (findAheadOf). A save (the same address with a type
  // other than `find`) finds nothing ahead.
  const finding = signedInFinding(s, async (c, expected) =>
    c.req.param('type') === 'find' ? findAheadOf(s, c, module, c.req.param('key') ?? '', expected) : undefined,
  );

  // A record's key is a UUID, the same in capital letters (RFC 9562): read as stored, in small ones,
  // as the printable-form and file addresses read theirs.
  const recordKey = (c: Context) => (c.req.param('key') ?? '').toLowerCase();

  const read = async (c: Context<ReadingEnv>) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, c.req.param('type') ?? '');
    return c.json(await readRecord(s, caller, t, recordKey(c), undefined, c.var.readAhead));
  };
  // A read names its record in its address, so the record comes in the session's round trip (a
  // type's own copy too: its address names the caller's key); not a type whose key is worked out
  // (hooks' address).
  const reading = signedInReading(s, (c) => {
    const key = recordKey(c);
    const r = s.catalogue.registry.resolve(module, c.req.param('type') ?? '');
    return r && isUuid(key) && !hooksFor(r.entity.id)?.address ? { collection: r.entity.id, key } : undefined;
  });

  /**
   * A record made, with `Location`: the address it is read at, its type as the client named it
   * (`my_T` too). A create answers 201; a save or update that made it (a type keyed by its user)
   * answers API.md's 200 for those calls, whatever they found.
   */
  const made = (c: Context<SignedInEnv>, record: { key: string }, status: 200 | 201 = 201) => {
    c.header('Location', `/${module}/api/data/${c.req.param('type')}/${record.key}`);
    return c.json(record, status);
  };

  const create = async (c: Context<SignedInEnv>) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, c.req.param('type') ?? '');
    const body = await readJsonObject(c);
    const { record } = await writeRecord(s, caller, t, undefined, body, 'create', {
      idempotencyKey: requestHeader(c, 'idempotency-key'),
      request: requestInfo(c),
    });
    return made(c, record);
  };
  app.post('/data/:type/', auth, create);
  app.post('/data/:type', auth, create);

  // Save replaces the whole data object; update merges the fields sent.
  const write = (mode: 'save' | 'update') => async (c: Context<SignedInEnv>) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, c.req.param('type') ?? '');
    const body = await readJsonObject(c);
    const { record, created } = await writeRecord(s, caller, t, recordKey(c), body, mode, {
      ifMatch: requestHeader(c, 'if-match'),
      request: requestInfo(c),
    });
    return created ? made(c, record, 200) : c.json(record, 200);
  };
  const save = write('save');

  // `meta` and `find` are read from the type's position here rather than routed as
  // '/data/meta/:type': Hono's RegExpRouter cannot mix a static segment and a parameter there, and
  // one such route makes every request fall back to its slower TrieRouter.
  app.get('/data/:type/:key', reading, (c) => (c.req.param('type') === 'meta' ? meta(c, c.req.param('key')) : read(c)));
  app.post('/data/:type/:key', finding, (c) =>
    c.req.param('type') === 'find' ? find(c, c.req.param('key')) : save(c),
  );
  app.patch('/data/:type/:key', auth, write('update'));

  app.delete('/data/:type/:key', auth, async (c) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, c.req.param('type'));
    await deleteRecord(s, caller, t, recordKey(c), {
      ifMatch: requestHeader(c, 'if-match'),
      request: requestInfo(c),
    });
    return c.body(null, 204);
  });

  return app;
}

/** Developer notes (x-dev-note) never reach a client: the bundled schema without them, per entity. */
const screenSchemas = new WeakMap<object, JsonSchema>();

function forScreens(s: Services, entity: Entity): JsonSchema {
  const bundled = s.catalogue.bundled(entity);
  let out = screenSchemas.get(bundled);
  if (!out) screenSchemas.set(bundled, (out = withoutDevNotes(bundled)));
  return out;
}
