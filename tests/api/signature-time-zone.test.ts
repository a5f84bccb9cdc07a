/**
 * The day a signature was made is its day in the company's time zone (docs/signatures.md), not in
 * UTC: an I-9 Section 1 signed on the evening of the first day of employment in California is on
 * time there, though it is already the next day in UTC (and, late enough, in New York). The company's
 * zone is its own time_zone, else its state's, else America/New_York. The server's clock is set
 * (in-process demo company) so each instant is exact.
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { inProcessDemo, signInTo } from '../helpers/in-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const DAY = 86_400;
const HOUR = 3600;

/**
 * The demo company with `company` set on its record by product staff, its clock at `hoursAfter`
 * hours past 00:00 UTC of the day after Emma's first day (her hire date: her Section 1 is due that
 * day); `then` runs with Emma signed in.
 */
async function atEmmasFirstDay(
  company: Record<string, unknown>,
  hoursAfter: number,
  then: (o: {
    call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
    acme: string;
    emma: { token: string; key: string };
    staff: string;
    /** The I-9 as the payroll manager reads it (the employee's own read answers no `late`). */
    i9: () => Promise<Record<string, any>>;
    due: number;
    setClock: (t: number) => void;
  }) => Promise<void>,
) {
  let clock = Math.floor(Date.now() / 1000);
  const d = await inProcessDemo('dform-tz-', { now: () => clock });
  try {
    const { call, acme } = d;
    const signIn = signInTo(call, acme);
    const payroll = await signIn('payroll@acme.example', 'demo-payroll-pass');
    const emmaKey = (
      await call('GET', '/auth/api/session', {
        org: acme,
        token: await signIn('emma@acme.example', 'demo-employee-pass'),
      })
    ).body.user.key as string;
    const employee = await call('GET', `/payroll/api/data/employee/${emmaKey}`, { org: acme, token: payroll });
    assert.equal(employee.status, 200, employee.text);
    const due = Math.floor(employee.body.data.hire_date / DAY) * DAY;
    // The clock goes back to the first day: sessions are opened anew at that time.
    clock = due + DAY + hoursAfter * HOUR;
    const staff = (await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } })).body
      .token as string;
    const set = await call('PATCH', `/auth/api/data/organizations/${acme}`, { token: staff, body: company });
    assert.equal(set.status, 200, set.text);
    const emma = { token: await signIn('emma@acme.example', 'demo-employee-pass'), key: emmaKey };
    const manager = await signIn('payroll@acme.example', 'demo-payroll-pass');
    const i9 = async () => {
      const r = await call('GET', `/payroll/api/data/i9/${emmaKey}`, { org: acme, token: manager });
      assert.equal(r.status, 200, r.text);
      return r.body.data as Record<string, any>;
    };
    await then({ call, acme, emma, staff, due, i9, setClock: (t) => void (clock = t) });
  } finally {
    await d.close();
  }
}

const section1 = { work_auth_status: 'Citizen of the United States' };
const signature = { name: 'Emma Employee', font: 'font1' };

test('Section 1 signed at 5 pm Pacific on the first day is not late for a company in America/Los_Angeles', async () => {
  // 01:00 UTC the next day: 5 pm (standard time) or 6 pm (daylight saving time) in California.
  await atEmmasFirstDay({ time_zone: 'America/Los_Angeles' }, 1, async ({ call, acme, emma, due, i9 }) => {
    const session = await call('GET', '/auth/api/session', { org: acme, token: emma.token });
    assert.equal(session.body.organization.data.time_zone, 'America/Los_Angeles', "the session has the company's zone");
    const r = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: { ...section1, employee_signature: signature },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.section1_due, due);
    assert.equal(r.body.data.employee_signature.timestamp, due + DAY + HOUR, "signed at the server's clock");
    assert.equal((await i9()).late, undefined, 'not late: it is still the first day in California');
  });
});

test('Section 1 signed at 10 pm Pacific is on time in America/Los_Angeles and late in America/New_York', async () => {
  // 06:00 UTC the next day: 10 or 11 pm in California, 1 or 2 am the next day in New York.
  await atEmmasFirstDay({ time_zone: 'America/Los_Angeles' }, 6, async ({ call, acme, emma, staff, i9 }) => {
    const signed = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: { ...section1, employee_signature: signature },
    });
    assert.equal(signed.status, 200, signed.text);
    assert.equal((await i9()).late, undefined, 'on time in California');
    // The company moves to New York: the next save derives the dates anew, the signature kept.
    const moved = await call('PATCH', `/auth/api/data/organizations/${acme}`, {
      token: staff,
      body: { time_zone: 'America/New_York' },
    });
    assert.equal(moved.status, 200, moved.text);
    const again = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: signed.body.data,
    });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.data.employee_signature.timestamp, signed.body.data.employee_signature.timestamp);
    assert.deepEqual((await i9()).late, ['Section 1'], 'it was the next day in New York');
  });
});

