/**
 * A drawn signature (the signature's `image`, a PNG data URL) on the printed W-4, through the real
 * server and its drawing worker: a sound drawing prints as the image; one whose PNG header is sound
 * but whose pixels do not decode prints the typed name instead, and the worker goes on drawing
 * other forms (docs/signatures.md "Printing").
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { pdfImages, pdfText, squash } from '../printable/pdf-tools.ts';

let w: DemoWorld;
let wes: Session;
beforeAll(async () => {
  w = await demoWorld();
  wes = await w.login(w.acmeOrg, 'wes@acme.example', 'demo-resign-pass');
});
afterAll(async () => {
  await w.server.stop();
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** An RGBA PNG of a wavy stroke, `width` x 60, as signature_pad draws; `pixels` replaces its compressed data. */
function png(width: number, pixels?: Buffer): string {
  const height = 60;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let x = 0; x < width; x++) {
    const y = 30 + Math.round(20 * Math.sin(x / 15));
    raw.set([11, 31, 68, 255], y * (width * 4 + 1) + 1 + x * 4);
  }
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels ?? deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

async function signW4(image: string) {
  const r = await w.call('PATCH', `/payroll/api/data/my_w4/${wes.user}`, {
    ...as(wes),
    body: {
      employee_signature: {
        name: 'Wes Resign',
        font: 'font1',
        timestamp: Math.floor(Date.now() / 1000),
        userAgent: 'test',
        image,
      },
    },
  });
  assert.equal(r.status, 200, r.text);
}

async function printW4(): Promise<{ status: number; pdf: Buffer }> {
  const res = await fetch(`${w.server.url}/payroll/api/forms/w4/${wes.user}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: wes.token },
  });
  return { status: res.status, pdf: Buffer.from(await res.arrayBuffer()) };
}

test('a sound drawing prints as the image', async () => {
  await signW4(png(203));
  const { status, pdf } = await printW4();
  assert.equal(status, 200, pdf.toString().slice(0, 200));
  assert.ok((await pdfImages(pdf)).some((i) => i.width === 203 && i.height === 60));
});

test('a drawing whose pixels do not decode prints the typed name, and the next forms still print', async () => {
  await signW4(png(207, Buffer.from('not compressed pixel data, not zlib at all')));
  const first = await printW4();
  assert.equal(first.status, 200, first.pdf.toString().slice(0, 200));
  assert.match(squash(await pdfText(first.pdf)), /Wes Resign/);
  assert.ok(!(await pdfImages(first.pdf)).some((i) => i.width === 207));
  // The drawing worker was not lost: Emma's W-4 prints too, and Wes's again.
  const emma = await fetch(`${w.server.url}/payroll/api/forms/w4/${w.emma.user}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: w.emma.token },
  });
  assert.notEqual(emma.status, 500);
  assert.equal((await printW4()).status, 200);
});
