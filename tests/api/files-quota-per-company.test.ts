/**
 * A company's own file limits (docs/files.md "Quotas"): product staff set them on the company's
 * record, raising or lowering the deployment's for that company alone; nobody in the company can;
 * and `GET /storage/api/file_usage` shows a person their own figures, and those who manage the
 * company's files its figures too, moving with each upload, replacement and removal.
 *
 * The deployment allows 2 MiB a company and 1.5 MiB a person; the limits set here are whole MiB.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';
import { client, startServer } from '../helpers/server.ts';
import {
  companyDoc,
  employeeDoc,
  newCompanyDocument,
  putPdf,
  requestedDocument,
  uniquePdf,
} from '../helpers/quota-files.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const DEPLOYMENT = { company: 2 * MiB, person: 1.5 * MiB };
const ENV = { DFORM_FILE_QUOTA_COMPANY: '2MiB', DFORM_FILE_QUOTA_USER: '1536KiB' };
const ORGS = '/auth/api/data/organizations';
const USAGE = '/storage/api/file_usage';

let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld(ENV);
});
afterAll(async () => {
  await w.server.stop();
});

const upload = (who: Session, p: string, size: number, call = w.call) => putPdf(call, who, p, uniquePdf(size));
const newDocument = (who: Session, call = w.call) => newCompanyDocument(call, who);

/** A document of Emma's that HR asks her for, which she attaches herself. */
const emmasDocument = () => requestedDocument(w.call, w.admin, w.emma.user);

interface Figures {
  bytes: number;
  files: number;
  limit: number;
}
interface Usage {
  person: Figures;
  company?: Figures & { name: string };
}

async function usage(who: Session, call = w.call): Promise<Usage> {
  const r = await call('GET', USAGE, as(who));
  assert.equal(r.status, 200, r.text);
  return r.body;
}

/** Product staff change a company's record (in the root organization, its parent). */
async function setLimits(org: string, fields: Record<string, number | null>, call = w.call) {
  const r = await call('PATCH', `${ORGS}/${org}`, { ...as(w.staff), body: fields });
  assert.equal(r.status, 200, r.text);
  return r.body.data as Record<string, unknown>;
}

/** Product staff save the company's record whole without its limits: the deployment's hold again. */
async function clearLimits(org: string) {
  const read = await w.call('GET', `${ORGS}/${org}`, as(w.staff));
  assert.equal(read.status, 200, read.text);
  const { file_storage_mib: _c, file_uploads_per_person_mib: _p, ...rest } = read.body.data;
  const r = await w.call('POST', `${ORGS}/${org}`, { ...as(w.staff), body: rest });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.file_storage_mib, undefined);
  assert.equal(r.body.data.file_uploads_per_person_mib, undefined);
}

const REMEDY = 'Remove files you no longer need, or ask product staff for more room.';

describe('usage, as each person sees it', () => {
  test('the figures move with an upload, a replacement and a removal', async () => {
    const before = await usage(w.admin);
    assert.deepEqual(
      { person: before.person.limit, company: before.company?.limit, name: before.company?.name },
      { person: DEPLOYMENT.person, company: DEPLOYMENT.company, name: 'Acme Demo' },
    );
    const doc = await newDocument(w.admin);
    assert.equal((await upload(w.admin, companyDoc(doc), 100 * KiB)).status, 200);
    let now = await usage(w.admin);
    assert.deepEqual([now.person.bytes - before.person.bytes, now.person.files - before.person.files], [100 * KiB, 1]);
    assert.deepEqual(
      [now.company!.bytes - before.company!.bytes, now.company!.files - before.company!.files],
      [100 * KiB, 1],
    );
    assert.equal((await upload(w.admin, companyDoc(doc), 30 * KiB)).status, 200, 'a replacement');
    now = await usage(w.admin);
    assert.deepEqual([now.person.bytes - before.person.bytes, now.person.files - before.person.files], [30 * KiB, 1]);
    assert.deepEqual(
      [now.company!.bytes - before.company!.bytes, now.company!.files - before.company!.files],
      [30 * KiB, 1],
    );
    assert.equal((await w.call('DELETE', companyDoc(doc), as(w.admin))).status, 204);
    assert.deepEqual(await usage(w.admin), before, 'the removal gives it all back');
  });

  test("an employee sees only her own figures; her upload moves hers and the company's", async () => {
    const admin0 = await usage(w.admin);
    const emma0 = await usage(w.emma);
    assert.deepEqual(Object.keys(emma0), ['person'], 'no company figures for an employee');
    assert.equal(emma0.person.limit, DEPLOYMENT.person);
    const doc = await emmasDocument();
    assert.equal((await upload(w.emma, employeeDoc(doc), 40 * KiB)).status, 200);
    const emma1 = await usage(w.emma);
    assert.deepEqual(Object.keys(emma1), ['person']);
    assert.equal(emma1.person.bytes - emma0.person.bytes, 40 * KiB);
    const admin1 = await usage(w.admin);
    assert.equal(admin1.company!.bytes - admin0.company!.bytes, 40 * KiB);
    assert.equal(admin1.person.bytes, admin0.person.bytes, "Emma's file is not the admin's");
    assert.equal((await w.call('DELETE', employeeDoc(doc), as(w.admin))).status, 204);
    assert.equal((await usage(w.emma)).person.bytes, emma0.person.bytes);
  });

  test('the payroll manager, who manages payroll documents, sees the company too', async () => {
    const r = await usage(w.payroll);
    assert.equal(r.company?.name, 'Acme Demo');
  });

  test('a signed-out caller is refused', async () => {
    assert.equal((await w.call('GET', USAGE, { org: w.acmeOrg })).status, 401);
  });
});

