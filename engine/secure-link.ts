/**
 * Links written as data (a state form's links, a shared document's address) open only over https:
 * the schemas refuse anything else, and the screens draw no link for a value stored before that rule.
 */
export function secureHref(url: unknown): string | undefined {
  return typeof url === 'string' && /^https:\/\/[^\s]+$/i.test(url) ? url : undefined;
}
