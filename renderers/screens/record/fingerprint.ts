/**
 * A short hash of a JSON value (FNV-1a over its JSON text): tells whether the schema the server
 * describes is the one the web app's validators were compiled from.
 */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(16)}:${text.length}`;
}
