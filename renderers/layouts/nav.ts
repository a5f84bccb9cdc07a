/**
 * The navigation menu built from the catalogue (GET /auth/api/catalogue): per module, the types
 * the user may list, and their own my_ records. Pure, so it is tested without a DOM.
 */
import type { CatalogueEntry } from '../api/types.ts';

export interface NavLinkItem {
  to: string;
  label: string;
}

export interface NavGroup {
  module: string;
  label: string;
  links: NavLinkItem[];
}

export const MODULE_LABELS: Record<string, string> = {
  auth: 'Administration',
  payroll: 'Payroll',
  hr: 'HR',
  time: 'Time',
  comms: 'Communications',
  storage: 'Files',
};

/** The communications area is disabled in the navigation (spec/000 section 6). */
const HIDDEN_MODULES = new Set(['comms']);

export function buildNav(entries: readonly CatalogueEntry[], userKey: string): NavGroup[] {
  const groups = new Map<string, NavGroup>();
  const mine: NavLinkItem[] = [];
  for (const e of entries) {
    if (HIDDEN_MODULES.has(e.module)) continue;
    if (e.type.startsWith('my_')) {
      if (e.can.edit) mine.push({ to: `/${e.module}/${e.type}/edit/${userKey}`, label: e.title });
      else if (e.can.read) mine.push({ to: `/${e.module}/${e.type}/view/${userKey}`, label: e.title });
      continue;
    }
    if (!e.can.list) continue;
    let g = groups.get(e.module);
    if (!g) groups.set(e.module, (g = { module: e.module, label: MODULE_LABELS[e.module] ?? e.module, links: [] }));
    g.links.push({ to: `/${e.module}/${e.type}/list`, label: e.plural });
  }
  const out = [...groups.values()];
  if (mine.length) out.unshift({ module: 'mine', label: 'My records', links: mine });
  return out;
}
