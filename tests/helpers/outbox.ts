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
