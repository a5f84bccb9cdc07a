/** The log sink redacts values shaped like personal data, also in the stack of an unhandled error. */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { jsonLog, redact } from '../../server/http/log.ts';
import { testServices } from '../helpers/in-process.ts';

const SSN = '219-09-9999';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

test('redact masks SSNs, long digit runs, tokens, hashes and cipher text, and keeps the rest', () => {
  const line = `ssn ${SSN} bare 219099999 masked xxx-xx-9999 acct 000123456789 tok ${TOKEN} h ${HASH} c enc:v1:aXY:dGFn:Y3Q d enc:v2:xxx-xx-4321:aXY:dGFn:Y3Q`;
  const out = redact(line);
  for (const value of [SSN, '219099999', 'xxx-xx-9999', '000123456789', TOKEN, HASH, 'enc:v1:', 'enc:v2:', '4321']) {
    assert.ok(!out.includes(value), `${value} is gone: ${out}`);
  }
  assert.equal(
    out,
    'ssn [number] bare [number] masked [number] acct [number] tok [token] h [hash] c [cipher text] d [cipher text]',
  );
  const harmless = 'storage: compaction failed on 7f3c9a12-0000-4000-8000-123456789012, retrying in 1000 ms (pid 4242)';
  assert.equal(redact(harmless), harmless, 'keys, times and small numbers are kept');
});

test('an unhandled error is logged without the values its message quotes', async () => {
  const { services, storage, dataDir } = await testServices({ prefix: 'dform-log-' });
  const lines: string[] = [];
  services.log = jsonLog({ out: (l) => lines.push(l), err: (l) => lines.push(l) });
  try {
    const app = createApp(services, (a) =>
      a.get('/boom', () => {
        throw new Error(`cannot use ${SSN} with account 000123456789 and ${TOKEN}`);
      }),
    );
    const res = await app.request('/boom');
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), { message: 'Internal server error' });
    assert.equal(lines.length, 1);
    const logged = JSON.parse(lines[0]);
    assert.equal(logged.level, 'error');
    assert.match(logged.error, /cannot use \[number\] with account \[number\] and \[token\]/);
    assert.match(logged.error, /log\.test\.ts/, 'the stack is kept');
    assert.ok(![SSN, '000123456789', TOKEN].some((v) => lines[0].includes(v)));
  } finally {
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
