/**
 * Printable forms (../shared/API.md): `GET /payroll/api/forms/{form}/{key}` answers the form as
 * application/pdf, where form is i9, w4 or a state form (colorado, arizona, ...) and key the
 * employee's user key. Mounted under /payroll/api. A form showing an SSN is audited as a reveal.
 */
import { Hono } from 'hono';
import { isFormName } from '../../printable/layout.ts';
import { loadLayout } from '../../printable/layouts.ts';
import { LayoutError } from '../../printable/expressions.ts';
import { authenticate, isUuid } from '../auth/principal.ts';
import { auditOp } from '../data/audit.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { readFormRecords } from './records.ts';

// pdfmake and its fonts load on the first printable request, not at every start-up.
const renderer = () => import('../../printable/render.ts');

export function printableRoutes(s: Services) {
  // Layouts are loaded and checked against their schema on first use (tests/printable checks every
  // shipped one), which keeps compiling the layout schema out of every start-up.
  const app = new Hono<AppEnv>();
  app.get('/forms/:form/:key', async (c) => {
    const caller = await authenticate(s, c);
    const form = c.req.param('form');
    const key = c.req.param('key').toLowerCase();
    if (!isFormName(form) || !isUuid(key)) throw notFound();
    const layout = loadLayout(form);
    const { input, ssnSource } = await readFormRecords(s, caller, layout.main, layout.records, key);
    let result;
    try {
      result = await (await renderer()).renderLayout(layout, input);
    } catch (e) {
      if (e instanceof LayoutError) throw new ApiError(422, `A mapping of this form failed: ${e.message}`);
      throw e;
    }
    if (result.revealed.includes('ssn') && ssnSource) {
      // Committed before the answer: no full SSN leaves unaudited.
      await s.storage.commit([
        auditOp({
          org: caller.org.id,
          actor: { key: caller.user.key, name: String(caller.user.data.display_name ?? '') },
          action: 'reveal',
          module: 'payroll',
          type: ssnSource.type,
          key: ssnSource.key,
          affectedUser: key,
          fields: ['ssn', `printable:${form}`],
          ...requestInfo(c),
          now: s.now(),
        }),
      ]);
    }
    return c.body(new Uint8Array(result.pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${form}-${key}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
