/**
 * Organization branding (spec/000 section 1) as CSS variables on the document: --color-primary,
 * --color-secondary, --color-accent; colours arrive as hex without '#'.
 */
import type { ResolvedOrg } from '../api/types.ts';

const HEX = /^[0-9a-fA-F]{6}$/;

export function brandingVariables(org: ResolvedOrg): Record<string, string> {
  const b = org.branding ?? ({} as ResolvedOrg['branding']);
  const out: Record<string, string> = {};
  if (HEX.test(b.colorPrimary ?? '')) out['--color-primary'] = `#${b.colorPrimary}`;
  if (HEX.test(b.colorSecondary ?? '')) out['--color-secondary'] = `#${b.colorSecondary}`;
  if (HEX.test(b.colorAccent ?? '')) out['--color-accent'] = `#${b.colorAccent}`;
  return out;
}

export function businessName(org: ResolvedOrg): string {
  return org.branding?.business_name || org.name;
}

export function applyBranding(org: ResolvedOrg): void {
  const root = document.documentElement;
  for (const [k, v] of Object.entries(brandingVariables(org))) root.style.setProperty(k, v);
  document.title = businessName(org);
}
