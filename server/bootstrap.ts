/**
 * First start: with no organization in the store, create the root (product) organization and its
 * product-staff admin, with the credentials of the environment or a generated password printed once.
 */
import { randomBytes } from 'node:crypto';
import { loadCommonPasswords } from '../engine/common-passwords.ts';
import { passwordProblems } from '../engine/passwords.ts';
import { companyOps, PRODUCT_STAFF_NAME } from './companies.ts';
import { rootOrgId } from './orgs.ts';
import type { Services } from './services.ts';

export interface BootstrapResult {
  created: boolean;
  orgId: string;
  adminEmail?: string;
  /** Only when the server generated it: shown once, never stored in clear. */
  generatedPassword?: string;
}

export async function bootstrap(s: Services): Promise<BootstrapResult> {
  const existing = await rootOrgId(s);
  if (existing) return { created: false, orgId: existing };
  // An e-mail address needs a dotted domain: a local run (product domain `localhost`) keeps dform.app's.
  const mailDomain = s.config.productDomain.includes('.') ? s.config.productDomain : 'dform.app';
  const adminEmail = (s.config.adminEmail ?? `admin@${mailDomain}`).toLowerCase();
  // The product-staff admin's password is held to the product's own password rules, as every other
  // is: a weak one given in the environment stops the first start, naming the rule (never the password).
  if (s.config.adminPassword !== undefined) {
    const problem = passwordProblems(s.config.adminPassword, s.config.adminPassword, {
      common: await loadCommonPasswords(),
      personal: [adminEmail, PRODUCT_STAFF_NAME],
    })[0];
    if (problem) throw new Error(`DFORM_ADMIN_PASSWORD: ${problem.message}`);
  }
  const generatedPassword = s.config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const { id, ops } = await companyOps(s, {
    name: 'dform',
    hostname: `admin.${s.config.productDomain}`,
    adminEmail,
    adminPassword: s.config.adminPassword ?? generatedPassword,
    activeModules: ['auth', 'payroll', 'comms', 'hr'],
  });
  await s.storage.commit(ops);
  return { created: true, orgId: id, adminEmail, generatedPassword };
}
