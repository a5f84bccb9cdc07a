/**
 * Absolute addresses on a company's own site, for whatever leaves the server and is opened later
 * elsewhere: the links e-mails carry and the sign-in addresses the demo prints. The site is found
 * from its hostname (server/orgs.ts), so a link must name the company's host, never a path alone.
 */
import { LOCAL_DOMAIN, type ServerConfig } from './config.ts';

export type PublicSite = Pick<ServerConfig, 'publicUrl' | 'productDomain' | 'port'>;

/**
 * DFORM_PUBLIC_URL, else the default: a product domain under `localhost` is a local run, served in
 * plain http on the port the server listens on; any other is served in https on its own port.
 */
function publicUrlTemplate(site: PublicSite): string {
  if (site.publicUrl) return site.publicUrl;
  const local = site.productDomain === LOCAL_DOMAIN || site.productDomain.endsWith(`.${LOCAL_DOMAIN}`);
  return local ? `http://{hostname}${site.port === 80 ? '' : `:${site.port}`}` : 'https://{hostname}';
}

/** The absolute URL of `path` (from its leading '/') on the site of the company at `hostname`. */
export function companyUrl(site: PublicSite, hostname: string, path: string): string {
  if (!path.startsWith('/')) throw new Error(`public-url: the path '${path}' must start with '/'`);
  return publicUrlTemplate(site).replace('{hostname}', hostname.toLowerCase()) + path;
}

/**
 * The link that redeems a single-use sign-in key (forgot password, invitations) on the company's
 * own site: the web app's /auto-login signs in with it and asks for a new password.
 */
export function signInLink(site: PublicSite, hostname: string, userKey: string, key: string): string {
  const q = new URLSearchParams({ userid: userKey, key, type: 'forgot_password' });
  return companyUrl(site, hostname, `/auto-login?${q.toString()}`);
}
