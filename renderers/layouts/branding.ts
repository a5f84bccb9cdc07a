/**
 * Organization branding (spec/000 section 1) as CSS variables on the document: --color-primary,
 * --color-secondary, --color-accent; colours arrive as hex without '#'. The primary colour is text
 * (links, headings, the active menu item) and the ground of white text (the header, primary
 * buttons), so it is applied as a shade that reads at WCAG AA's 4.5:1 in both (readablePrimary):
 * a light brand colour (AABBCC) made every header and heading unreadable. Secondary and accent
 * colours only draw lines.
 */
import type { ResolvedOrg } from '../api/types.ts';

const HEX = /^[0-9a-fA-F]{6}$/;

/** The lightest ground primary-coloured text sits on (the active menu item, layout.css). */
const LIGHTEST_GROUND = 'e3ebf3';
/** WCAG 2 AA contrast for normal text. */
const AA = 4.5;

const channels = (hex: string) => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) => rgb.map((c) => c.toString(16).padStart(2, '0')).join('');

/** WCAG 2 relative luminance of a colour (hex without '#'). */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (hex without '#'), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The brand's primary colour as the screens use it: itself when it reads at 4.5:1 on the lightest
 * ground it is text on (and so under white text too), else darkened, its hue kept, just enough.
 */
export function readablePrimary(hex: string): string {
  let rgb = channels(hex.toLowerCase());
  while (contrastRatio(toHex(rgb), LIGHTEST_GROUND) < AA) rgb = rgb.map((c) => Math.floor(c * 0.95));
  return toHex(rgb);
}

export function brandingVariables(org: ResolvedOrg): Record<string, string> {
  const b = org.branding ?? ({} as ResolvedOrg['branding']);
  const out: Record<string, string> = {};
  if (HEX.test(b.colorPrimary ?? '')) out['--color-primary'] = `#${readablePrimary(b.colorPrimary)}`;
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
