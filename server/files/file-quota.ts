/**
 * The file quotas of one company: the limits its own organization record sets (file_storage_mib,
 * file_uploads_per_person_mib: only product staff may set them, schemas/auth/organizations.json),
 * else the deployment's (DFORM_FILE_QUOTA_COMPANY, DFORM_FILE_QUOTA_USER).
 *
 * The record is read from the store on each call, not from the organization cache (../orgs.ts): an
 * upload's commit checks against the limit as it stands, and another process's change to it reaches
 * that cache only with the store's change notification, a moment later.
 */
import { FILE_QUOTA_DEFAULTS, type FileQuota } from '../config.ts';
import { getOrg } from '../orgs.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';

const MiB = 1024 * 1024;

/** A limit in whole MiB as the record keeps it, in bytes; anything else is no limit of its own. */
function mibLimit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value * MiB : undefined;
}

/** The company's own limits where its record sets them, the deployment's where it does not. */
export function quotaFrom(record: DataObject | undefined, deployment: FileQuota): FileQuota {
  return {
    perCompany: mibLimit(record?.file_storage_mib) ?? deployment.perCompany,
    perUser: mibLimit(record?.file_uploads_per_person_mib) ?? deployment.perUser,
  };
}

/** The deployment's quotas, for every company without limits of its own. */
export function deploymentQuota(s: Pick<Services, 'config'>): FileQuota {
  return s.config.fileQuota ?? FILE_QUOTA_DEFAULTS;
}

/** The quotas that hold for the company `orgId` now. */
export async function quotaOf(s: Services, orgId: string): Promise<FileQuota> {
  // The directory (which parent keeps the record) never changes for a company; the record may.
  const parent = (await getOrg(s, orgId))?.parent;
  const record = parent === undefined ? undefined : await s.storage.get('auth/organizations', parent, orgId);
  return quotaFrom(record?.data, deploymentQuota(s));
}
