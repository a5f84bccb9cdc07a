/**
 * Printable forms (../shared/API.md): `GET /payroll/api/forms/{form}/{key}` answers the form as
 * application/pdf, where form is i9, w4, w9 or a state form (colorado, arizona, ...) and key the
 * employee's user key; a state's form prints only from a certificate of that state (else 404).
 * `paystubs` prints a pay statement, keyed by the statement's own record key (../payroll/pay-statement.ts).
 * `GET /payroll/api/forms/{key}` answers `{forms: [{form, title, kind}]}`, the forms that exist for
 * that employee and the caller may print (what the viewer offers). Mounted under /payroll/api. A
 * form showing an SSN is audited as a reveal.
 *
 * The GET is signed in with the auth_token header, or (for a link that must be a plain URL: a new
 * tab, a download) with `?download=<key>` from `POST /payroll/api/forms/{form}/{key}/download_key`,
 * a single-use key bound to the caller's session, organization, form and record (./download-keys.ts).
 * A HEAD answers 405 (../http/get-only.ts): it must neither spend the key nor audit a reveal.
 */
import { commitReveal } from '../data/reveal-audit.ts';
import { Hono, type Context } from 'hono';
import { FORMS, isFormName, type Layout } from '../../printable/layout.ts';
import { findDataLayout, findStateForm } from '../payroll/state-forms.ts';
import { loadLayout } from '../../printable/layouts.ts';
import { keptLayoutOf, signedLayoutOf } from '../payroll/signed-layouts.ts';
import { LayoutError } from '../../printable/expressions.ts';
import { callerOfSession, isUuid, type Caller } from '../auth/principal.ts';
import { signedIn, signedInUnless } from '../auth/signed-in.ts';
import { ApiError, invalidToken, notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/context.ts';
import { getOnly } from '../http/get-only.ts';
import type { Services } from '../services.ts';
import { memoryDownloadKeys } from './download-keys.ts';
import { assertMayPrint, printableFormsOf, readFormRecords } from './records.ts';
import { drawForm, drawPayStatement, FormTooSlow } from './drawing.ts';
import { PAY_STATEMENT_FORM, payStatementInput } from '../payroll/pay-statement.ts';
import { requestHeader } from '../http/node-request.ts';

/** How long a download key lives, in seconds. */
export const DOWNLOAD_KEY_SECONDS = 60;

/** A printable form type: a shipped form's name or a state form definition's printable_type. */
const FORM_TYPE = /^[a-z][a-z0-9]{1,39}$/;

function formParams(c: Context): { form: string; key: string } {
  const form = c.req.param('form');
  const key = c.req.param('key')?.toLowerCase();
  if (!form || !FORM_TYPE.test(form) || !isUuid(key)) throw notFound();
  return { form, key };
}

/** The layout of a form type: a shipped one, else one kept as data in the caller's reach; else 404. */
async function layoutOf(s: Services, caller: Caller, form: string): Promise<Layout> {
  if (isFormName(form)) return loadLayout(form);
  const layout = (await findDataLayout(s, caller.org.id, form)) ?? (await keptLayoutOf(s, caller.org.id, { form }));
  if (!layout) throw notFound();
  return layout;
}

/** The printable layout of a state: its shipped form, else the one its state form definition keeps as data. */
async function stateLayout(s: Services, caller: Caller, state: string): Promise<Layout | undefined> {
  const shipped = FORMS.map((f) => loadLayout(f)).find((l) => l.main === 'state_w4' && l.state === state);
  if (shipped) return shipped;
  const definition = await findStateForm(s, caller.org.id, state);
  const type = definition?.data.printable_type;
  const layout = typeof type === 'string' ? await findDataLayout(s, caller.org.id, type) : undefined;
  // A definition stored before its printable type had to be its state's own never prints another state's form.
  if (layout?.state === state) return layout;
  // Its definition removed, a certificate signed under one of its layouts still prints.
  return definition ? undefined : await keptLayoutOf(s, caller.org.id, { state });
}

export function printableRoutes(s: Services) {
  // Layouts are loaded and checked against their schema on first use (tests/printable checks every
  // shipped one), which keeps compiling the layout schema out of every start-up.
  const keys = (s.downloadKeys ?? memoryDownloadKeys)('printable', { now: s.now, ttlSeconds: DOWNLOAD_KEY_SECONDS });
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);
  // A download key (?download=) is the credential of a plain link, proved by the route itself.
  const authUnlessKey = signedInUnless(s, (c) => c.req.query('download') !== undefined);

  /** The caller a download key stands for: its session must still be live, and it fits only its own form. */
  async function downloadCaller(c: Context, downloadKey: string, form: string, key: string): Promise<Caller> {
    const grant = await keys.redeem(downloadKey);
    const headerOrg = requestHeader(c, 'organization-id')?.toLowerCase();
    if (!grant || grant.form !== form || grant.key !== key || (headerOrg && headerOrg !== grant.org)) {
      throw invalidToken();
    }
    return await callerOfSession(s, grant.org, grant.sid, grant.user, grant.sessionExp);
  }

  /** The forms the viewer offers for an employee: those that exist for them and the caller may print. */
  app.get('/forms/:key', auth, async (c) => {
    const caller = c.var.caller;
    const key = c.req.param('key').toLowerCase();
    if (!isUuid(key)) throw notFound();
    const forms = await printableFormsOf(s, caller, key, {
      shipped: (form) => loadLayout(form),
      ofState: async (state) => await stateLayout(s, caller, state),
    });
    return c.json({ forms });
  });

  app.post('/forms/:form/:key/download_key', auth, async (c) => {
    const caller = c.var.caller;
    const { form, key } = formParams(c);
    // Only a form the caller may print gets a key: another employee's is 404 here already.
    if (form === PAY_STATEMENT_FORM) await payStatementInput(s, caller, key);
    else await assertMayPrint(s, caller, await layoutOf(s, caller, form), key);
    const { downloadKey, expires } = await keys.issue({
      org: caller.org.id,
      user: caller.user.key,
      sid: caller.sid,
      sessionExp: caller.exp,
      form,
      key,
    });
    return c.json(
      { download_key: downloadKey, expires, url: `/payroll/api/forms/${form}/${key}?download=${downloadKey}` },
      201,
    );
  });

  /** The form drawn, its reveals of whole numbers committed first: no whole SSN or identifier leaves unaudited. */
  async function drawn(c: Context, caller: Caller, form: string, key: string): Promise<Buffer> {
    // A pay statement is keyed by its own record and prints nothing sensitive: no reveal to audit.
    if (form === PAY_STATEMENT_FORM) return (await drawPayStatement(await payStatementInput(s, caller, key))).pdf;
    const current = await layoutOf(s, caller, form);
    let layout = current;
    let { input, ssnSource, idSource } = await readFormRecords(s, caller, current, key);
    // A signed certificate of a layout kept as data prints in the layout it was signed under.
    if (!isFormName(form) && current.main === 'state_w4') {
      layout = await signedLayoutOf(s, caller.org.id, current, input.state_w4);
      if (layout !== current) ({ input, ssnSource, idSource } = await readFormRecords(s, caller, layout, key));
    }
    let result;
    try {
      result = await drawForm(layout, input);
    } catch (e) {
      if (e instanceof LayoutError) throw new ApiError(422, `A mapping of this form failed: ${e.message}`);
      if (e instanceof FormTooSlow) {
        throw new ApiError(422, `${e.message} A value it prints may be far longer than the form can hold.`);
      }
      throw e;
    }
    if (idSource) {
      const fields = [...idSource.fields, `printable:${form}`];
      await commitReveal(s, c, caller, {
        module: 'payroll',
        type: idSource.type,
        key: idSource.key,
        affectedUser: key,
        fields,
      });
    }
    if (ssnSource) {
      const fields = [ssnSource.field ?? 'ssn', `printable:${form}`];
      await commitReveal(s, c, caller, {
        module: 'payroll',
        type: ssnSource.type,
        key: ssnSource.key,
        affectedUser: key,
        fields,
      });
    }
    return result.pdf;
  }

  app.get('/forms/:form/:key', getOnly, authUnlessKey, async (c) => {
    const download = c.req.query('download');
    const { form, key } = formParams(c);
    const caller = c.var.caller ?? (await downloadCaller(c, download!, form, key));
    // One form of a company at a time: one company's forms never queue ahead of every other's in
    // the drawing worker, nor their reads and audits ahead of other requests (../company-turns.ts).
    const pdf = await s.prints.run(caller.org.id, () => drawn(c, caller, form, key));
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${form}-${key}.pdf"`,
      // The URL may hold a (spent) download key: keep it out of any Referer.
      'Referrer-Policy': 'no-referrer',
    });
  });
  return app;
}
