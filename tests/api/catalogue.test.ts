/**
 * Every type the server knows answers meta, create, read and find, with data generated from its own
 * schema (json-schema-faker): the entity files alone make a working API.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import jsf from 'json-schema-faker';
import { loadCatalogue } from '../../server/schemas.ts';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import {
  commsReferences,
  examinedI9Document,
  naming,
  shareOfFile,
  paystubOf,
  ptoReferences,
  ptoTeamOf,
  RECORD_OVERRIDES,
} from '../helpers/generated-records.ts';

let w: DemoWorld;
let staff: Session;
beforeAll(async () => {
  w = await demoWorld();
  // The company's product-staff admin passes every rule but @nobody.
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
    paystubOf(w.emma.user),
    await ptoTeamOf((body) => w.call('POST', '/auth/api/data/groups/', { ...as(staff), body })),
    await shareOfFile((body) => w.call('POST', '/storage/api/data/files/', { ...as(staff), body }), w.emma.user),
    await commsReferences(
      (body) => w.call('POST', '/comms/api/data/channels/', { ...as(staff), body }),
      staff.user,
      w.emma.user,
    ),
  );
});
afterAll(async () => {
  await w.server.stop();
});

jsf.option({
  requiredOnly: true,
  useDefaultValue: true,
  alwaysFakeOptionals: false,
  failOnInvalidTypes: false,
  random: seeded(42),
});

function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function freshUser(): Promise<string> {
  const r = await w.call('POST', '/auth/api/data/users/', {
    ...as(staff),
    body: {
      email: `cat${crypto.randomUUID().slice(0, 8)}@acme.example`,
      display_name: 'Catalogue',
      status: 'active',
      permissions: [],
      is_employee: false,
    },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/** An employee document of the staff caller, for a share request to name. */
async function ownDocument(): Promise<string> {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(staff),
    body: { employee_id: staff.user, display_name: 'Licence', filename: 'licence.pdf' },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

const catalogue = loadCatalogue();
const ownerSigns = (entity: { file: { properties?: Record<string, any> } }) =>
  Object.values(entity.file.properties ?? {}).some((p) => p?.['x-attests']?.signer === '@owner');

/**
 * Rules a generator cannot know (a data rule across fields, an array json-schema-faker builds
 * wrongly): fixed values merged over the generated record.
 */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  ...RECORD_OVERRIDES,
  // Hostnames sit under the product's domains (configuration, not schema).
  'auth/organizations': { ...RECORD_OVERRIDES['auth/organizations'], hostname: 'cataloguetest.dform.app' },
  'auth/organization_redirects': {
    ...RECORD_OVERRIDES['auth/organization_redirects'],
    hostname: 'oldcatalogue.dform.app',
  },
  // json-schema-faker makes some required lists of user keys empty, whatever their minItems.
  // An assignment names users of the company (the caller, below) and a document that exists (a
  // questionnaire here); each person's entry and the status are the server's (server/data/hooks/assignments.ts).
  'hr/assignments': {
    document_id: undefined,
    questionnaire_id: '6f1c1d2e-5b7a-4c1e-9a0b-2f3d4e5f6a7c',
    acknowledgements: [],
    status: 'assigned',
    signature: undefined,
  },
  'hr/share_request': { share_to: ['6f1c1d2e-5b7a-4c1e-9a0b-2f3d4e5f6a7b'] },
};

for (const entity of catalogue.registry.all()) {
  test(`${entity.id}: meta, create, read and find`, async () => {
    const base = `/${entity.module}/api/data`;
    const meta = await w.call('GET', `${base}/meta/${entity.type}`, as(staff));
    assert.equal(meta.status, 200, meta.text);
    assert.equal(meta.body.title, entity.file.title);
    const find = await w.call('POST', `${base}/find/${entity.type}`, { ...as(staff), body: { limit: 5 } });
    const listable = !entity.file['x-access'].list.every((r) => r === '@nobody');
    assert.equal(find.status, listable ? 200 : 403, find.text);

    const creatable = !entity.file['x-access'].create.every((r) => r === '@nobody');
    const schema = meta.body.schema;
    let created: any;
    let last = '';
    for (let attempt = 0; attempt < 5 && !created; attempt++) {
      const data = {
        ...naming(catalogue.bundled(entity), jsf.generate(schema) as Record<string, unknown>, staff.user),
        ...OVERRIDES[entity.id],
      };
      // A form its owner signs (x-attests signer @owner) is made by that owner: staff's own.
      if (entity.file['x-key'] === 'user') data._user_uuid = ownerSigns(entity) ? staff.user : await freshUser();
      // A company's settings are kept for itself or a company under it.
      if (entity.id === 'auth/organization_settings') data.org_id = w.acmeOrg;
      if (entity.id === 'hr/assignments') data.user_ids = [staff.user];
      // People and an employee's document named by these exist in the company (x-ref).
      if (['hr/employee_documents', 'hr/confidential_employee_documents'].includes(entity.id))
        data.employee_id = staff.user;
      if (entity.id === 'hr/secure_files') data.owner_id = staff.user;
      if (entity.id === 'hr/share_request')
        Object.assign(data, { employee_id: staff.user, share_to: [staff.user], document_id: await ownDocument() });
      const r = await w.call('POST', `${base}/${entity.type}/`, { ...as(staff), body: data });
      if (!creatable) {
        assert.equal(r.status, 403, r.text);
        return;
      }
      assert.ok([201, 400].includes(r.status), `${r.status} ${r.text}`);
      if (r.status === 201) created = r.body;
      else last = `${JSON.stringify(data)} -> ${r.text}`;
    }
    assert.ok(created, `${entity.id}: a generated record was accepted within 5 tries; last: ${last}`);
    const read = await w.call('GET', `${base}/${entity.type}/${created.key}`, as(staff));
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body, created);
  });
}
