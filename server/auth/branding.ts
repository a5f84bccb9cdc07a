/**
 * An organization's branding (spec/000 section 1): its organization_preferences attributes over
 * the product's defaults.
 */
import type { OrgInfo } from '../orgs.ts';
import type { Services } from '../services.ts';

export const DEFAULT_BRANDING = {
  email: '',
  business_name: '',
  phone: '',
  website: '',
  colorPrimary: '002d50',
  colorSecondary: 'bfc0c0',
  colorAccent: '588326',
};

export async function brandingOf(s: Services, org: OrgInfo): Promise<typeof DEFAULT_BRANDING> {
  const prefs = (await s.storage.find('auth/organization_preferences', org.id, { criteria: [], limit: 1, offset: 0 }))
    .items[0];
  const attrs = (prefs?.data.attributes ?? {}) as Record<string, unknown>;
  const out = { ...DEFAULT_BRANDING, business_name: org.name };
  for (const k of Object.keys(DEFAULT_BRANDING) as (keyof typeof DEFAULT_BRANDING)[]) {
    if (typeof attrs[k] === 'string' && attrs[k]) out[k] = attrs[k] as string;
  }
  return out;
}
