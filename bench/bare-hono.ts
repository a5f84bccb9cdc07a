/**
 * The lower bound for read-by-key: Hono on @hono/node-server answering a record from a Map, with
 * no auth, tenancy, access rules or masking. Same records as json-server's db.json, SSN pre-masked
 * so the answer has the same shape and size as dform's.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

interface Employee extends Record<string, unknown> {
  id: string;
  ssn: string;
}

const { employees } = JSON.parse(readFileSync(process.env.DB_FILE!, 'utf8')) as { employees: Employee[] };
const now = Math.floor(Date.now() / 1000);
const records = new Map(
  employees.map(({ id, ...data }) => [
    id,
    {
      key: id,
      data: { ...data, ssn: `xxx-xx-${data.ssn.slice(-4)}` },
      meta: { created_by: 'bench', created_time: now, updated_by: 'bench', updated_time: now, version: 1 },
    },
  ]),
);

const app = new Hono();
app.get('/healthz', (c) => c.json({ status: 'ok' }));
app.get('/payroll/api/data/employee/:key', (c) => {
  const record = records.get(c.req.param('key'));
  return record ? c.json(record) : c.json({ message: 'Not found' }, 404);
});

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`bare-hono: listening on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => process.exit(0));
