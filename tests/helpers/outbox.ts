/** The e-mails a real server process sent: its outbox transport appends one JSON line each to DATA_DIR/outbox.jsonl. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Unix seconds. */
  time: number;
}

export async function readOutbox(dataDir: string): Promise<SentMail[]> {
  const text = await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SentMail);
}

/**
 * The last message matching `match` among those sent after the first `since`, waiting for one:
 * forgot_password sends its message after its answer (server/http/after-answer.ts). Fails after
 * `waitMs` without one.
 */
export async function waitForMail(
  dataDir: string,
  match: (m: SentMail) => boolean,
  { since = 0, waitMs = 10_000 }: { since?: number; waitMs?: number } = {},
): Promise<SentMail> {
  const until = Date.now() + waitMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).slice(since).filter(match).pop();
    if (found) return found;
    if (Date.now() > until) throw new Error(`outbox: no matching message after ${waitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** How many messages the outbox holds: the `since` of a later waitForMail. */
export async function outboxSize(dataDir: string): Promise<number> {
  return (await readOutbox(dataDir)).length;
}
