/**
 * A company's own site, where its users sign in: the app finds its company from the host name, so
 * going to a company is going to its hostname, on this page's scheme and port.
 */
import { deriveHostname } from '../../engine/hostname.ts';

/** The company's site, on this page's scheme and port (a development server keeps its port). */
export function companySiteUrl(
  hostname: string,
  path: string,
  here: Pick<Location, 'protocol' | 'port'> = window.location,
): string {
  return `${here.protocol}//${hostname}${here.port ? `:${here.port}` : ''}${path}`;
}

const WORD = '[a-z0-9]([a-z0-9-]*[a-z0-9])?';
const HOSTNAME = new RegExp(`^${WORD}(\\.${WORD})*$`);

/**
 * The hostname a visitor means by what they typed in the sign-in page's Company field: an address
 * (`acme.dform.app`, or a pasted `https://acme.dform.app/login`) as it is; one word (`acme`) under
 * the product domain; a company name (`Acme Widgets, Inc.`) as its hostname is derived
 * (engine/hostname.ts). Undefined when there is nothing to look up.
 */
export function companyHostname(typed: string, productDomain: string | undefined): string | undefined {
  const text = typed.trim().toLowerCase();
  const address = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  if (address.includes('.') && HOSTNAME.test(address)) return address;
  if (!productDomain || !/[a-z0-9]/.test(text)) return undefined;
  if (HOSTNAME.test(address)) return `${address}.${productDomain}`;
  return deriveHostname(text, productDomain);
}
