/**
 * `npm start -- --demo`: a demo company with a user of each role and sample records, so a new user
 * can sign in and try every screen. Idempotent: a second run finds the company again. Its hostname
 * is derived under the product domain, so a local run's demo is at `acmedemo.localhost`, which a
 * browser reaches with no set-up; the printed details name the address each user opens.
 */
import { randomUUID } from 'node:crypto';
import { companyOps } from './companies.ts';
import { hashPassword } from './crypto/passwords.ts';
import { claimOps } from './data/unique.ts';
import { systemPut } from './data/system-write.ts';
import { deriveHostname } from '../engine/hostname.ts';
import { findOrgByHostname } from './orgs.ts';
import { companyUrl } from './public-url.ts';
import { ssnIndexOps } from './payroll/ssn-index.ts';
import type { Services } from './services.ts';
import type { WriteOp } from './storage/types.ts';
import { companyTimeZone } from '../engine/local-day.ts';
import { withSignedOn } from './data/hooks/w4.ts';
import { hireClaimOps } from './payroll/hire-claims.ts';
import type { AuthGroups, AuthUsers, PayrollEmployee, PayrollEmployer } from '../types/generated/index.ts';
import { COMPANY_ADMIN_PERMISSIONS } from '../engine/permissions.ts';
import { DEMO_ADDRESS, SSNS, storyOps } from './demo-journeys.ts';
import { ptoOps } from './demo-pto.ts';
import { paystubOps } from './demo-paystubs.ts';

export const DEMO_NAME = 'Acme Demo';
/** The demo employer's EIN (a made-up number). */
export const DEMO_EIN = '36-4000123';

/** The first is the company's administrator, the account of its admin_email. */
export const DEMO_USERS = [
  {
    email: 'admin@acme.example',
    password: 'demo-admin-pass',
    display_name: 'Alice Admin',
    role: 'company admin',
    groups: ['Company Admins', 'Employees'],
    employee: false,
  },
  {
    email: 'payroll@acme.example',
    password: 'demo-payroll-pass',
    display_name: 'Paul Payroll',
    role: 'payroll manager',
    groups: ['Payroll Managers', 'Employees'],
    employee: false,
  },
  {
    email: 'emma@acme.example',
    password: 'demo-employee-pass',
    display_name: 'Emma Employee',
    role: 'employee',
    groups: ['Employees'],
    employee: true,
  },
  {
    email: 'carla@acme.example',
    password: 'demo-complete-pass',
    display_name: 'Carla Complete',
    role: 'employee, onboarded',
    groups: ['Employees'],
    employee: true,
  },
  {
    email: 'sam@acme.example',
    password: 'demo-section2-pass',
    display_name: 'Sam Section',
    role: 'employee, I-9 due',
    groups: ['Employees'],
    employee: true,
  },
  {
    email: 'wes@acme.example',
    password: 'demo-resign-pass',
    display_name: 'Wes Resign',
    role: 'employee, W-4 to sign',
    groups: ['Employees'],
    employee: true,
  },
  {
    email: 'ivan@acme.example',
    password: 'demo-inactive-pass',
    display_name: 'Ivan Inactive',
    role: 'inactive employee',
    groups: ['Employees'],
    employee: true,
    status: 'inactive',
  },
] as const;

const GROUPS: Record<string, AuthGroups['permissions']> = {
  'Company Admins': [...COMPANY_ADMIN_PERMISSIONS],
  'Payroll Managers': [
    'PAYROLL:CanUseModule',
    'PAYROLL:CanManageUserPayrollData',
    'PAYROLL:CanManageOnboarding',
    'PAYROLL:CanViewPayrollReports',
  ],
  Employees: ['PAYROLL:CanUseModule', 'HR:CanUseModule', 'TIME:CanUseModule', 'TIME:CanUsePTO', 'TIME:CanUseClock'],
};

/** The demo company's hostname: derived from its name under the product domain, as any company's. */
export function demoHostname(productDomain: string): string {
  return deriveHostname(DEMO_NAME, productDomain);
}

/**
 * The demo's sign-in details, each user with the address to open: printed once the server listens,
 * so that the address names the port it listens on.
 */
export function describeDemo(s: Pick<Services, 'config'>, orgId: string): string[] {
  const hostname = demoHostname(s.config.productDomain);
  const login = companyUrl(s.config, hostname, '/login');
  // Columns as wide as their longest entry, so every line reads as a row of one table.
  const width = (f: (u: (typeof DEMO_USERS)[number]) => string) => Math.max(...DEMO_USERS.map((u) => f(u).length));
  const [role, email, password] = [width((u) => u.role), width((u) => u.email), width((u) => u.password)];
  return [
    `demo company "${DEMO_NAME}": organization-id ${orgId}, hostname ${hostname}; its users sign in at ${login}`,
    ...DEMO_USERS.map(
      (u) => `  ${u.role.padEnd(role)}  ${u.email.padEnd(email)}  password ${u.password.padEnd(password)}  ${login}`,
    ),
  ];
}

