/**
 * The usage line of the documents pages: `Your files: 12 MiB of 1 GiB`, and for those who manage
 * the company's files `Acme Demo: 1.2 GiB of 10 GiB`, each size said as the quota's refusals say it.
 */
import { byteAmount } from '../../engine/byte-amount.ts';
import type { FileFigures, FileUsage } from '../api/client.ts';

function used(f: FileFigures): string {
  return `${byteAmount(f.bytes, true)} of ${byteAmount(f.limit)}`;
}

/** The line's parts, one for the person and one for the company when answered. */
export function fileUsageParts(u: FileUsage): string[] {
  const parts = [`Your files: ${used(u.person)}`];
  if (u.company) parts.push(`${u.company.name}: ${used(u.company)}`);
  return parts;
}
