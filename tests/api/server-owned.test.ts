/**
 * A save keeps what the server owns (API.md: "Fields the server owns ... cannot be set by a
 * client"). Property over every entity with server-owned or sensitive fields: whoever may save a
 * record, saving it back as read (what the generic edit screen does) or patching one field leaves
 * the server-owned values, the sensitive values and the record's creation facts as they were; and a
 * user whose account is saved keeps signing in with their password.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { lastStoredWrite } from '../helpers/at-rest.ts';
import jsf from 'json-schema-faker';
import { Secret, TOTP } from 'otpauth';
import { loadCatalogue } from '../../server/schemas.ts';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import {
  commsReferences,
  examinedI9Document,
  naming,
  hrPeopleOf,
  shareOfFile,
  ptoReferences,
  RECORD_OVERRIDES,
} from '../helpers/generated-records.ts';

let w: DemoWorld;
let staff: Session;
let savers: [string, Session][];

beforeAll(async () => {
  w = await demoWorld();
  staff = await sudoInto(w, w.staff, w.acmeOrg);
  OVERRIDES['payroll/i9_document_copies'] = await examinedI9Document((body) =>
    w.call('POST', '/payroll/api/data/find/i9', { ...as(staff), body }),
  );
  Object.assign(
    OVERRIDES,
    await ptoReferences(
      (type, body) => w.call('POST', `/time/api/data/find/${type}`, { ...as(staff), body }),
      w.emma.user,
    ),
    await shareOfFile((body) => w.call('POST', '/storage/api/data/files/', { ...as(staff), body }), w.emma.user),
    await commsReferences(
      (body) => w.call('POST', '/comms/api/data/channels/', { ...as(staff), body }),
      staff.user,
      w.emma.user,
    ),
  );
  // The HR records name people of the company, and a share request a document of its employee's.
  const document = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(staff),
    body: { employee_id: w.emma.user, display_name: 'Licence', filename: 'licence.pdf' },
  });
  assert.equal(document.status, 201, document.text);
  Object.assign(OVERRIDES, hrPeopleOf(w.emma.user, document.body.key));
  savers = [
    ['product staff', staff],
    ['company admin', w.admin],
    ['payroll manager', w.payroll],
    ['employee', w.emma],
  ];
});
afterAll(async () => {
  await w.server.stop();
});

const USERS = '/auth/api/data/users';
const unique = () => crypto.randomUUID().slice(0, 8);

async function userWithPassword(password: string) {
  const email = `keep.${unique()}@acme.example`;
  const r = await w.call('POST', `${USERS}/`, {
    ...as(w.admin),
    body: { email, display_name: 'Kim Keeper', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(r.status, 201, r.text);
  const set = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: r.body.key, password, password2: password },
  });
  assert.equal(set.status, 200, set.text);
  return { key: r.body.key as string, email };
}

async function signsIn(userid: string, key: string): Promise<number> {
  const r = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid, key } });
  return r.status;
}

describe('a saved account keeps its password', () => {
  const password = 'a long enough secret 42';
  for (const how of ['save of the record as read', 'PATCH of display_name', 'save by product staff'] as const) {
    test(how, async () => {
      const u = await userWithPassword(password);
      assert.equal(await signsIn(u.email, password), 200);
      const by = how === 'save by product staff' ? staff : w.admin;
      const read = await w.call('GET', `${USERS}/${u.key}`, as(by));
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.data.secret, undefined, 'the hash is never answered');
      const saved =
        how === 'PATCH of display_name'
          ? await w.call('PATCH', `${USERS}/${u.key}`, { ...as(by), body: { display_name: 'Kim K.' } })
          : await w.call('POST', `${USERS}/${u.key}`, { ...as(by), body: { ...read.body.data, notes: 'seen' } });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(await signsIn(u.email, password), 200, 'signs in by e-mail after the save');
      assert.equal(await signsIn(u.key, password), 200, 'signs in by user key after the save');
      assert.equal(await signsIn(u.email, 'a wrong password 42'), 401);
    });
  }

  test('a client cannot set the hash through the data API', async () => {
    const u = await userWithPassword(password);
    const r = await w.call('PATCH', `${USERS}/${u.key}`, {
      ...as(w.admin),
      body: { secret: '$argon2id$v=19$m=19456,t=2,p=1$forged$forged' },
    });
    assert.ok([200, 400].includes(r.status), r.text);
    assert.equal(await signsIn(u.email, password), 200);
  });
});

describe('a saved account keeps its authenticator key, byte for byte', () => {
  const password = 'a long enough secret 43';
  /** The key as stored (encrypted), from the last write of the account in the store. */
  async function storedKey(userKey: string): Promise<string> {
    const line = await lastStoredWrite(w.server, userKey, '"authenticator_key"');
    const m = line && /"authenticator_key":"([^"]+)"/.exec(line);
    assert.ok(m, 'the key is stored');
    return m[1];
  }
  const code = (key: string) =>
    TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + 30_000, period: 30, digits: 6 });

  test('saves and PATCHes by the company admin and product staff leave it as it was; the holder still signs in with it', async () => {
    const u = await userWithPassword(password);
    const own = await w.login(w.acmeOrg, u.email, password);
    const set = await w.call('POST', '/auth/api/set_2fa_options', {
      ...as(own),
      body: { '2fa_method': 'authenticator' },
    });
    assert.equal(set.status, 200, set.text);
    const key: string = set.body.authenticator_key;
    const proven = await w.call('POST', '/auth/api/verify_2fa', {
      ...as(own),
      body: { code: TOTP.generate({ secret: Secret.fromBase32(key), period: 30, digits: 6 }) },
    });
    assert.equal(proven.status, 200, proven.text);
    const sealed = await storedKey(u.key);
    assert.ok(!sealed.includes(key), 'stored encrypted');
    for (const by of [w.admin, staff]) {
      const read = await w.call('GET', `${USERS}/${u.key}`, as(by));
      assert.equal(read.body.data.authenticator_key, undefined, 'never answered');
      const saved = await w.call('POST', `${USERS}/${u.key}`, {
        ...as(by),
        body: { ...read.body.data, notes: 'seen' },
      });
      assert.equal(saved.status, 200, saved.text);
      const patched = await w.call('PATCH', `${USERS}/${u.key}`, { ...as(by), body: { display_name: 'Kim K.' } });
      assert.equal(patched.status, 200, patched.text);
      assert.equal(await storedKey(u.key), sealed, 'the same bytes');
    }
    const step = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid: u.email, key: password } });
    assert.equal(step.body.two_factor_required, true);
    const ok = await w.call('POST', '/auth/api/verify_2fa', {
      org: w.acmeOrg,
      body: { challenge: step.body.challenge, code: code(key) },
    });
    assert.equal(ok.status, 200, ok.text);
  });
});

