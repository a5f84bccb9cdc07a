/**
 * What a user deleted for good (POST /auth/api/delete_user, docs/api-notes.md) leaves behind in the
 * other modules: the records that are theirs go with the account in its commit; lists that name
 * them among others name them no more; a PTO approver gone leaves the employee to the team's
 * approvers; a channel they owned passes to the next of its admins or members; their pay statements
 * keep the account while payroll must keep them. In-process, to place a delivered notification as
 * the sending queue would (the API makes none).
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { LAST_USER_MANAGER } from '../../server/auth/user-managers.ts';
import { AUDIT_COLLECTION } from '../../server/data/audit.ts';
import { claimKey } from '../../server/data/unique.ts';
import { SYSTEM, type Services } from '../../server/services.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { inProcessDemo } from '../helpers/in-process.ts';
import { deliveredNotification } from '../helpers/comms.ts';

type Call = Awaited<ReturnType<typeof inProcessDemo>>['call'];
interface Who {
  org: string;
  token: string;
  user: string;
}

const DAY = 86_400;
const YEAR = 365 * DAY;
let services: Services;
let acme: string;
let call: Call;
let close: () => Promise<void>;
/** The product-staff admin inside the demo company (deletes users, makes plans). */
let staff: Who;
/** A colleague who stays: a PTO manager, HR manager and COMMS user. */
let olly: Who;
let plan = '';

const as = (who: Who) => ({ org: who.org, token: who.token });

