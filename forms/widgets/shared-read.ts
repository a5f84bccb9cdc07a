/**
 * One read answering every widget that asks for the same thing at once (a page of rows naming plans,
 * an enrolment's list of plan choices), kept `ms` milliseconds per data client. A failed read is not
 * kept: the next asker reads again.
 */
import type { ApiClient } from '../../renderers/api/client.ts';

export function sharedRead<T>() {
  const reads = new WeakMap<ApiClient, Map<string, { at: number; answer: Promise<T> }>>();
  return (client: ApiClient, key: string, ms: number, read: () => Promise<T>): Promise<T> => {
    let byKey = reads.get(client);
    if (!byKey) reads.set(client, (byKey = new Map()));
    const hit = byKey.get(key);
    if (hit && Date.now() - hit.at < ms) return hit.answer;
    const answer = read();
    byKey.set(key, { at: Date.now(), answer });
    answer.catch(() => {
      if (byKey.get(key)?.answer === answer) byKey.delete(key);
    });
    return answer;
  };
}
