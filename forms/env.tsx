/**
 * What the form widgets need from the signed-in app: the organization's name (the signature
 * agreement names it), the company's feature flags (hide_direct_deposit) and the clock and user agent
 * a signature records. Stories and tests give it with FormsEnvProvider; in the app it comes from the
 * session and the organization's branding.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_TIME_ZONE } from '../engine/local-day.ts';
import { businessName } from '../renderers/layouts/branding.ts';
import { useServices, type AppServices } from '../renderers/session/session.tsx';

export interface FormsEnv {
  /** The employer's name as the company's branding shows it. */
  organizationName: string;
  /** The company's enabled_features (session organization.enabled_features). */
  features: Readonly<Record<string, boolean>>;
  /**
   * The employer's lists (payroll/employer_info as type to value), when already known (stories,
   * tests); in the app the forms that need them read them (useEmployerInfo).
   */
  employer?: Readonly<Record<string, unknown>>;
  /** Now, in Unix seconds. */
  now(): number;
  userAgent(): string;
  /** The domain new company hostnames are derived under (resolve_org's product_domain). */
  productDomain?: string;
  /** The company's time zone (session organization.data.time_zone): signature dates are its days. */
  timeZone: string;
}

export const defaultFormsEnv: FormsEnv = {
  organizationName: 'your employer',
  features: {},
  now: () => Math.floor(Date.now() / 1000),
  timeZone: DEFAULT_TIME_ZONE,
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
};

const FormsEnvContext = createContext<Partial<FormsEnv> | undefined>(undefined);

export function FormsEnvProvider({ value, children }: { value: Partial<FormsEnv>; children: ReactNode }) {
  return <FormsEnvContext.Provider value={value}>{children}</FormsEnvContext.Provider>;
}

/**
 * The app's services when the widget renders inside the app shell, else undefined (stories, tests).
 * useServices always calls useContext before it throws, so hooks keep their order either way.
 */
export function useOptionalServices(): AppServices | undefined {
  try {
    return useServices();
  } catch {
    return undefined;
  }
}

export function envFromServices(s: AppServices | undefined): Partial<FormsEnv> {
  if (!s) return {};
  const out: Partial<FormsEnv> = { organizationName: businessName(s.org) };
  if (s.org.product_domain) out.productDomain = s.org.product_domain;
  const features = s.auth.session?.organization?.enabled_features;
  if (features) out.features = features;
  const timeZone = s.auth.session?.organization?.data?.time_zone;
  if (typeof timeZone === 'string') out.timeZone = timeZone;
  return out;
}

export function useFormsEnv(): FormsEnv {
  const given = useContext(FormsEnvContext);
  const services = useOptionalServices();
  return useMemo(() => {
    const fromApp = envFromServices(services);
    return { ...defaultFormsEnv, ...fromApp, ...given };
  }, [given, services]);
}