async function ok(method: string, path: string, who: Who, body?: unknown): Promise<any> {
  const r = await call(method, path, { ...as(who), body });
  assert.ok(r.status >= 200 && r.status < 300, `${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
}
const made = async (who: Who, type: string, body: unknown): Promise<string> =>
  (await ok('POST', `/${type.replace('/', '/api/data/')}/`, who, body)).key as string;
const read = (who: Who, type: string, key: string) =>
  call('GET', `/${type.replace('/', '/api/data/')}/${key}`, as(who));

let seq = 0;
/** A new person of the demo company with these permissions, signed in. */
async function person(name: string, permissions: string[] = []): Promise<Who & { name: string }> {
  const tag = `${++seq}${crypto.randomUUID().slice(0, 6)}`;
  const email = `${name.toLowerCase()}.${tag}@acme.example`;
  const display = `${name} ${tag}`;
  const u = await ok('POST', '/auth/api/data/users/', staff, {
    email,
    display_name: display,
    status: 'active',
    is_employee: true,
    employee_id: `G-${tag}`,
    permissions: [
      'PAYROLL:CanUseModule',
      'HR:CanUseModule',
      'TIME:CanUseModule',
      'TIME:CanUsePTO',
      'COMMS:CanManageNotificationRoutes',
      ...permissions,
    ],
  });
  await ok('POST', '/auth/api/set_user_password', staff, {
    user_id: u.key,
    password: 'leftover-pass-1',
    password2: 'leftover-pass-1',
  });
  const r = await call('POST', '/auth/api/login', { org: acme, body: { userid: email, key: 'leftover-pass-1' } });
  assert.equal(r.status, 200, r.text);
  return { org: acme, token: r.body.token, user: u.key, name: display };
}

function deleteUser(who: { user: string; name: string }) {
  return call('POST', '/auth/api/delete_user', {
    ...as(staff),
    body: { user_id: who.user, confirm_name: who.name },
  });
}

/** A notification delivered to `recipient`, as the sending queue writes one (tests/helpers/comms.ts). */
const delivered = (recipient: string) => deliveredNotification(services.storage, acme, recipient);

/** A pay statement of `employee` paid on `payDate`, written by payroll. */
const statement = (employee: string, payDate: number, number: string) =>
  made(staff, 'payroll/paystubs', {
    employee_id: employee,
    statement_number: number,
    pay_date: payDate,
    period_start: payDate - 14 * DAY,
    period_end: payDate - 2 * DAY,
    pay_frequency: 'Bi-Weekly',
    earnings: [{ description: 'Regular', hours: 80, rate: 25, current: 2000, ytd: 2000 }],
    taxes: [{ description: 'Federal income tax', current: 200, ytd: 200 }],
    gross_pay: 2000,
    total_taxes: 200,
    total_deductions: 0,
    net_pay: 1800,
  });

/** Every record of `collection` in the demo company, as stored. */
async function stored(collection: string) {
  return (await services.storage.find(collection, acme, { criteria: [], limit: Infinity, offset: 0 })).items;
}
/** Who made or decided a record is its history, as the audit trail is: kept. */
const AUTHORSHIP = new Set(['created_by', 'requested_by', 'assigned_by', 'sent_by']);
const naming = (data: unknown, key: string) =>
  JSON.stringify(data, (field, value) => (AUTHORSHIP.has(field) ? undefined : value)).includes(key);

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-user-leftovers-'));
  const root = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(root.status, 200, root.text);
  const sudo = await call('POST', `/auth/api/sudo_login?organization_id=${acme}`, {
    token: root.body.token,
    body: { organization_id: acme },
  });
  assert.equal(sudo.status, 200, sudo.text);
  const entered = await call('POST', '/auth/api/login', {
    org: acme,
    body: { userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' },
  });
  assert.equal(entered.status, 200, entered.text);
  staff = { org: acme, token: entered.body.token, user: entered.body.session.user.key };
  olly = await person('Olly', ['TIME:CanManagePTO', 'HR:CanManageModule']);
  plan = await made(staff, 'time/pto_plan', {
    name: 'Leftover vacation',
    plan_type: 'Vacation',
    calc_period: 'payroll',
    status: 'active',
  });
});
afterAll(() => close());

describe('a user deleted for good', () => {
  test('takes their PTO, COMMS and HR records with them, and leaves the lists that named them', async () => {
    const gina = await person('Gina');
    const pia = await person('Pia');
    const start = Math.floor(Date.now() / 1000 / DAY) * DAY + 40 * DAY;

    // PTO: Gina's enrolment, ledger, balance and request; Pia's approver is Gina; a team's approvers.
    await ok('PATCH', `/time/api/data/pto_employee/${gina.user}`, olly, { status: 'active', plan_ids: [plan] });
    await ok('PATCH', `/time/api/data/pto_employee/${pia.user}`, olly, {
      status: 'active',
      plan_ids: [plan],
      approver_id: gina.user,
      notes: 'Night shift',
    });
    await made(olly, 'time/pto_register', {
      user_id: gina.user,
      plan_id: plan,
      action: 'credit',
      type: 'manual_adjustment',
      hours: 40,
      effective_date: start - 10 * DAY,
    });
    const request = await made(gina, 'time/pto_request', {
      user_id: gina.user,
      plan_id: plan,
      start_date: start,
      end_date: start,
      hours: 8,
    });
    const team = await made(staff, 'auth/groups', { name: `Team ${gina.name}`, users: [gina.user, pia.user] });
    const prefs = await made(olly, 'time/pto_prefs', { team_id: team, approvers: [gina.user, olly.user] });
    assert.equal((await stored('time/pto_balance')).filter((b) => b.data.user_id === gina.user).length, 1);

    // COMMS: a channel Gina owns with Pia in it, Pia's channel with Gina in it, a direct channel,
    // a request to join, notifications and a route naming her, her notification, profile and preference.
    const hers = await made(gina, 'comms/channels', {
      name: `Gina's ${gina.name}`,
      owner: gina.user,
      type: 'group',
      status: 'active',
    });
    await made(gina, 'comms/channel_members', { channel_id: hers, user_id: gina.user, type: 'admin' });
    await made(pia, 'comms/channel_members', { channel_id: hers, user_id: pia.user, type: 'member' });
    await made(pia, 'comms/messages', { channel_id: hers, message: 'Hello' });
    const lonely = await made(gina, 'comms/channels', {
      name: `Gina alone ${gina.name}`,
      owner: gina.user,
      type: 'private',
      status: 'active',
    });
    // Her channel where only she is, with what she said: it stays, the product-staff account's to archive.
    const said = await made(gina, 'comms/channels', {
      name: `Gina's notes ${gina.name}`,
      owner: gina.user,
      type: 'private',
      status: 'active',
    });
    await made(gina, 'comms/messages', { channel_id: said, message: 'Minutes of Monday' });
    const pias = await made(pia, 'comms/channels', {
      name: `Pia's ${pia.name}`,
      owner: pia.user,
      type: 'group',
      status: 'active',
      invite_only: true,
    });
    const membership = await made(pia, 'comms/channel_members', {
      channel_id: pias,
      user_id: gina.user,
      type: 'member',
    });
    const closed = await made(pia, 'comms/channels', {
      name: `Pia's closed ${pia.name}`,
      owner: pia.user,
      type: 'group',
      status: 'active',
      invite_only: true,
    });
    const asked = await made(gina, 'comms/membership_requests', {
      channel_id: closed,
      user_id: gina.user,
      type: 'request',
    });
    const direct = await made(pia, 'comms/channels', {
      name: `Pia and Gina ${pia.name}`,
      owner: pia.user,
      type: 'private',
      status: 'active',
      direct_members: [gina.user, olly.user],
    });
    const content = { module: 'payroll', message_type: 'reminder', data: { app: { message: 'W-4 due' } } };
    const toBoth = await made(olly, 'comms/notifications', { ...content, recipients: [gina.user, pia.user] });
    const toHer = await made(olly, 'comms/notifications', { ...content, recipients: [gina.user] });
    const route = await made(olly, 'comms/notification_routes', {
      module: 'payroll',
      message_type: 'reminder',
      recipients: [gina.user, olly.user],
    });
    const herRoute = await made(olly, 'comms/notification_routes', {
      module: 'time',
      message_type: 'reminder',
      recipients: [gina.user],
    });
    const note = await delivered(gina.user);
    const profile = await made(gina, 'comms/comms_profiles', { user_id: gina.user, display_name: 'Gina G' });
    const pref = await made(gina, 'comms/notification_prefs', {
      user_id: gina.user,
      module: 'payroll',
      message_type: 'reminder',
      delivery: { app: true, email: false, text: false },
    });

    // HR: assignments to Gina and Pia (Pia's done), to Gina alone; a secure file sent to Gina;
    // share requests naming Gina among others, alone, and of her own document.
    const handbook = await made(staff, 'hr/documents', {
      display_name: 'Handbook',
      filename: 'handbook.pdf',
      view_type: 'file',
      published: true,
    });
    const assignment = (user_ids: string[]) =>
      made(olly, 'hr/assignments', { user_ids, document_id: handbook, document_type: 'documents', status: 'assigned' });
    const shared = await assignment([gina.user, pia.user]);
    const entries = (await read(pia, 'hr/assignments', shared)).body.data.acknowledgements as {
      user_id: string;
      status: string;
    }[];
    await ok('PATCH', `/hr/api/data/assignments/${shared}`, pia, {
      acknowledgements: entries.map((e) => (e.user_id === pia.user ? { ...e, status: 'completed' } : e)),
    });
    assert.equal((await read(olly, 'hr/assignments', shared)).body.data.status, 'viewed');
    const alone = await assignment([gina.user]);
    const secure = await made(pia, 'hr/secure_files', {
      owner_id: gina.user,
      sender_name: 'Pia',
      email: 'pia@acme.example',
      filename: 'w2.pdf',
    });
    const piasDocument = await made(olly, 'hr/employee_documents', {
      employee_id: pia.user,
      display_name: 'Licence',
      filename: 'licence.pdf',
    });
    const ginasDocument = await made(olly, 'hr/employee_documents', {
      employee_id: gina.user,
      display_name: 'Licence',
      filename: 'licence.pdf',
    });
    const shareRequest = (employee: Who, document: string, share_to: string[]) =>
      made(employee, 'hr/share_request', {
        document_id: document,
        document_type: 'employee_documents',
        employee_id: employee.user,
        share_to,
      });
    const toGinaAndOlly = await shareRequest(pia, piasDocument, [gina.user, olly.user]);
    const toGina = await shareRequest(pia, piasDocument, [gina.user]);
    const ginasOwn = await shareRequest(gina, ginasDocument, [pia.user]);

    // Payroll and accounts: her W-9 and an approval waiting for her, her options and a partner's
    // link of hers; Pia's direct managers, a hire's direct manager and a group's manager are her.
    await ok('POST', `/payroll/api/data/w9/${gina.user}`, staff, {
      name: 'Gina G',
      federal_tax_classification: 'individual',
      address: '1 Elm Street',
      city_state_zip: 'Springfield, IL 62704',
      tin_type: 'ssn',
      tin: '512-48-3927',
    });
    const approval = await made(staff, 'payroll/approvals', {
      employee: gina.user,
      approvals_needed: ['w4'],
      approval_type: 'admin',
      confirmation_code: '1234',
    });
    const options = await made(gina, 'auth/user_options', { user_id: gina.user, module: 'payroll', attributes: {} });
    const link = crypto.randomUUID();
    const hire = crypto.randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const meta = { created_by: staff.user, created_time: now, updated_by: staff.user, updated_time: now, version: 1 };
    await services.storage.commit([
      {
        op: 'put',
        expectVersion: 0,
        record: {
          collection: 'auth/cross_org_accounts',
          org: acme,
          key: link,
          data: {
            org_id: crypto.randomUUID(),
            user_id: gina.user,
            org_user_id: crypto.randomUUID(),
            login_type: 'limited',
          },
          meta,
        },
      },
      {
        op: 'put',
        expectVersion: 0,
        record: {
          collection: 'payroll/onboarding_user',
          org: acme,
          key: hire,
          data: { first_name: 'Hal', last_name: 'Hire', email: `hal.${hire}@acme.example`, direct_manager: gina.user },
          meta,
        },
      },
    ]);
    await ok('POST', `/payroll/api/data/employee/${pia.user}`, staff, {
      first_name: 'Pia',
      last_name: 'Probe',
      email: `pia.${pia.user}@acme.example`,
      direct_managers: [gina.user, olly.user],
    });
    const managed = await made(staff, 'auth/groups', {
      name: `Managed ${gina.name}`,
      users: [pia.user],
      manager: gina.user,
    });

    // Pay statements paid more than four years ago: past what payroll must keep.
    const oldStub = await statement(gina.user, Math.floor(Date.now() / 1000) - 5 * YEAR, 'OLD-1');

    const gone = await deleteUser(gina);
    assert.equal(gone.status, 200, gone.text);
    const removed = gone.body.removed as string[];

    // Gina's own records went, each listed and audited.
    const own = [
      `time/pto_employee/${gina.user}`,
      `time/pto_request/${request}`,
      `comms/channel_members/${membership}`,
      `comms/membership_requests/${asked}`,
      `comms/user_notifications/${note}`,
      `comms/comms_profiles/${profile}`,
      `comms/notification_prefs/${pref}`,
      `hr/secure_files/${secure}`,
      `hr/share_request/${ginasOwn}`,
      `payroll/paystubs/${oldStub}`,
      `payroll/w9/${gina.user}`,
      `payroll/approvals/${approval}`,
      `auth/user_options/${options}`,
      `auth/cross_org_accounts/${link}`,
      // Lists that named her alone: they name nobody, and went.
      `comms/notifications/${toHer}`,
      `comms/notification_routes/${herRoute}`,
      `hr/assignments/${alone}`,
      `hr/share_request/${toGina}`,
      // Her channel with nobody else in it and nothing said.
      `comms/channels/${lonely}`,
    ];
    for (const r of own) assert.ok(removed.includes(r), `${r} in ${gone.text}`);
    for (const r of own) {
      const [module, type, key] = r.split('/');
      assert.equal(await services.storage.get(`${module}/${type}`, acme, key), undefined, `${r} is gone`);
    }
    for (const collection of ['time/pto_balance', 'time/pto_register', 'time/pto_request']) {
      const left = (await stored(collection)).filter((x) => x.data.user_id === gina.user);
      assert.deepEqual(left, [], `${collection}: nothing of hers left`);
    }
    const audits = (await stored(AUDIT_COLLECTION)).filter((a) => a.data.affected_user === gina.user);
    for (const r of own) {
      const [module, type, key] = r.split('/');
      assert.ok(
        audits.some((a) => {
          const d = a.data as { origin_module: string; action_type: string; detail: { type: string; key: string } };
          return (
            d.origin_module === module && d.action_type === 'delete' && d.detail.type === type && d.detail.key === key
          );
        }),
        `an audit entry for ${r}`,
      );
    }

    // Pia's enrolment keeps everything but the approver: her requests go to the team's approvers.
    const piaPto = await read(olly, 'time/pto_employee', pia.user);
    assert.equal(piaPto.status, 200, piaPto.text);
    assert.equal(piaPto.body.data.approver_id, undefined);
    assert.equal(piaPto.body.data.notes, 'Night shift');
    assert.deepEqual((await read(olly, 'time/pto_prefs', prefs)).body.data.approvers, [olly.user]);

    // Pia keeps Olly as her manager; the hire and the group have none now, for someone to choose.
    assert.deepEqual((await read(staff, 'payroll/employee', pia.user)).body.data.direct_managers, [olly.user]);
    assert.equal((await services.storage.get('payroll/onboarding_user', acme, hire))?.data.direct_manager, undefined);
    const group = await read(staff, 'auth/groups', managed);
    assert.equal(group.status, 200, group.text);
    assert.equal(group.body.data.manager, undefined);
    assert.deepEqual(group.body.data.users, [pia.user]);

    // Her channel passes to the next person in it, with what was said; Pia's channels name her no more.
    const passed = await read(pia, 'comms/channels', hers);
    assert.equal(passed.status, 200, passed.text);
    assert.equal(passed.body.data.owner, pia.user);
    assert.equal((await read(pia, 'comms/channels', direct)).body.data.direct_members.join(), olly.user);
    assert.equal((await read(staff, 'comms/channels', said)).body.data.owner, staff.user);
    assert.equal((await read(olly, 'comms/notifications', toBoth)).body.data.recipients.join(), pia.user);
    assert.equal((await read(olly, 'comms/notification_routes', route)).body.data.recipients.join(), olly.user);
    // Her place in Pia's channel is free again: a person of that name could be added anew.
    const members = (await stored('comms/channel_members')).filter((m) => m.data.channel_id === pias);
    assert.deepEqual(members, []);
    const claim = claimKey(services, acme, 'channel_member', `${pias}:${gina.user}`);
    assert.equal(await services.storage.get(SYSTEM.unique, acme, claim), undefined, 'the claim released');
    const profileClaim = claimKey(services, acme, 'comms_profile', gina.user);
    assert.equal(await services.storage.get(SYSTEM.unique, acme, profileClaim), undefined, "her profile's claim too");

    // The assignment keeps Pia and her entry, its status now hers alone.
    const left = (await read(olly, 'hr/assignments', shared)).body.data;
    assert.deepEqual(left.user_ids, [pia.user]);
    assert.deepEqual(
      left.acknowledgements.map((e: { user_id: string }) => e.user_id),
      [pia.user],
    );
    assert.equal(left.status, 'completed');
    assert.deepEqual((await read(olly, 'hr/share_request', toGinaAndOlly)).body.data.share_to, [olly.user]);

    // Nothing of the company's records names her any more (the audit trail and authorship aside).
    for (const collection of [
      'time/pto_employee',
      'time/pto_prefs',
      'time/pto_balance',
      'time/pto_register',
      'time/pto_request',
      'comms/channels',
      'comms/channel_members',
      'comms/membership_requests',
      'comms/notifications',
      'comms/notification_routes',
      'comms/user_notifications',
      'comms/comms_profiles',
      'comms/notification_prefs',
      'hr/assignments',
      'hr/secure_files',
      'hr/share_request',
      'payroll/paystubs',
      'payroll/w9',
      'payroll/approvals',
      'payroll/employee',
      'payroll/onboarding_user',
      'auth/user_options',
      'auth/cross_org_accounts',
      'auth/groups',
    ]) {
      const naming_ = (await stored(collection)).filter((r) => naming(r.data, gina.user));
      assert.deepEqual(
        naming_.map((r) => r.key),
        [],
        `${collection} names her no more`,
      );
    }
  });

  test('whose pay statements payroll must still keep is not deleted, and nothing of theirs goes', async () => {
    const rae = await person('Rae');
    const paid = Math.floor(Date.now() / 1000) - 30 * DAY;
    const stub = await statement(rae.user, paid, 'KEEP-1');
    const request = await made(rae, 'time/pto_request', {
      user_id: rae.user,
      plan_id: plan,
      start_date: Math.floor(Date.now() / 1000 / DAY) * DAY + 90 * DAY,
      end_date: Math.floor(Date.now() / 1000 / DAY) * DAY + 90 * DAY,
      hours: 8,
    });
    const r = await deleteUser(rae);
    assert.equal(r.status, 409, r.text);
    const until = new Date(paid * 1000);
    until.setUTCFullYear(until.getUTCFullYear() + 4);
    const [y, m, d] = until.toISOString().slice(0, 10).split('-');
    assert.equal(
      r.body.message,
      `The user's pay statements must be kept, so the user cannot be deleted yet. Pay statements are kept until ${m}/${d}/${y} (4 years after the last pay date).`,
    );
    assert.equal((await read(staff, 'auth/users', rae.user)).status, 200, 'the account stays');
    assert.equal((await read(staff, 'payroll/paystubs', stub)).status, 200);
    assert.equal((await read(rae, 'time/pto_request', request)).status, 200);
  });

  test("still goes when a colleague saves a record naming them meanwhile, and keeps the colleague's change", async () => {
    const lou = await person('Lou');
    const team = await made(staff, 'auth/groups', { name: `Team ${lou.name}`, users: [lou.user] });
    const prefs = await made(olly, 'time/pto_prefs', { team_id: team, approvers: [lou.user, olly.user] });
    // The PTO manager saves the team's preferences after the delete read them, before it commits.
    const commit = services.storage.commit.bind(services.storage);
    let raced = false;
    services.storage.commit = async (ops) => {
      if (!raced && ops.some((o) => o.op === 'delete' && o.key === lou.user && o.collection === 'auth/users')) {
        raced = true;
        await ok('PATCH', `/time/api/data/pto_prefs/${prefs}`, olly, { min_notice_days: 3 });
      }
      return commit(ops);
    };
    try {
      const r = await deleteUser(lou);
      assert.equal(r.status, 200, r.text);
    } finally {
      services.storage.commit = commit;
    }
    assert.ok(raced);
    const after = (await read(olly, 'time/pto_prefs', prefs)).body.data;
    assert.deepEqual(after.approvers, [olly.user]);
    assert.equal(after.min_notice_days, 3, "the colleague's save stays");
  });

  test("is refused for the company's last account that manages users, as the data API's delete is", async () => {
    // The demo company's admin is its one account that manages users (AUTH:CanManageUsers).
    const admin = await call('POST', '/auth/api/login', {
      org: acme,
      body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
    });
    assert.equal(admin.status, 200, admin.text);
    const adminKey = admin.body.session.user.key as string;
    const account = await read(staff, 'auth/users', adminKey);
    const r = await call('POST', '/auth/api/delete_user', {
      ...as(staff),
      body: { user_id: adminKey, confirm_name: account.body.data.display_name },
    });
    assert.equal(r.status, 409, r.text);
    assert.equal(r.body.message, LAST_USER_MANAGER);
    assert.equal((await read(staff, 'auth/users', adminKey)).status, 200, 'the account stays');
  });

  test("through the data API's DELETE of the account is the same delete, and keeps the same rules", async () => {
    // API.md's generic delete of a user (product staff): what is theirs goes with the account and the
    // lists that named them name them no more, as delete_user does; only the name is not re-typed.
    const ned = await person('Ned');
    const team = await made(staff, 'auth/groups', { name: `Team ${ned.name}`, users: [ned.user] });
    const prefs = await made(olly, 'time/pto_prefs', { team_id: team, approvers: [ned.user, olly.user] });
    const request = await made(ned, 'time/pto_request', {
      user_id: ned.user,
      plan_id: plan,
      start_date: Math.floor(Date.now() / 1000 / DAY) * DAY + 120 * DAY,
      end_date: Math.floor(Date.now() / 1000 / DAY) * DAY + 120 * DAY,
      hours: 8,
    });
    const gone = await call('DELETE', `/auth/api/data/users/${ned.user}`, as(staff));
    assert.equal(gone.status, 204, gone.text);
    assert.equal((await read(staff, 'auth/users', ned.user)).status, 404);
    assert.equal((await read(olly, 'time/pto_request', request)).status, 404, 'their request went with them');
    assert.deepEqual((await read(olly, 'time/pto_prefs', prefs)).body.data.approvers, [olly.user]);

    // The pay statements' rule holds there too.
    const ida = await person('Ida');
    await statement(ida.user, Math.floor(Date.now() / 1000) - 10 * DAY, 'KEEP-2');
    const kept = await call('DELETE', `/auth/api/data/users/${ida.user}`, as(staff));
    assert.equal(kept.status, 409, kept.text);
    assert.match(kept.body.message, /^The user's pay statements must be kept/);
    assert.equal((await read(staff, 'auth/users', ida.user)).status, 200, 'the account stays');
  });

  test('with hundreds of PTO requests and ledger lines goes in one commit', async () => {
    const max = await person('Max');
    const now = Math.floor(Date.now() / 1000);
    const ops = [];
    for (let i = 0; i < 300; i++) {
      for (const [collection, data] of [
        [
          'time/pto_request',
          {
            user_id: max.user,
            plan_id: plan,
            start_date: now + (i + 10) * DAY,
            end_date: now + (i + 10) * DAY,
            hours: 8,
            status: 'requested',
          },
        ],
        [
          'time/pto_register',
          { user_id: max.user, plan_id: plan, action: 'annotation', type: 'manual_adjustment', effective_date: now },
        ],
      ] as const) {
        ops.push({
          op: 'put' as const,
          expectVersion: 0,
          record: {
            collection,
            org: acme,
            key: crypto.randomUUID(),
            data: { ...data },
            meta: { created_by: max.user, created_time: now, updated_by: max.user, updated_time: now, version: 1 },
          },
        });
      }
    }
    await services.storage.commit(ops);
    const r = await deleteUser(max);
    assert.equal(r.status, 200, r.text);
    assert.equal(
      (r.body.removed as string[]).filter((x) => x.startsWith('time/pto_request/')).length,
      300,
      'every request listed',
    );
    for (const collection of ['time/pto_request', 'time/pto_register']) {
      assert.equal((await stored(collection)).filter((x) => x.data.user_id === max.user).length, 0, collection);
    }
  });
});