describe('limits per company', () => {
  let other: string;
  let otherAdmin: Session;
  const kept: string[] = [];

  beforeAll(async () => {
    other = await createCompany(w, 'Globex Storage', `globex${randomUUID().slice(0, 8)}.dform.app`, ['auth', 'hr']);
    otherAdmin = await sudoInto(w, w.staff, other);
  });

  test("another company's figures are never answered", async () => {
    const theirs = await usage(otherAdmin);
    assert.equal(theirs.company?.name, 'Globex Storage');
    assert.equal(theirs.company?.bytes, 0);
    // Acme's session naming Globex, and Globex's naming Acme: neither is answered.
    for (const [who, org] of [
      [w.admin, other],
      [otherAdmin, w.acmeOrg],
    ] as const) {
      const r = await w.call('GET', USAGE, { org, token: who.token });
      assert.equal(r.status, 401, r.text);
      assert.doesNotMatch(r.text, /bytes/);
    }
  });

  test('Acme filled to the deployment limit refuses the next file', async () => {
    // The admin 1 MiB, Emma 1 MiB: the 2 MiB the deployment allows.
    const doc = await newDocument(w.admin);
    assert.equal((await upload(w.admin, companyDoc(doc), MiB)).status, 200);
    kept.push(doc);
    const emmas = await emmasDocument();
    const base = (await usage(w.admin)).company!.bytes;
    assert.equal((await upload(w.emma, employeeDoc(emmas), 2 * MiB - base)).status, 200);
    const r = await upload(w.admin, companyDoc(await newDocument(w.admin)), 512 * KiB);
    assert.equal(r.status, 413, r.text);
    assert.equal(
      r.body.errors[0].message,
      `Acme Demo's files use 2 MiB of 2 MiB: this 512 KiB file does not fit. ${REMEDY}`,
    );
  });

  test('product staff give Acme more room: the refused file now fits, other companies keep the default', async () => {
    const data = await setLimits(w.acmeOrg, { file_storage_mib: 3 });
    assert.equal(data.file_storage_mib, 3);
    const doc = await newDocument(w.admin);
    assert.equal((await upload(w.admin, companyDoc(doc), 512 * KiB)).status, 200);
    kept.push(doc);
    const acme = await usage(w.admin);
    assert.deepEqual([acme.company!.bytes, acme.company!.limit], [2.5 * MiB, 3 * MiB]);
    assert.equal(acme.person.limit, DEPLOYMENT.person, 'the per-person limit is still the deployment’s');
    const globex = await usage(otherAdmin);
    assert.deepEqual([globex.company!.limit, globex.person.limit], [DEPLOYMENT.company, DEPLOYMENT.person]);
    const big = await newDocument(otherAdmin);
    const r = await upload(otherAdmin, companyDoc(big), 1.5 * MiB + KiB);
    assert.equal(r.status, 413, 'Globex keeps the deployment’s 1.5 MiB a person');
    assert.match(
      r.body.errors[0].message,
      /^Your files use 0 bytes of the 1.5 MiB one person may upload to Globex Storage:/,
    );
  });

  test('a limit lowered below what Acme keeps: its files stay, new growth is refused naming the new limit', async () => {
    await setLimits(w.acmeOrg, { file_storage_mib: 2 });
    const r = await upload(w.admin, companyDoc(await newDocument(w.admin)), KiB);
    assert.equal(r.status, 413, r.text);
    assert.equal(
      r.body.errors[0].message,
      `Acme Demo's files use 2.5 MiB of 2 MiB: this 1 KiB file does not fit. ${REMEDY}`,
    );
    for (const key of kept) assert.equal((await w.call('GET', companyDoc(key), as(w.admin))).status, 200, 'kept');
    assert.deepEqual(
      [(await usage(w.admin)).company!.bytes, (await usage(w.admin)).company!.limit],
      [2.5 * MiB, 2 * MiB],
    );
    // A smaller replacement shrinks the company and is kept, though still past its limit.
    assert.equal((await upload(w.admin, companyDoc(kept[1]), 256 * KiB)).status, 200);
    assert.equal((await usage(w.admin)).company!.bytes, 2.25 * MiB);
  });

  test("the per-person limit, set and cleared: the deployment's applies again", async () => {
    await setLimits(w.acmeOrg, { file_storage_mib: 10, file_uploads_per_person_mib: 1 });
    // The admin keeps 1.25 MiB, past the 1 MiB now allowed to one person.
    const admin = await usage(w.admin);
    assert.deepEqual([admin.person.bytes, admin.person.limit, admin.company!.limit], [1.25 * MiB, MiB, 10 * MiB]);
    const r = await upload(w.admin, companyDoc(await newDocument(w.admin)), KiB);
    assert.equal(r.status, 413, r.text);
    assert.equal(
      r.body.errors[0].message,
      `Your files use 1.2 MiB of the 1 MiB one person may upload to Acme Demo: this 1 KiB file does not fit. ${REMEDY}`,
    );
    assert.equal((await usage(w.emma)).person.limit, MiB, "Emma's limit too");
    await clearLimits(w.acmeOrg);
    const back = await usage(w.admin);
    assert.deepEqual([back.person.limit, back.company!.limit], [DEPLOYMENT.person, DEPLOYMENT.company]);
    // The deployment's 1.5 MiB a person, but the company at 2.25 MiB of 2: still refused, by the company.
    const again = await upload(w.admin, companyDoc(await newDocument(w.admin)), KiB);
    assert.equal(again.status, 413);
    assert.match(again.body.errors[0].message, /^Acme Demo's files use 2.2 MiB of 2 MiB/);
  });

  test('nobody in the company can give it more room', async () => {
    const before = await usage(w.admin);
    // Its own record is kept by its parent (the root organization): not in the company's reach.
    for (const method of ['PATCH', 'POST'] as const) {
      const r = await w.call(method, `${ORGS}/${w.acmeOrg}`, { ...as(w.admin), body: { file_storage_mib: 100 } });
      assert.ok([403, 404].includes(r.status), `${method} ${r.status} ${r.text}`);
    }
    // Nor through the settings records a company admin writes, nor its own account.
    const prefs = await w.call('POST', '/auth/api/data/organization_preferences/', {
      ...as(w.admin),
      body: { module: 'hr', name: 'storage', attributes: { file_storage_mib: 100, file_uploads_per_person_mib: 100 } },
    });
    assert.ok([201, 400].includes(prefs.status), prefs.text);
    const settings = await w.call('POST', '/auth/api/data/organization_settings/', {
      ...as(w.admin),
      body: { module: 'hr', name: 'storage', attributes: { file_storage_mib: 100 } },
    });
    assert.equal(settings.status, 403, settings.text);
    const self = await w.call('PATCH', `/auth/api/data/users/${w.admin.user}`, {
      ...as(w.admin),
      body: { file_storage_mib: 100 },
    });
    assert.equal(self.status, 400, self.text);
    // Nor the product-staff account the admin does not hold: no permission to grant.
    const grant = await w.call('PATCH', `/auth/api/data/users/${w.admin.user}`, {
      ...as(w.admin),
      body: { permissions: ['AUTH:CanManageOrganizations'] },
    });
    assert.equal(grant.status, 400, grant.text);
    const after = await usage(w.admin);
    assert.deepEqual([after.company!.limit, after.person.limit], [before.company!.limit, before.person.limit]);
    assert.equal((await upload(w.admin, companyDoc(await newDocument(w.admin)), KiB)).status, 413, 'still full');
  });

  test('a reseller managing its client companies cannot set their limits; product staff can', async () => {
    // Product staff let a Globex user manage companies; that user makes a client company.
    const email = `reseller.${randomUUID().slice(0, 8)}@globex.example`;
    const u = await w.call('POST', '/auth/api/data/users/', {
      ...as(otherAdmin),
      body: {
        email,
        display_name: 'Rita Reseller',
        status: 'active',
        permissions: ['AUTH:CanManageOrganizations'],
        is_employee: false,
      },
    });
    assert.equal(u.status, 201, u.text);
    const p = await w.call('POST', '/auth/api/set_user_password', {
      ...as(otherAdmin),
      body: { user_id: u.body.key, password: 'reseller-pass-1', password2: 'reseller-pass-1' },
    });
    assert.equal(p.status, 200, p.text);
    const rita = await w.login(other, email, 'reseller-pass-1');
    const host = `client${randomUUID().slice(0, 8)}`;
    const client = await w.call('POST', `${ORGS}/`, {
      ...as(rita),
      body: {
        name: 'Client Co',
        admin_email: `admin@${host}.example`,
        active_modules: ['auth', 'hr'],
        status: 'active',
        parent_organization: other,
      },
    });
    assert.equal(client.status, 201, client.text);
    const raised = await w.call('PATCH', `${ORGS}/${client.body.key}`, {
      ...as(rita),
      body: { file_storage_mib: 1000 },
    });
    assert.equal(raised.status, 400, raised.text);
    assert.deepEqual(raised.body.errors, [
      { path: '/file_storage_mib', message: "Only product staff may change a company's file storage limits." },
    ]);
    const created = await w.call('POST', `${ORGS}/`, {
      ...as(rita),
      body: {
        name: 'Client Two',
        admin_email: `admin@two${host}.example`,
        active_modules: ['auth', 'hr'],
        status: 'active',
        parent_organization: other,
        file_uploads_per_person_mib: 1000,
      },
    });
    assert.ok(created.status === 400 || created.body.data?.file_uploads_per_person_mib === undefined, created.text);
    // Product staff, in Globex by sudo, may.
    const staffThere = await w.call('PATCH', `${ORGS}/${client.body.key}`, {
      ...as(otherAdmin),
      body: { file_storage_mib: 5 },
    });
    assert.equal(staffThere.status, 200, staffThere.text);
    assert.equal(staffThere.body.data.file_storage_mib, 5);
  });

  test('a limit is a whole number of MiB within its bounds', async () => {
    for (const [value, message] of [
      [0, 'File storage must be at least 1 MiB.'],
      [10485761, 'File storage can be at most 10485760 MiB (10 TiB).'],
      [1.5, 'File storage is a whole number of MiB.'],
    ] as const) {
      const r = await w.call('PATCH', `${ORGS}/${w.acmeOrg}`, { ...as(w.staff), body: { file_storage_mib: value } });
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(r.body.errors, [{ path: '/file_storage_mib', message }]);
    }
  });
});

test.runIf(process.env.DFORM_TEST_PG_URL)(
  "over PostgreSQL, a limit set through one process holds for the company's next upload through another",
  async () => {
    const second = await startServer({
      dataDir: w.server.dataDir,
      env: { DATABASE_URL: w.server.databaseUrl!, ...ENV },
    });
    try {
      const other = client(second.url);
      const doc = await newDocument(w.admin);
      const used = (await usage(w.admin, other)).company!.bytes;
      // Room for exactly one more MiB, then none: set through the first process, each time
      // followed at once by an upload through the second.
      await setLimits(w.acmeOrg, { file_storage_mib: Math.ceil(used / MiB) + 1, file_uploads_per_person_mib: 100 });
      const room = (await usage(w.admin, other)).company!;
      assert.equal((await upload(w.admin, companyDoc(doc), room.limit - room.bytes, other)).status, 200);
      await setLimits(w.acmeOrg, { file_storage_mib: 100 });
      assert.equal((await upload(w.admin, companyDoc(await newDocument(w.admin, other)), MiB, other)).status, 200);
      await setLimits(w.acmeOrg, { file_storage_mib: 1 });
      const r = await upload(w.admin, companyDoc(await newDocument(w.admin, other)), KiB, other);
      assert.equal(r.status, 413, r.text);
      assert.match(r.body.errors[0].message, /of 1 MiB: this 1 KiB file does not fit/);
    } finally {
      await second.stop();
    }
  },
);
