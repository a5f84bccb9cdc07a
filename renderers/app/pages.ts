/**
 * Pages an area of the app adds to the main layout (the PTO pages, ...), registered at the app root
 * (web/pages.ts) as the menu's sections are (registerNavSection), so the shell names no area's
 * screens. Each page says who may open it in data, which the guard (../guard/decide.ts) reads
 * before the page renders and the menu reads to offer only what opens.
 */
import type { ReactNode } from 'react';
import type { ModuleName } from '../../engine/entity.ts';

/** Who may open a registered page; the product-staff admin passes every rule, as the data API lets them. */
export interface PageAccess {
  /** The module must be usable: active for the company and its CanUseModule held (engine/access.ts). */
  module?: ModuleName;
  /** At least one of these permissions (`MODULE:Name`). */
  anyOf?: readonly string[];
  /** The product-staff admin only (spec/000 section 6, "Admin-only pages"). */
  adminOnly?: boolean;
}

/** What the guard knows of a page: its path (`:name` a segment), who opens it, or where it sends. */
export interface PageRule {
  /** A react-router path of static segments and `:param` segments. */
  path: string;
  access: PageAccess;
  /** The page only sends on to this path (judged there); its `:param` segments take the page's. */
  redirect?: string;
}

export interface PageEntry extends PageRule {
  /** Left out for a redirect. */
  element?: ReactNode;
}

const pages: PageEntry[] = [];

/** Adds pages, or replaces those of the same path. Call before the router is made (web/main.tsx). */
export function registerPages(entries: readonly PageEntry[]): void {
  for (const entry of entries) {
    const at = pages.findIndex((p) => p.path === entry.path);
    if (at >= 0) pages.splice(at, 1, entry);
    else pages.push(entry);
  }
}

export function registeredPages(): readonly PageEntry[] {
  return pages;
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The registered page a pathname opens (without a trailing slash), with its parameters (decoded, as react-router's). */
export function matchPage(pathname: string): { page: PageEntry; params: Record<string, string> } | undefined {
  const parts = pathname.split('/').slice(1);
  // A page of static segments outranks one with parameters, as in react-router.
  const params = (p: PageEntry) => p.path.split('/').filter((seg) => seg.startsWith(':')).length;
  for (const page of [...pages].sort((a, b) => params(a) - params(b))) {
    const pattern = page.path.split('/').slice(1);
    if (pattern.length !== parts.length) continue;
    const found: Record<string, string> = {};
    const fits = pattern.every((seg, i) => {
      if (!seg.startsWith(':')) return seg === parts[i];
      found[seg.slice(1)] = decoded(parts[i]);
      return parts[i] !== '';
    });
    if (fits) return { page, params: found };
  }
  return undefined;
}

/** A redirect's path with the `:param` segments of the page it sends from filled in, each encoded. */
export function redirectTarget(redirect: string, params: Record<string, string>): string {
  return redirect
    .split('/')
    .map((seg) => (seg.startsWith(':') ? encodeURIComponent(params[seg.slice(1)] ?? '') : seg))
    .join('/');
}
