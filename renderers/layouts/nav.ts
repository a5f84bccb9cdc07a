/**
 * The navigation menu built from the catalogue (GET /auth/api/catalogue): per module, the types
 * the user may list, and their own my_ records. Pure, so it is tested without a DOM.
 */
import type { CatalogueEntry } from '../api/types.ts';
import type { GuardSession } from '../guard/decide.ts';
import { moduleLabel } from '../../engine/module-labels.ts';

export interface NavLinkItem {
  to: string;
  label: string;
}

export interface NavGroup {
  module: string;
  label: string;
  links: NavLinkItem[];
}

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
    if (e.mine) mine.push({ to: `/${e.module}/${e.type}/list`, label: e.plural });
    let g = groups.get(e.module);
    if (!g) groups.set(e.module, (g = { module: e.module, label: moduleLabel(e.module), links: [] }));
    g.links.push({ to: `/${e.module}/${e.type}/list`, label: e.plural });
  }
  const out = [...groups.values()];
  if (mine.length) out.unshift({ module: 'mine', label: 'My records', links: mine });
  return out;
}

/**
 * Sections other areas add to the menu (documents, security settings): each says whom it is for
 * and its links, and takes its place by `order` (work queues 10, own records 20, "All records"
 * 90). Registered at the app root, so the shell names no area's screens.
 */
export interface NavSection {
  id: string;
  label: string;
  order: number;
  show(s: GuardSession): boolean;
  links(s: GuardSession, userKey: string): NavLinkItem[];
}

const extraSections: NavSection[] = [];

export function registerNavSection(section: NavSection): void {
  const at = extraSections.findIndex((x) => x.id === section.id);
  if (at >= 0) extraSections.splice(at, 1, section);
  else extraSections.push(section);
}

export function navSections(): readonly NavSection[] {
  return [...extraSections].sort((a, b) => a.order - b.order);
}

/** A manager's work queues, first in their menu. */
export const WORK_QUEUES: NavLinkItem[] = [
  { to: '/payroll/onboarding_user/list', label: 'New hires' },
  { to: '/payroll/i9/list?sort=next_due', label: 'I-9s by due date' },
  { to: '/payroll/onboarding_user/create', label: 'Invite a new hire' },
];

/** The employment record an employee reads beside their onboarding forms. */
const EMPLOYMENT = 'employee';

/**
 * An employee's own records in the menu: their onboarding forms in the journey's order (the
 * checklist's types), then their employment record, then the lists of the types that ask for a
 * place here (x-my-menu). Account settings and documents have their own places (the user menu,
 * Documents).
 */
export function ownRecords(links: NavLinkItem[], journey: readonly string[]): NavLinkItem[] {
  const typeOf = (l: NavLinkItem) => /^\/[^/]+\/my_([^/]+)\//.exec(l.to)?.[1];
  const rank = (l: NavLinkItem) => {
    if (/^\/[^/]+\/[^/]+\/list$/.test(l.to)) return journey.length + 1;
    const t = typeOf(l);
    const i = t ? journey.indexOf(t) : -1;
    return i >= 0 ? i : t === EMPLOYMENT ? journey.length : -1;
  };
  return links.filter((l) => rank(l) >= 0).sort((a, b) => rank(a) - rank(b));
}