/**
 * Seeds the demo company unless it exists; answers its organization id. Its admin e-mail is the
 * company admin's, an ordinary account made with the company as for any company.
 */
export async function seedDemo(s: Services, rootOrg: string): Promise<string> {
  const existing = await findOrgByHostname(s, demoHostname(s.config.productDomain));
  if (existing) return existing;
  const [admin, ...others] = DEMO_USERS;
  const company = await companyOps(s, {
    name: DEMO_NAME,
    hostname: demoHostname(s.config.productDomain),
    adminEmail: admin.email,
    adminPassword: admin.password,
    adminName: admin.display_name,
    parent: rootOrg,
    companyId: '1001',
    activeModules: ['auth', 'payroll', 'comms', 'hr', 'time'],
  });
  const org = company.id;
  const ops: WriteOp[] = [...company.ops];
  const keys = new Map<string, string>([[admin.email, company.companyAdminKey!]]);
  const now = s.now();
  for (const u of others) {
    const key = randomUUID();
    keys.set(u.email, key);
    ops.push(
      systemPut(s, 'auth/users', org, key, {
        email: u.email,
        display_name: u.display_name,
        status: 'status' in u ? u.status : 'active',
        permissions: [],
        is_employee: u.employee,
        ...(u.employee ? { employee_id: String(10000 + keys.size) } : {}),
        cross_site_login_only: false,
        secret: await hashPassword(u.password),
        created_by: company.adminKey,
        created_time: now,
      } satisfies AuthUsers),
      ...claimOps(s, org, 'email', key, u.email, undefined),
      ...(u.employee ? claimOps(s, org, 'employee_id', key, String(10000 + keys.size), undefined) : []),
    );
  }
  for (const [name, permissions] of Object.entries(GROUPS)) {
    ops.push(
      systemPut(s, 'auth/groups', org, randomUUID(), {
        name,
        description: `Demo group: ${name}`,
        permissions,
        users: DEMO_USERS.filter((u) => (u.groups as readonly string[]).includes(name)).map((u) => keys.get(u.email)!),
        notes: '',
        type: 'group',
        created_by: company.adminKey,
        created_time: now,
      } satisfies AuthGroups),
    );
  }
  const emma = keys.get('emma@acme.example')!;
  ops.push(
    systemPut(s, 'payroll/employee', org, emma, {
      first_name: 'Emma',
      last_name: 'Employee',
      email: 'emma@acme.example',
      ssn: SSNS.emma,
      job_title: 'Payroll Clerk',
      employment_type: 'REGULAR',
      employment_status: 'Full-Time',
      pay_status: 'Hourly',
      pay_frequency: 'Bi-Weekly',
      hire_date: now - 86400 * 30,
      status: 'active',
      sync_status: 'pending',
      created_by: company.adminKey,
      created_time: now,
      _user_uuid: emma,
    } satisfies PayrollEmployee),
    ...ssnIndexOps(s, org, emma, SSNS.emma, undefined),
  );
  // The employer at the payroll provider: its name, address and EIN print on the W-4 and the state forms.
  ops.push(
    systemPut(s, 'payroll/employer', org, randomUUID(), {
      name: DEMO_NAME,
      ein: DEMO_EIN,
      address: DEMO_ADDRESS,
      status: 'active',
      direct_deposit_available: 'yes',
      active_states: ['IL', 'CA'],
      created_by: company.adminKey,
      created_time: now,
    } satisfies PayrollEmployer),
  );
  // The onboarding story both homes show (server/demo-journeys.ts).
  // The W-4s signed in the story carry their date signed, as a save would give them (data/hooks/w4.ts).
  const orgPut = company.ops.find(
    (op): op is Extract<WriteOp, { op: 'put' }> =>
      op.op === 'put' && op.record.collection === 'auth/organizations' && op.record.key === org,
  );
  const zone = companyTimeZone(orgPut?.record.data);
  ops.push(
    ...storyOps(s, org, keys, company.adminKey).map((op) =>
      op.op === 'put' && op.record.collection === 'payroll/w4'
        ? { ...op, record: { ...op.record, data: withSignedOn(op.record.data, zone) } }
        : op,
    ),
  );
  // The hires' e-mails and SSNs are claimed as a hire written through the data API claims them.
  const taken = new Set<string>();
  for (const op of [...ops]) {
    if (op.op === 'put' && op.record.collection === 'payroll/onboarding_user') {
      ops.push(...(await hireClaimOps(s, op.record, taken)));
    }
  }
  // Time off decided and written by the company admin, who manages PTO.
  ops.push(...ptoOps(s, org, keys, keys.get(admin.email)!));
  // Pay statements written by the payroll manager, as payroll staff (or their provider's sync) write them.
  ops.push(...paystubOps(s, org, keys, keys.get('payroll@acme.example')!));
  await s.storage.commit(ops);
  return org;
}
