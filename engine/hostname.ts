/**
 * Company hostnames (spec/001 section 5), shared by the server (which enforces them) and the company
 * form (which derives the hostname live while the user types the name).
 */

/** The most characters of the company name a derived hostname keeps. */
const HOSTNAME_PREFIX_MAX = 11;

const HOSTNAME_DOMAIN_MESSAGE = 'Hostname must be a lowercase word under one of the product domains';

/**
 * The hostname of a new company: its name's letters and digits, lower-cased, at most 11 of them,
 * under the product domain ('Acme Widgets, Inc.' -> 'acmewidgets.dform.app'). A name without any
 * letter or digit gives 'company'.
 */
export function deriveHostname(name: unknown, domain: string): string {
  const text = typeof name === 'string' ? name : '';
  const prefix =
    text
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase()
      .slice(0, HOSTNAME_PREFIX_MAX) || 'company';
  return `${prefix}.${domain}`;
}

/** A lowercase word (letters, digits, inner hyphens) directly under one of `domains`. */
export function underAllowedDomain(hostname: string, domains: readonly string[]): boolean {
  const dot = hostname.indexOf('.');
  if (dot <= 0) return false;
  const word = hostname.slice(0, dot);
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(word) && domains.includes(hostname.slice(dot + 1));
}

/** The message naming the allowed domains, as the server answers it. */
export function hostnameDomainMessage(domains: readonly string[]): string {
  return `${HOSTNAME_DOMAIN_MESSAGE} (${domains.join(', ')}).`;
}
