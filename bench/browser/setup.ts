/**
 * The browser benchmark's world: the demo server filled with enough employees for 100-row pages,
 * the entity whose edit form has the most fields, and the stock @rjsf page built for comparison.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { JsonObject, TypeMeta } from '../../renderers/api/types.ts';
import { resolveSchema } from '../../renderers/format/schema-facts.ts';
import { buildFormModel } from '../../renderers/screens/record/form-model.ts';
import type { client } from '../../tests/helpers/server.ts';

type Call = ReturnType<typeof client>;
export interface Caller {
  org: string;
  token: string;
}

/** Leaf fields of a form schema: nested objects (also through allOf) count their own fields. */
export function countFields(root: JsonObject, s: JsonObject | undefined, depth = 0): number {
  const r = resolveSchema(root, s);
  if (!r || depth > 8) return 0;
  const props: Record<string, JsonObject> = { ...((r.properties as Record<string, JsonObject>) ?? {}) };
  for (const part of (r.allOf as JsonObject[] | undefined) ?? []) {
    Object.assign(props, (resolveSchema(root, part)?.properties as Record<string, JsonObject>) ?? {});
  }
  const names = Object.keys(props);
  if (!names.length) return 1;
  return names.reduce((n, k) => n + countFields(root, props[k], depth + 1), 0);
}

/** Of the types `who` may edit, the one whose edit form shows the most fields. */
export async function largestForm(call: Call, who: Caller): Promise<{ meta: TypeMeta; fields: number }> {
  const cat = await call('GET', '/auth/api/catalogue', who);
  let best: { meta: TypeMeta; fields: number } | undefined;
  for (const e of cat.body as { module: string; type: string; can: { edit: boolean } }[]) {
    if (!e.can.edit || e.type.startsWith('my_')) continue;
    const m = await call('GET', `/${e.module}/api/data/meta/${e.type}`, who);
    if (m.status !== 200) continue;
    const meta = m.body as TypeMeta;
    const model = buildFormModel(meta, 'edit');
    const fields = countFields(model.schema, model.schema);
    if (!best || fields > best.fields) best = { meta, fields };
  }
  if (!best) throw new Error('bench: the caller may edit no type');
  return best;
}

/** Adds `n` employees (each a user of the company), a few at a time. */
export async function addEmployees(call: Call, admin: Caller, payroll: Caller, n: number): Promise<void> {
  const titles = ['Payroll Clerk', 'Warehouse Associate', 'Staff Accountant', 'Delivery Driver', 'HR Generalist'];
  const one = async (i: number) => {
    const u = await call('POST', '/auth/api/data/users/', {
      ...admin,
      body: {
        email: `bench${i}@acme.example`,
        display_name: `Bench Worker${i}`,
        status: 'active',
        permissions: [],
        is_employee: true,
        employee_id: String(30_000 + i),
      },
    });
    if (u.status !== 201) throw new Error(`bench: user ${i}: ${u.status} ${u.text}`);
    const r = await call('POST', '/payroll/api/data/employee/', {
      ...payroll,
      body: {
        _user_uuid: u.body.key,
        first_name: `Worker${i}`,
        last_name: `Bench${String(i).padStart(3, '0')}`,
        email: `bench${i}@acme.example`,
        job_title: titles[i % titles.length],
        employment_type: 'REGULAR',
        hire_date: 1_600_000_000 + i * 86_400,
      },
    });
    if (r.status !== 201) throw new Error(`bench: employee ${i}: ${r.status} ${r.text}`);
  };
  for (let i = 0; i < n; i += 4) await Promise.all([0, 1, 2, 3].filter((j) => i + j < n).map((j) => one(i + j)));
}

/** Builds bench/browser/stock into a temporary folder; answers the folder. */
export async function buildStockPage(): Promise<string> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'dform-bench-stock-'));
  // Vite's build sets NODE_ENV=production in this process, which the bench's server then inherits
  // (and refuses to start without its keys set apart): put it back as it was.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      root: path.join(import.meta.dirname, 'stock'),
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false }, chunkSizeWarningLimit: 4000 },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/** The smallest value a schema accepts as far as its required parts, enums and bounds go. */
export function minimalValue(root: JsonObject, s: JsonObject | undefined, depth = 0): unknown {
  const r = resolveSchema(root, s);
  if (!r || depth > 8) return undefined;
  if ('const' in r) return r.const;
  if (Array.isArray(r.enum)) return r.enum[0];
  const parts = [r, ...((r.allOf as JsonObject[] | undefined) ?? []).map((p) => resolveSchema(root, p) ?? {})];
  const type = parts.map((p) => p.type).find((t) => typeof t === 'string');
  if (type === 'object' || parts.some((p) => p.properties)) {
    const out: JsonObject = {};
    for (const p of parts) {
      const props = (p.properties as Record<string, JsonObject> | undefined) ?? {};
      for (const name of (p.required as string[] | undefined) ?? [])
        out[name] = minimalValue(root, props[name], depth + 1);
    }
    return out;
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return typeof r.minimum === 'number' ? r.minimum : 0;
  if (type === 'boolean') return false;
  return 'x'.repeat(typeof r.minLength === 'number' ? r.minLength : 1);
}

/**
 * Makes sure the record `key` of `meta`'s type exists, so its edit screen opens with data and the
 * list links to it: written with the minimal valid data by the first caller allowed to.
 */
export async function ensureRecord(call: Call, callers: Caller[], meta: TypeMeta, key: string): Promise<boolean> {
  const url = `/${meta.module}/api/data/${meta.type}/${key}`;
  if ((await call('GET', url, callers[0])).status === 200) return true;
  const body = minimalValue(meta.schema, meta.schema) as JsonObject;
  for (const c of callers) if ((await call('POST', url, { ...c, body })).status < 300) return true;
  return false;
}
