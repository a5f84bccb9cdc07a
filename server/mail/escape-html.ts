/** Text made safe to put in a message's HTML, inside an element or a quoted attribute. */
export function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