jsf.option({ requiredOnly: true, useDefaultValue: true, alwaysFakeOptionals: false, random: seeded(7) });

function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const catalogue = loadCatalogue();
const ownerSigns = (entity: { file: { properties?: Record<string, any> } }) =>
  Object.values(entity.file.properties ?? {}).some((p) => p?.['x-attests']?.signer === '@owner');
const OVERRIDES: Record<string, Record<string, unknown>> = {
  ...RECORD_OVERRIDES,
  'auth/organizations': { ...RECORD_OVERRIDES['auth/organizations'], hostname: `keep${unique()}.dform.app` },
  'auth/organization_redirects': {
    ...RECORD_OVERRIDES['auth/organization_redirects'],
    hostname: `oldkeep${unique()}.dform.app`,
  },
};

/** Server-owned stamps the server writes anew on every save: who saved, and when. */
const STAMPS: Record<string, { by?: string; time: string }> = {
  'payroll/employer_info': { by: 'updated_by', time: 'last_updated' },
  'payroll/approvals': { time: 'update_time' },
  'comms/comms_profiles': { time: 'last_updated' },
};

/** Top-level fields the schema gives to the server, or marks sensitive (any depth below them). */
function guardedFields(schema: any): string[] {
  const out: string[] = [];
  const holdsSensitive = (node: any): boolean =>
    !!node &&
    typeof node === 'object' &&
    (node['x-sensitive'] !== undefined || Object.values(node).some((v) => holdsSensitive(v)));
  for (const [name, field] of Object.entries<any>(schema.properties ?? {})) {
    if (field['x-server-owned'] === true || field.readOnly === true || holdsSensitive(field)) out.push(name);
  }
  return out;
}

