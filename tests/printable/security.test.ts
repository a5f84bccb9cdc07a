/**
 * pdfmake 0.3 on a server fetches URLs and reads local files named as fonts, images, attachments or
 * files unless its access policies say no. Neither a layout nor a record may make it reach anything:
 * a listener on 127.0.0.1 must receive nothing while forms naming it (and /etc/passwd) are rendered.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { FONT_FILES } from '../../printable/fonts.ts';
import type { Layout } from '../../printable/layout.ts';
import { BACKGROUNDS_DIR, loadLayout } from '../../printable/layouts.ts';
import { mayFetchUrl, mayReadLocal, pdfBuffer } from '../../printable/pdf.ts';
import { renderLayout } from '../../printable/render.ts';
import { sampleInput } from '../../bench/printable-samples.ts';
import { pdfImages, pdfText, squash } from './pdf-tools.ts';

let server: Server;
let connections = 0;
let url = '';

beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  assert.equal(connections, 0, 'nothing ever reached the listener');
});

const doc = (extra: Record<string, unknown>) => ({
  pageSize: { width: 612, height: 792 },
  pageMargins: 0,
  content: [{ text: 'Form' }],
  ...extra,
});

describe('pdfmake access policies', () => {
  test('no URL may be fetched; only the bundled fonts and background images may be read', () => {
    assert.equal(mayFetchUrl(`${url}/x.png`), false);
    assert.equal(mayFetchUrl('https://example.com/font.ttf'), false);
    for (const faces of Object.values(FONT_FILES))
      for (const file of Object.values(faces)) assert.ok(mayReadLocal(file), file);
    assert.ok(mayReadLocal(path.join(BACKGROUNDS_DIR, 'blank-letter.png')));
    for (const file of [
      '/etc/passwd',
      path.join(BACKGROUNDS_DIR, '..', 'layout.ts'),
      path.join(BACKGROUNDS_DIR, '..', '..', 'data', 'secrets', 'data.key'),
      `${BACKGROUNDS_DIR}/sub/x.png`,
      'package.json',
      `${FONT_FILES.Roboto.normal}\0.png`,
    ]) {
      assert.equal(mayReadLocal(file), false, file);
    }
  });

  test('a document naming a URL or a local file as an image is refused before any fetch', async () => {
    await assert.rejects(pdfBuffer(doc({ images: { x: `${url}/x.png` }, content: [{ image: 'x' }] })), /denied/);
    await assert.rejects(
      pdfBuffer(doc({ images: { x: { url: `${url}/y.png`, headers: {} } }, content: [{ image: 'x' }] })),
      /denied/,
    );
    await assert.rejects(pdfBuffer(doc({ content: [{ image: '/etc/passwd' }] })), /denied/);
    await assert.rejects(pdfBuffer(doc({ content: [{ image: `${url}/z.png` }] })), /denied/);
  });

  test('fonts naming a URL or a local file are refused', async () => {
    const text = { content: [{ text: 'x', font: 'Evil' }] };
    await assert.rejects(pdfBuffer(doc(text), { ...FONT_FILES, Evil: { normal: `${url}/f.ttf` } }), /denied/);
    await assert.rejects(pdfBuffer(doc(text), { ...FONT_FILES, Evil: { normal: '/etc/passwd' } }), /denied/);
  });

  test('attachments and embedded files naming a URL or a local file are refused', async () => {
    await assert.rejects(pdfBuffer(doc({ files: { a: { src: `${url}/a.txt` } } })), /denied/);
    await assert.rejects(pdfBuffer(doc({ files: { a: { src: '/etc/passwd' } } })), /denied/);
    await assert.rejects(
      pdfBuffer(doc({ attachments: { a: { src: '/etc/passwd' } }, content: [{ attachment: 'a' }] })),
      /denied/,
    );
  });

  test('SVG content, whose images would bypass the local policy, is refused', async () => {
    const svg = `<svg width="10" height="10"><image href="/etc/passwd" width="10" height="10"/><image href="${url}/s.png"/></svg>`;
    await assert.rejects(pdfBuffer(doc({ content: [{ svg }] })), /SVG content is not allowed/);
    await assert.rejects(
      pdfBuffer(doc({ content: [{ stack: [{ columns: [{ svg }] }] }] })),
      /SVG content is not allowed/,
    );
  });
});

describe('layouts and records cannot reach outside', () => {
  const virginia = () => structuredClone(loadLayout('virginia')) as Layout;

  test('a layout whose background names a URL or a path is refused', async () => {
    for (const background of [`${url}/x.png`, '/etc/passwd', '../layout.schema.json', 'sub/x.png']) {
      const layout = { ...virginia(), pages: [{ background }] };
      await assert.rejects(
        renderLayout(layout, sampleInput('virginia')),
        /not a file name in printable\/backgrounds/,
        background,
      );
    }
  });

  test('a background from printable/backgrounds/ is drawn', async () => {
    const layout = { ...virginia(), pages: [{ background: 'blank-letter.png' }] };
    const { pdf } = await renderLayout(layout, sampleInput('virginia'));
    assert.deepEqual((await pdfImages(pdf))[0], { page: 1, width: 17, height: 22, stencil: false });
  });

  test('record values naming URLs, paths and fonts are printed as text, never read', async () => {
    const input = sampleInput('w4');
    input.employee = { ...input.employee, first_name: `${url}/name.png`, last_name: '/etc/passwd' };
    input.basic_info = { legal_address: { address1: `file:///etc/passwd`, city: `${url}/city` } };
    input.w4 = {
      ...input.w4,
      employee_signature: {
        name: 'Maria E. Gonzalez',
        font: '/etc/passwd',
        image: `${url}/sig.png`,
        timestamp: 1741014000,
      },
    };
    const { pdf } = await renderLayout(loadLayout('w4'), input);
    const text = squash(await pdfText(pdf));
    assert.ok(text.includes('/etc/passwd'), 'printed as text');
    assert.ok(text.includes('Maria E. Gonzalez'), 'the typed name stands in for an image that is not a PNG data URL');
    assert.doesNotMatch(text, /root:x:0:0/);
  });

  test('a drawn signature prints as the PNG it is; a broken one falls back to the typed name', async () => {
    const png = (await import('node:fs'))
      .readFileSync(path.join(BACKGROUNDS_DIR, 'blank-letter.png'))
      .toString('base64');
    const input = sampleInput('w4');
    input.w4 = {
      ...input.w4,
      employee_signature: { name: 'Maria E. Gonzalez', image: `data:image/png;base64,${png}`, timestamp: 1741014000 },
    };
    let pdf = (await renderLayout(loadLayout('w4'), input)).pdf;
    assert.ok(
      (await pdfImages(pdf)).some((i) => i.width === 17 && i.height === 22 && !i.stencil),
      'the signature image is drawn',
    );
    assert.ok(!squash(await pdfText(pdf)).includes('Maria E. Gonzalez Date'), 'the image, not the name');
    // A PNG header with garbage after it: pdfkit cannot decode it, the typed name is printed instead.
    const broken = Buffer.concat([Buffer.from(png, 'base64').subarray(0, 33), Buffer.alloc(40, 7)]).toString('base64');
    input.w4 = {
      ...input.w4,
      employee_signature: {
        name: 'Maria E. Gonzalez',
        image: `data:image/png;base64,${broken}`,
        timestamp: 1741014000,
      },
    };
    pdf = (await renderLayout(loadLayout('w4'), input)).pdf;
    assert.match(squash(await pdfText(pdf)), /Maria E\. Gonzalez/);
  });
});
