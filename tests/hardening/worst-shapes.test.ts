/**
 * The costliest bodies each schema lets a client build, and just past each limit
 * (tests/helpers/worst-shapes.ts: lists at maxItems with every item refused, one past maxItems, at
 * the body's list limit and filling 1 MiB, duplicates last; every text as long as 1 MiB allows, one
 * past maxLength, with control characters; 199 and 201 unknown fields; nesting at 32 and 33
 * levels; a body over 1 MiB), sent as the employee (emma, her own my_ records), the payroll manager
 * and the company admin to every type of the demo company. Every answer must be a 4xx error under
 * 16 kB: at most 50 errors, then one item counting the rest ('and N more errors'), never an echo of
 * what was sent. Time is not asserted here (bench/worst-shapes.ts measures how long the event loop
 * is held); sizes, statuses and counts are.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { errorShapeProblems, figure, leaks } from '../helpers/hardening.ts';
import { ROOT } from '../helpers/server.ts';
import { worstShapes, type Schema, type Shape } from '../helpers/worst-shapes.ts';

const SUITE = 'worst-shapes';
const MAX_ANSWER = 16 * 1024;
const MORE = /^and \d+ more errors?$/;

interface TypeFile {
  module: string;
  type: string;
  keyedByUser: boolean;
  my: boolean;
}

const TYPES: TypeFile[] = ['auth', 'payroll', 'hr', 'time', 'comms', 'storage'].flatMap((module) =>
  readdirSync(path.join(ROOT, 'schemas', module))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = JSON.parse(readFileSync(path.join(ROOT, 'schemas', module, f), 'utf8'));
      return { module, type: f.slice(0, -5), keyedByUser: file['x-key'] === 'user', my: file['x-my'] === true };
    }),
);

let w: DemoWorld;
const shapes = new Map<string, Shape[]>();

beforeAll(async () => {
  w = await demoWorld();
  for (const t of TYPES) {
    const meta = await w.call('GET', `/${t.module}/api/data/meta/${t.type}`, as(w.staff));
    assert.equal(meta.status, 200, `meta ${t.module}/${t.type}: ${meta.text}`);
    shapes.set(`${t.module}/${t.type}`, worstShapes(meta.body.schema as Schema));
  }
});
afterAll(async () => {
  await w?.server.stop();
});

/** Where a role writes a type: a create, or a save of a user-keyed record (the employee's own, else emma's). */
function route(t: TypeFile, role: Session, own: boolean): string {
  if (!t.keyedByUser) return `/${t.module}/api/data/${t.type}/`;
  return own && t.my
    ? `/${t.module}/api/data/my_${t.type}/${role.user}`
    : `/${t.module}/api/data/${t.type}/${w.emma.user}`;
}

/** What every answer to a shape must be; answers the problems found. */
function problemsOf(shape: Shape, r: { status: number; text: string; body: any }): string[] {
  const out: string[] = [];
  if (r.status < 400 || r.status >= 500) out.push(`status ${r.status}`);
  if (r.text.length >= MAX_ANSWER) out.push(`answer of ${r.text.length} bytes`);
  out.push(...leaks(r.text));
  if (r.status === 400) out.push(...errorShapeProblems(r.body, false));
  const errors = Array.isArray(r.body?.errors) ? (r.body.errors as { path: string; message: string }[]) : [];
  if (errors.length > 51) out.push(`${errors.length} errors`);
  if (errors.length === 51 && !MORE.test(errors[50].message))
    out.push(`51st error is not a count: ${errors[50].message}`);
  return out.map((p) => `${shape.label} (${shape.body.length} bytes): ${p}`);
}

for (const [name, pick] of [
  ['the employee, on her own records', () => w.emma],
  ['the payroll manager', () => w.payroll],
  ['the company admin', () => w.admin],
] as const) {
  describe(`as ${name}`, () => {
    test('every worst shape of every type answers a 4xx under 16 kB, with at most 50 errors and a count of the rest', async () => {
      const role = pick();
      const counts = { requests: 0, validated: 0, capped: 0, refusedBeforeValidation: 0, over1MiB: 0 };
      for (const t of TYPES) {
        const p = route(t, role, role === w.emma);
        // A caller refused before validation (403, 404) is sent the largest bodies only.
        const probe = await w.call('POST', p, { ...as(role), body: { zz_probe: 1 } });
        const reaches = probe.status === 400 && probe.body?.message === 'Validation failed';
        const all = shapes.get(`${t.module}/${t.type}`)!;
        const sent = reaches ? all : all.filter((s) => /1 MiB|over 1 MiB/.test(s.label));
        if (!reaches) counts.refusedBeforeValidation++;
        for (const shape of sent) {
          const r = await w.call('POST', p, {
            ...as(role),
            rawBody: shape.body,
            headers: { 'content-type': 'application/json' },
          });
          counts.requests++;
          if (r.status === 413) counts.over1MiB++;
          if (r.body?.message === 'Validation failed') counts.validated++;
          if (Array.isArray(r.body?.errors) && MORE.test(r.body.errors.at(-1)?.message ?? '')) counts.capped++;
          const found = problemsOf(shape, r);
          assert.deepEqual(found, [], `${t.module}/${t.type} at ${p}`);
        }
      }
      for (const [k, v] of Object.entries(counts)) figure(SUITE, `${name}: ${k}`, v);
      // Not vacuous: the role reached validation somewhere, and long error lists were cut.
      assert.ok(counts.validated > 0, 'no shape reached validation');
      assert.ok(counts.capped > 0, 'no answer counted errors past the first 50');
      assert.ok(counts.over1MiB > 0, 'no body over 1 MiB was answered 413');
    });
  });
}
