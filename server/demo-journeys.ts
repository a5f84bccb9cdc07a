/**
 * The demo's onboarding story (docs/journeys.md): employees at different stages and hires in
 * several statuses, so the employee's checklist and the manager's pipeline show real work on the
 * first start.
 *
 * - Carla Complete: every form signed, I-9 Section 2 done; her W-4 claims exemption, which lapses
 *   next February 15 (the pipeline's "about to lapse").
 * - Sam Section: his forms signed, his I-9 waits for Section 2, overdue; his work authorization
 *   ends within two months.
 * - Wes Resign: his W-4 changed after he signed it, so it needs signing again.
 * - Hires without accounts yet: created, invited, pending approval, and one whose invitation failed.
 */
import { randomUUID } from 'node:crypto';
import { i9Dates } from '../engine/i9-deadlines.ts';
import { systemPut } from './data/system-write.ts';
import { ssnIndexOps } from './payroll/ssn-index.ts';
import type { Services } from './services.ts';
import type { DataObject, WriteOp } from './storage/types.ts';

const DAY = 86_400;

export interface StoryPerson {
  key: string;
  email: string;
  first: string;
  last: string;
}

function signature(name: string, at: number) {
  return { name, font: 'font2', timestamp: at, userAgent: 'demo seed' };
}

/** The forms an employee fills in, each signed at `at` (the I-9's Section 1 only). */
function employeeForms(s: Services, org: string, p: StoryPerson, hired: number, at: number): WriteOp[] {
  const name = `${p.first} ${p.last}`;
  return [
    systemPut(s, 'payroll/basic_info', org, p.key, {
      dob: '1990-04-12',
      gender: 'Prefer not to answer',
      phone: '5125550100',
      legal_address: { address1: '100 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701' },
      sync_status: 'pending',
      _user_uuid: p.key,
    }),
    systemPut(s, 'payroll/emergency_contacts', org, p.key, {
      contacts: [
        {
          contact_first_name: 'Jordan',
          contact_last_name: p.last,
          relationship: 'Partner',
          phone_number: '5125550111',
        },
      ],
      sync_status: 'pending',
      _user_uuid: p.key,
    }),
    systemPut(s, 'payroll/employee_payment_information', org, p.key, {
      desired_payment_method: 'Paper Check',
      sync_status: 'approval_requested',
      _user_uuid: p.key,
    }),
    systemPut(s, 'payroll/w4', org, p.key, {
      w4_year: '2026',
      filing_status: 'Single',
      multiple_jobs: false,
      exempt_from_federal_withholding: false,
      employee_signature: signature(name, at),
      sync_status: 'pending',
      _user_uuid: p.key,
    }),
    i9(s, org, p.key, hired, {
      work_auth_status: 'Citizen of the United States',
      employee_signature: signature(name, at),
    }),
  ];
}

function i9(s: Services, org: string, key: string, hired: number, data: DataObject): WriteOp {
  const full: DataObject = { sync_status: 'pending', _user_uuid: key, ...data };
  return systemPut(s, 'payroll/i9', org, key, { ...full, ...i9Dates(full, { hire_date: hired }) });
}

function employee(s: Services, org: string, p: StoryPerson, hired: number, by: string, ssn: string): WriteOp[] {
  return [
    systemPut(s, 'payroll/employee', org, p.key, {
      first_name: p.first,
      last_name: p.last,
      email: p.email,
      ssn,
      job_title: 'Associate',
      employment_type: 'REGULAR',
      employment_status: 'Full-Time',
      pay_status: 'Hourly',
      pay_frequency: 'Bi-Weekly',
      hire_date: hired,
      status: 'onboarding',
      sync_status: 'pending',
      created_by: by,
      created_time: s.now(),
      _user_uuid: p.key,
    }),
    ...ssnIndexOps(s, org, p.key, ssn, undefined),
  ];
}

/** Each demo hire's made-up SSN differs. */
let hireCount = 0;

/**
 * The SSNs of the demo's people with an employee record: the hire of one who has given it holds the
 * same number (Emma, only invited, has given none on her hire yet).
 */
/** The demo employer's business address: its W-4 block, Carla's Section 2, and what each Section 2 is proposed. */
export const DEMO_ADDRESS = { address1: '200 W 2nd St', city: 'Austin', state: 'TX' as const, postal_code: '78701' };

export const SSNS = { carla: '123-45-6701', sam: '123-45-6702', wes: '123-45-6703', emma: '123-45-6789' } as const;

function hire(
  s: Services,
  org: string,
  key: string,
  p: { first: string; last: string; email: string },
  status: string,
  hired: number,
  by: string,
  ssn: string | null = `123-45-${String(6710 + hireCount++)}`,
): WriteOp {
  return systemPut(s, 'payroll/onboarding_user', org, key, {
    first_name: p.first,
    last_name: p.last,
    email: p.email,
    status,
    state: 'TX',
    employment_type: 'REGULAR',
    time_status: 'Full-Time',
    pay_type: 'Hourly',
    hire_date: hired,
    invited_by: by,
    title: 'Associate',
    division: 'Operations',
    department: 'Warehouse',
    phone: '5125550199',
    pay_frequency: 'Bi-Weekly',
    rate: 21.5,
    ...(ssn ? { ssn } : {}),
    activity_log: [
      { time: s.now(), user: by, action: 'invited', message: `Invitation sent to ${p.email}.`, to: p.email },
    ],
  });
}

