/**
 * The rules of file fields shared by the server and the file field: which names are kept, which
 * types a field takes, and what a schema's x-file says.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { accepts, cleanFileName, DEFAULT_ACCEPT, DEFAULT_MAX_BYTES, fileFields } from '../../../engine/files.ts';

test('file names keep their last segment, without control, bidi or reserved characters', () => {
  const cases: [string, string][] = [
    ['scan.pdf', 'scan.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\emma\\W-2 2025.pdf', 'W-2 2025.pdf'],
    ['.htaccess', 'htaccess'],
    ['  ..hidden.txt ', 'hidden.txt'],
    ['invoice\u202egpj.exe', 'invoice_gpj.exe'],
    ['a\u0000b\r\nc.pdf', 'a_b__c.pdf'],
    ['what?<now>|"x":*.png', 'what__now___x___.png'],
    ['', 'file'],
    ['///', 'file'],
    ['Résumé.pdf', 'Résumé.pdf'],
    ['a\uffffb\ufdd0\ufffe.pdf', 'a_b__.pdf'],
    ['line\u2028break.pdf', 'line_break.pdf'],
    ['half\ud83d.pdf', 'half_.pdf'],
    ['\ude00tail.pdf', '_tail.pdf'],
    ['smile\u{1F600}.pdf', 'smile\u{1F600}.pdf'],
    ['zero\u200bwidth\ufeff.pdf', 'zero_width_.pdf'],
    ['word\u2060joiner\u00ad\u180e.pdf', 'word_joiner__.pdf'],
  ];
  for (const [raw, clean] of cases) assert.equal(cleanFileName(raw), clean, JSON.stringify(raw));
  const long = cleanFileName(`${'x'.repeat(300)}.pdf`);
  assert.equal(long.length, 200);
  assert.ok(long.endsWith('.pdf'));
  // Cut by characters: an emoji at the cut is kept whole or left out, never halved.
  const emoji = cleanFileName(`${'a'.repeat(195)}\u{1F600}${'b'.repeat(10)}.pdf`);
  assert.equal(Array.from(emoji).length, 200);
  assert.doesNotMatch(
    emoji,
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    'no half of a character',
  );
  assert.ok(emoji.endsWith('.pdf'));
});

test('accept lists take exact types and type/* families; an empty list takes any', () => {
  assert.equal(accepts(['application/pdf'], 'application/pdf'), true);
  assert.equal(accepts(['application/pdf'], 'Application/PDF'), true);
  assert.equal(accepts(['application/pdf'], 'image/png'), false);
  assert.equal(accepts(['image/*'], 'image/png'), true);
  assert.equal(accepts(['image/*'], 'imagex/png'), false);
  assert.equal(accepts([], 'application/x-msdownload'), true);
  assert.equal(accepts(DEFAULT_ACCEPT, 'application/x-msdownload'), false);
  assert.equal(accepts(DEFAULT_ACCEPT, 'text/html'), false);
});

test("a schema's x-file fields, with their defaults and encryption", () => {
  const fields = fileFields({
    type: 'object',
    properties: {
      name: { type: 'string' },
      file: { 'x-file': {}, 'x-sensitive': 'file' },
      scan: { 'x-file': { accept: ['image/*'], maxBytes: 1000 } },
    },
  });
  assert.deepEqual(fields, [
    { field: 'file', accept: [...DEFAULT_ACCEPT], maxBytes: DEFAULT_MAX_BYTES, encrypted: true },
    { field: 'scan', accept: ['image/*'], maxBytes: 1000, encrypted: false },
  ]);
});
