/**
 * This browser's device id: random, kept in localStorage (it outlives sign-outs), and sent as
 * `x-device-id` with the calls that check a password, so that the server knows a device that
 * signed in to the account before and keeps others' failed attempts from shutting it out
 * (docs/sign-in-throttle.md). It is no credential: it counts only beside the right password.
 * Like the token it travels in a header, never in a cookie.
 */
export const DEVICE_KEY = 'dform.device';
const SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The id, made on first use; undefined where there is no localStorage. */
export function deviceId(): string | undefined {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept && SHAPE.test(kept)) return kept;
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    const id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return undefined;
  }
}
