/**
 * A fixture back end as a `fetch` function: the real data client (renderers/api/client.ts) is
 * created over it, so stories need no server yet run the product's client, queries and screens.
 * It answers the calls the screens make (../shared/API.md) from in-memory fixture records: resolve
 * the organization, sign in, the session, the catalogue, user names, meta, find (criteria, sort, paging), read,
 * create and save (If-Match versions, 409 on a stale one), and the other calls a story names in
 * `calls` (the onboarding views, the two-factor steps).
 */
import { findIn, type Criterion } from '../../engine/criteria.ts';
import type {
  CatalogueEntry,
  FindBody,
  JsonObject,
  ResolvedOrg,
  Session,
  TypeMeta,
  WireRecord,
} from '../../renderers/api/types.ts';

export interface FixtureBackend {
  org: ResolvedOrg;
  /** The session a valid sign-in answers (and `GET /auth/api/session`). */
  session: Session;
  catalogue: CatalogueEntry[];
  /** Metas by `module/type`. */
  metas: Record<string, TypeMeta>;
  /** Records by `module/type`. */
  records: Record<string, WireRecord[]>;
  /** The accounts `POST /auth/api/get_userinfo` names and `search_people` finds. */
  users?: { key: string; display_name: string; email: string }[];
  /** The one e-mail and password that sign in. */
  login?: { userid: string; key: string };
  /** Delay of every answer, to show loading states. `Infinity` never answers. */
  latencyMs?: number;
  /**
   * Answers of other calls by path, asked before sign-in is checked (a second sign-in step is a call
   * without a session): `signedIn` tells whether the request carried the fixture's session.
   */
  calls?: Record<string, (call: { method: string; body: JsonObject; signedIn: boolean }) => FixtureAnswer>;
  /** Answers this status and message for paths matching the pattern (and the method, when given). */
  failures?: { path: RegExp; method?: string; status: number; message: string }[];
}

export interface FixtureAnswer {
  status: number;
  body?: unknown;
}

export const FIXTURE_TOKEN = 'fixture.session.token';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    if (Number.isFinite(ms)) setTimeout(resolve, ms);
  });

function find(records: WireRecord[], body: FindBody) {
  return findIn(records, (r) => r.data, {
    criteria: (body.criteria ?? []) as Criterion[],
    sort: body.sort,
    limit: body.limit ?? 20,
    offset: body.offset ?? 0,
  });
}

/** A `fetch` answering from `backend`; records are copied, so every story starts from the fixture. */
export function fixtureFetch(backend: FixtureBackend): typeof fetch {
  const records: Record<string, WireRecord[]> = structuredClone(backend.records);
  let created = 0;
  const now = () => Math.floor(Date.now() / 1000);

  async function answer(method: string, url: URL, headers: Headers, text: string): Promise<Response> {
    const body = text ? (JSON.parse(text) as JsonObject) : {};
    const p = url.pathname;
    const failure = backend.failures?.find((f) => f.path.test(p) && (!f.method || f.method === method));
    if (failure) return json(failure.status, { message: failure.message });
    const signedIn = headers.get('auth_token') === FIXTURE_TOKEN;
    const call = backend.calls?.[p];
    if (call) {
      const a = call({ method, body, signedIn });
      return json(a.status, a.body);
    }

    if (p === '/auth/api/resolve_org') return json(200, backend.org);
    if (p === '/auth/api/login' && method === 'POST') {
      const ok = backend.login && body.userid === backend.login.userid && body.key === backend.login.key;
      if (!ok) return json(401, { message: 'Invalid credentials' });
      return json(200, { token: FIXTURE_TOKEN, exp: backend.session.exp, session: backend.session });
    }
    if (!signedIn) return json(401, { message: 'Not authenticated.' });
    if (p === '/auth/api/session') return json(200, backend.session);
    if (p === '/auth/api/logout') return json(204, undefined);
    if (p === '/auth/api/catalogue') return json(200, backend.catalogue);
    if (p === '/auth/api/get_userinfo' && method === 'POST') {
      const ids = new Set(Array.isArray(body.user_ids) ? body.user_ids : []);
      const users = (backend.users ?? []).filter((u) => ids.has(u.key));
      return json(
        200,
        users.map((u) => ({ key: u.key, data: { display_name: u.display_name, email: u.email } })),
      );
    }
    if (p === '/auth/api/search_people' && method === 'POST') {
      const text = String(body.text ?? '').toLowerCase();
      const users = (backend.users ?? []).filter((u) => `${u.display_name} ${u.email}`.toLowerCase().includes(text));
      return json(
        200,
        users.map((u) => ({ key: u.key, data: { display_name: u.display_name, email: u.email } })),
      );
    }

    const m = /^\/([a-z]+)\/api\/data\/(?:(meta|find)\/)?([a-z][a-z0-9_]*)\/?([^/]*)$/.exec(p);
    if (!m) return json(404, { message: `fixture: no answer for ${method} ${p}` });
    const [, module, verb, type, key] = m;
    const id = `${module}/${type}`;
    const meta = backend.metas[id];
    if (!meta) return json(404, { message: 'Not found.' });
    const list = (records[id] ??= []);
    if (verb === 'meta') return json(200, meta);
    if (verb === 'find') return json(200, find(list, body as unknown as FindBody));

    const found = list.find((r) => r.key === key);
    if (method === 'GET') return found ? json(200, found) : json(404, { message: 'Not found.' });
    if (method === 'POST' || method === 'PATCH') {
      const ifMatch = headers.get('if-match');
      if (found && ifMatch !== null && Number(ifMatch) !== found.meta.version) {
        return json(409, { message: 'Version conflict: the record changed since it was read.' });
      }
      const t = now();
      if (found) {
        // Fields the form does not send (server-owned, internal) are kept, as the server keeps them.
        found.data = { ...found.data, ...body };
        found.meta = {
          ...found.meta,
          updated_time: t,
          updated_by: backend.session.user.key,
          version: found.meta.version + 1,
        };
        return json(200, found);
      }
      const newKey = key || `00000000-0000-4000-9000-${String(++created).padStart(12, '0')}`;
      const record: WireRecord = {
        key: newKey,
        data: body,
        meta: {
          created_by: backend.session.user.key,
          created_time: t,
          updated_by: backend.session.user.key,
          updated_time: t,
          version: 1,
        },
      };
      list.push(record);
      return json(201, record);
    }
    return json(405, { message: `fixture: ${method} is not answered` });
  }

  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://fixture.test');
    await sleep(backend.latencyMs ?? 0);
    return answer(init?.method ?? 'GET', url, new Headers(init?.headers), init?.body ? String(init.body) : '');
  };
}