test("a company without a time zone has its state's: California's evening is still the first day", async () => {
  await atEmmasFirstDay({ state: 'CA' }, 6, async ({ call, acme, emma, i9 }) => {
    const session = await call('GET', '/auth/api/session', { org: acme, token: emma.token });
    assert.equal(session.body.organization.data.time_zone, 'America/Los_Angeles');
    const r = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: { ...section1, employee_signature: signature },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal((await i9()).late, undefined);
  });
  // Neither a zone nor a state: America/New_York, where 06:00 UTC is the next day.
  await atEmmasFirstDay({}, 6, async ({ call, acme, emma, i9 }) => {
    const session = await call('GET', '/auth/api/session', { org: acme, token: emma.token });
    assert.equal(session.body.organization.data.time_zone, 'America/New_York');
    const r = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: { ...section1, employee_signature: signature },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual((await i9()).late, ['Section 1']);
  });
});

test("the onboarding checklist calls Section 1 overdue only once the company's due day has passed", async () => {
  await atEmmasFirstDay({ time_zone: 'America/Los_Angeles' }, 1, async ({ call, acme, emma, due, setClock }) => {
    const i9Item = async () => {
      const r = await call('GET', '/payroll/api/onboarding_checklist', { org: acme, token: emma.token });
      assert.equal(r.status, 200, r.text);
      return r.body.items.find((i: { type: string }) => i.type === 'i9');
    };
    const evening = await i9Item();
    assert.equal(evening.due, due);
    assert.equal(evening.overdue, false, '5 pm in California on the due day is not overdue');
    setClock(due + DAY + 8 * HOUR); // midnight in California (standard time), or 1 am (daylight saving time)
    assert.equal((await i9Item()).overdue, true, 'the next day in California');
  });
});

test('a time zone not on the list is refused, naming the field', async () => {
  await atEmmasFirstDay({ time_zone: 'America/Chicago' }, 1, async ({ call, acme, staff }) => {
    const r = await call('PATCH', `/auth/api/data/organizations/${acme}`, {
      token: staff,
      body: { time_zone: 'Europe/Paris' },
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body.errors, [
      { path: '/time_zone', message: 'Time zone must be one of the listed US time zones.' },
    ]);
  });
});

test("a status 4 employee whose authorization ends today may sign Section 1 until the company's day ends", async () => {
  const status4 = (until: number) => ({
    work_auth_status: 'An Alien Authorized to Work',
    alien_number_type: 'USCIS Number',
    alien_number: '123456789',
    authorized_to_work_until: until,
    employee_signature: signature,
  });
  // 10 or 11 pm in California on the last day of the authorization: still authorized there.
  await atEmmasFirstDay({ time_zone: 'America/Los_Angeles' }, 6, async ({ call, acme, emma, due }) => {
    const r = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: status4(due),
    });
    assert.equal(r.status, 200, r.text);
  });
  // The same instant is 1 or 2 am the next day in New York: the authorization has ended.
  await atEmmasFirstDay({ time_zone: 'America/New_York' }, 6, async ({ call, acme, emma, due }) => {
    const r = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: status4(due),
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(
      r.body.errors.map((e: { path: string }) => e.path),
      ['/authorized_to_work_until'],
    );
  });
});

test("an I-9 may be deleted from the company's first day past its retention, not from 00:00 UTC", async () => {
  await atEmmasFirstDay({ time_zone: 'America/Los_Angeles' }, 1, async ({ call, acme, emma, due, setClock }) => {
    const signed = await call('POST', `/payroll/api/data/my_i9/${emma.key}`, {
      org: acme,
      token: emma.token,
      body: { ...section1, employee_signature: signature },
    });
    assert.equal(signed.status, 200, signed.text);
    // Employment ended the day after the first: the I-9 is kept until 3 years after the first day.
    const payroll = await signInTo(call, acme)('payroll@acme.example', 'demo-payroll-pass');
    const employee = await call('GET', `/payroll/api/data/employee/${emma.key}`, { org: acme, token: payroll });
    const ended = await call('POST', `/payroll/api/data/employee/${emma.key}`, {
      org: acme,
      token: payroll,
      body: { ...employee.body.data, term_date: due + DAY },
    });
    assert.equal(ended.status, 200, ended.text);
    const kept = await call('GET', `/payroll/api/data/i9/${emma.key}`, { org: acme, token: payroll });
    const until = kept.body.data.retain_until as number;
    assert.equal(new Date(until * 1000).getUTCFullYear(), new Date(due * 1000).getUTCFullYear() + 3);
    /** The product-staff admin, signed in to the company (sudo_login) at the clock's time. */
    const admin = async () => {
      const root = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
      const sudo = await call('POST', `/auth/api/sudo_login?organization_id=${acme}`, {
        token: root.body.token,
        body: { organization_id: acme },
      });
      assert.equal(sudo.status, 200, sudo.text);
      const into = await call('POST', '/auth/api/login', {
        org: acme,
        body: { userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' },
      });
      assert.equal(into.status, 200, into.text);
      return into.body.token as string;
    };
    // 01:00 UTC on that day is still the day before in California (5 or 6 pm): kept.
    setClock(until + HOUR);
    const early = await call('DELETE', `/payroll/api/data/i9/${emma.key}`, { org: acme, token: await admin() });
    assert.equal(early.status, 409, early.text);
    // 09:00 UTC is past midnight in California: it may go.
    setClock(until + 9 * HOUR);
    const gone = await call('DELETE', `/payroll/api/data/i9/${emma.key}`, { org: acme, token: await admin() });
    assert.equal(gone.status, 204, gone.text);
  });
});