/** The story's records; `people` are the demo accounts by e-mail. */
export function storyOps(s: Services, org: string, people: Map<string, string>, by: string): WriteOp[] {
  const now = s.now();
  const person = (email: string, first: string, last: string): StoryPerson => ({
    key: people.get(email)!,
    email,
    first,
    last,
  });
  const carla = person('carla@acme.example', 'Carla', 'Complete');
  const sam = person('sam@acme.example', 'Sam', 'Section');
  const wes = person('wes@acme.example', 'Wes', 'Resign');
  const emma = person('emma@acme.example', 'Emma', 'Employee');
  const ops: WriteOp[] = [];

  // Carla: hired a month ago, everything signed; her W-4 claims exemption for this year.
  const carlaHired = now - 30 * DAY;
  ops.push(...employee(s, org, carla, carlaHired, by, SSNS.carla));
  ops.push(
    ...employeeForms(s, org, carla, carlaHired, carlaHired - DAY).map((op) => {
      if (op.op !== 'put') return op;
      const r = op.record;
      if (r.collection === 'payroll/w4')
        return {
          ...op,
          record: { ...r, data: { ...r.data, exempt_from_federal_withholding: true, exempt_expires: '2027-02-15' } },
        };
      if (r.collection === 'payroll/i9') {
        const data = {
          ...r.data,
          documentation: [
            {
              id: randomUUID(),
              document_type: 'us_passport',
              list: 'A',
              title: 'U.S. Passport',
              issuing_authority: 'U.S. Department of State',
              expiration_date: now + 3 * 365 * DAY,
            },
          ],
          first_day: carlaHired,
          employer_or_representative: 'Payroll, Paul, Payroll Manager',
          orgname: 'Acme Demo',
          employer_address: DEMO_ADDRESS,
          employer_signature: signature('Paul Payroll', carlaHired + DAY),
        };
        return { ...op, record: { ...r, data: { ...data, ...i9Dates(data, { hire_date: carlaHired }) } } };
      }
      return op;
    }),
  );
  ops.push(hire(s, org, carla.key, carla, 'complete', carlaHired, by, SSNS.carla));

  // Sam: started six days ago, his part done; Section 2 is past due. Authorized to work for 40 more days.
  const samHired = now - 6 * DAY;
  ops.push(...employee(s, org, sam, samHired, by, SSNS.sam));
  ops.push(
    ...employeeForms(s, org, sam, samHired, samHired).map((op) => {
      if (op.op !== 'put' || op.record.collection !== 'payroll/i9') return op;
      return i9(s, org, sam.key, samHired, {
        work_auth_status: 'An Alien Authorized to Work',
        alien_number_type: 'USCIS Number',
        alien_number: 'A123456789',
        authorized_to_work_until: now + 40 * DAY,
        employee_signature: signature('Sam Section', samHired),
      });
    }),
  );
  ops.push(hire(s, org, sam.key, sam, 'started', samHired, by, SSNS.sam));

  // Wes: starts in three days; he changed his W-4 after signing it, so the signature was voided.
  const wesHired = now + 3 * DAY;
  ops.push(...employee(s, org, wes, wesHired, by, SSNS.wes));
  ops.push(
    ...employeeForms(s, org, wes, wesHired, now - 2 * DAY).map((op) => {
      if (op.op !== 'put' || op.record.collection !== 'payroll/w4') return op;
      const { employee_signature: voided, ...rest } = op.record.data as DataObject & { employee_signature: unknown };
      const data = {
        ...rest,
        filing_status: 'Married',
        signature_history: [
          {
            field: 'employee_signature',
            signature: voided,
            voided: { time: now - DAY, by: wes.key, reason: 'changed after signing', fields: ['filing_status'] },
          },
        ],
      };
      return { ...op, record: { ...op.record, data } };
    }),
  );
  ops.push(hire(s, org, wes.key, wes, 'started', wesHired, by, SSNS.wes));

  // Emma has just started: her hire is invited, her forms not begun.
  // Her hire names no work state: the state she lives in (her basic information) decides her
  // state certificate, as before she had a hire.
  const emmaHire = hire(s, org, emma.key, emma, 'invited', now - 30 * DAY, by, null);
  if (emmaHire.op === 'put') delete emmaHire.record.data.state;
  ops.push(emmaHire);

  // Hires without an account yet.
  const upcoming = [
    { first: 'Hank', last: 'Hired', email: 'hank@acme.example', status: 'created' },
    { first: 'Ines', last: 'Invited', email: 'ines@acme.example', status: 'invited' },
    { first: 'Pat', last: 'Pending', email: 'pat@acme.example', status: 'pending_approval' },
    { first: 'Eve', last: 'Error', email: 'eve@acme.example', status: 'error' },
  ];
  for (const u of upcoming) ops.push(hire(s, org, randomUUID(), u, u.status, now + 14 * DAY, by));
  return ops;
}
