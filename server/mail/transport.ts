/**
 * Where outgoing e-mail and text messages are handed over. Nothing calls a transport directly: a
 * message is queued in the store with the change it follows and handed here by ./outbox.ts, right
 * after the commit by the process that queued it, else by the sender holding the outbox's lease. The
 * default transport appends one JSON line per message to DATA_DIR/outbox.jsonl of the process that
 * sends it (../shared/API.md); a real mail relay is another Transport.
 */
import { appendFile } from 'node:fs/promises';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Transport {
  send(message: OutgoingMessage): Promise<void>;
}

export function outboxTransport(file: string, now: () => number = () => Math.floor(Date.now() / 1000)): Transport {
  return {
    async send(m) {
      const line = JSON.stringify({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? '', time: now() });
      await appendFile(file, line + '\n', { mode: 0o600 });
    },
  };
}

/** Keeps messages in memory (tests). */
export function memoryTransport(): Transport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return { sent, send: async (m) => void sent.push(m) };
}