for (const entity of catalogue.registry.all()) {
  const fields = guardedFields(catalogue.bundled(entity));
  if (!fields.length) continue;
  test(`${entity.id}: every role's save keeps ${fields.join(', ')}`, async () => {
    const base = `/${entity.module}/api/data/${entity.type}`;
    const meta = await w.call('GET', `/${entity.module}/api/data/meta/${entity.type}`, as(staff));
    assert.equal(meta.status, 200, meta.text);
    let created: any;
    let last = '';
    for (let attempt = 0; attempt < 20 && !created; attempt++) {
      const data = {
        ...naming(catalogue.bundled(entity), jsf.generate(meta.body.schema) as Record<string, unknown>, staff.user),
        ...OVERRIDES[entity.id],
      };
      // A form its owner signs (x-attests signer @owner) is made by that owner: staff's own.
      if (entity.file['x-key'] === 'user') data._user_uuid = ownerSigns(entity) ? staff.user : w.emma.user;
      if (entity.id === 'auth/organization_settings') data.org_id = w.acmeOrg;
      const r = await w.call('POST', `${base}/`, { ...as(staff), body: data });
      if (r.status === 403) return; // no client creates this type (audit log, sessions...): nothing to save
      if (r.status === 201) created = r.body;
      else last = `${JSON.stringify(data).slice(0, 300)} -> ${r.text.slice(0, 300)}`;
      if (r.status === 409 && entity.file['x-key'] === 'user') {
        created = (await w.call('GET', `${base}/${data._user_uuid}`, as(staff))).body;
      }
    }
    assert.ok(created, `${entity.id}: a generated record was accepted; last: ${last}`);
    const stamp = STAMPS[entity.id];
    let saves = 0;
    for (const [role, who] of savers) {
      const read = await w.call('GET', `${base}/${created.key}`, as(who));
      if (read.status !== 200) continue;
      const kept = (r: any) => ({
        meta: { created_by: r.meta.created_by, created_time: r.meta.created_time },
        fields: Object.fromEntries(
          fields.filter((f) => f !== stamp?.by && f !== stamp?.time).map((f) => [f, r.data[f]]),
        ),
      });
      const asRead = kept(read.body);
      const saved = await w.call('POST', `${base}/${created.key}`, { ...as(who), body: read.body.data });
      if ([403, 404].includes(saved.status)) continue; // this role may not save it
      assert.equal(saved.status, 200, `${role}: ${saved.text}`);
      saves++;
      const again = await w.call('GET', `${base}/${created.key}`, as(who));
      assert.deepEqual(
        kept(again.body),
        asRead,
        `${role}: a save of the record as read changes nothing the server owns`,
      );
      if (stamp?.by) assert.equal(again.body.data[stamp.by], who.user, `${role}: ${stamp.by} names who saved`);
      if (stamp) assert.ok(again.body.data[stamp.time] >= asRead.meta.created_time, `${role}: ${stamp.time} is when`);
      const forged = Object.fromEntries(fields.map((f) => [f, 'forged']));
      const patched = await w.call('PATCH', `${base}/${created.key}`, { ...as(who), body: forged });
      assert.ok([200, 400].includes(patched.status), `${role}: ${patched.text}`);
      const after = await w.call('GET', `${base}/${created.key}`, as(who));
      for (const f of fields) {
        const owned = entity.file.properties[f]?.['x-server-owned'] === true || entity.file.properties[f]?.readOnly;
        if (owned && f !== stamp?.by && f !== stamp?.time) {
          assert.deepEqual(after.body.data[f], asRead.fields[f], `${role}: ${f} stays the server's`);
        }
      }
    }
    const editable = !entity.file['x-access'].edit.every((r: string) => r === '@nobody');
    assert.equal(saves > 0, editable, `${entity.id}: a role may save it exactly when its edit rule lets someone`);
  });
}
