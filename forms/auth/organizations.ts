/**
 * Company form behaviour (spec/001 section 5): on a new company the hostname follows the name
 * (letters and digits, lower-cased, 11 at most, plus the product domain) until the user types a
 * hostname of their own. The server derives the same when none is sent (engine/hostname.ts).
 */
import { deriveHostname } from '../../engine/hostname.ts';
import type { FormBehaviour, PatchFn } from '../behaviour/behaviour.ts';

/**
 * A saved company carries its server-owned created_time; the create form hides server-owned fields,
 * so its data has none. A saved company's hostname never follows its name.
 */
const isNew = (data: Record<string, unknown>) => data.created_time === undefined;

const followName: PatchFn = (next, prev, env) => {
  const domain = env?.productDomain;
  if (!isNew(prev) || !domain) return {};
  const current = typeof prev.hostname === 'string' ? prev.hostname : '';
  // Typed by the user (it differs from what the old name gave): leave it alone.
  if (current && current !== deriveHostname(prev.name, domain)) return {};
  return { hostname: deriveHostname(next.name, domain) };
};

export const organizationBehaviour: FormBehaviour = {
  patches: { name: followName },
};
