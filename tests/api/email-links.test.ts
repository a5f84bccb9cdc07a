/**
 * The links e-mails carry (forgot password, the account invitation, the cross-site invitation, a
 * hire's invitation) are absolute addresses on the company's own site: https://<company hostname>
 * in production, DFORM_PUBLIC_URL when it is set, http://<company>.localhost:<port> in a local run.
 * The host a link names is the company's (resolve_org answers that company for it), and the
 * sign-in key it carries opens a session of that company. Opening such a link in a browser is
 * tests/browser/demo-sign-in.test.ts.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { readOutbox, waitForMail, type SentMail } from '../helpers/outbox.ts';
import { startServer } from '../helpers/server.ts';

const unique = () => crypto.randomUUID().slice(0, 8);

/** The one link of a message: its HTML's href, which the text must carry too. */
function linkOf(mail: SentMail): URL {
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
  );
  assert.equal(hrefs.length, 1, `one link in ${mail.html}`);
  assert.ok(mail.text.includes(hrefs[0]), `the text carries the link too: ${mail.text}`);
  assert.match(hrefs[0], /^https?:\/\//, `an absolute link: ${hrefs[0]}`);
  return new URL(hrefs[0]);
}

async function mailTo(w: DemoWorld, to: string): Promise<SentMail> {
  const mail = (await readOutbox(w.server.dataDir)).filter((m) => m.to === to);
  assert.equal(mail.length, 1, `one message to ${to}`);
  return mail[0];
}

const MODES: { name: string; env: Record<string, string>; site: (w: DemoWorld) => string }[] = [
  {
    name: 'in production (DFORM_PRODUCT_DOMAIN set)',
    env: {},
    site: () => 'https://acmedemo.dform.app',
  },
  {
    name: 'with DFORM_PUBLIC_URL',
    env: { DFORM_PUBLIC_URL: 'https://{hostname}:8443/' },
    site: () => 'https://acmedemo.dform.app:8443',
  },
  {
    name: 'in a local run (no DFORM_PRODUCT_DOMAIN, the server on 127.0.0.1)',
    env: { DFORM_PRODUCT_DOMAIN: '' },
    site: (w: DemoWorld) => `http://acmedemo.localhost:${new URL(w.server.url).port}`,
  },
];

for (const mode of MODES) {
  describe(`e-mailed links ${mode.name}`, () => {
    let w: DemoWorld;
    beforeAll(async () => {
      w = await demoWorld(mode.env);
    });
    afterAll(async () => {
      await w?.server.stop();
    });

    /** The link is on the company's site, and its key signs in to the company once. */
    async function signsInToAcme(link: URL, userKey: string) {
      assert.equal(link.origin, mode.site(w));
      assert.equal(link.pathname, '/auto-login');
      const resolved = await w.call('GET', `/auth/api/resolve_org?hostname=${link.hostname}`);
      assert.equal(resolved.body.organization_id, w.acmeOrg, "the link's host is the company's");
      const q = link.searchParams;
      assert.equal(q.get('userid'), userKey);
      const r = await w.call('POST', '/auth/api/login', {
        org: w.acmeOrg,
        body: { userid: q.get('userid'), key: q.get('key'), type: q.get('type') },
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.session.organization_id, w.acmeOrg);
      assert.equal(r.body.session.user.key, userKey);
    }

    async function newUser(): Promise<{ key: string; email: string }> {
      const email = `link.${unique()}@acme.example`;
      const r = await w.call('POST', '/auth/api/data/users/', {
        ...as(w.admin),
        body: { email, display_name: 'Lena Link', status: 'active', permissions: [], is_employee: false },
      });
      assert.equal(r.status, 201, r.text);
      return { key: r.body.key, email };
    }

    test('forgot password', async () => {
      const u = await newUser();
      const r = await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: u.email } });
      assert.equal(r.status, 200, r.text);
      // Sent after the answer.
      await waitForMail(w.server.dataDir, (m) => m.to === u.email);
      await signsInToAcme(linkOf(await mailTo(w, u.email)), u.key);
    });

    test('the account invitation', async () => {
      const u = await newUser();
      const r = await w.call('POST', '/auth/api/resend_user_invite_email', {
        ...as(w.admin),
        body: { user_id: u.key },
      });
      assert.equal(r.status, 200, r.text);
      await signsInToAcme(linkOf(await mailTo(w, u.email)), u.key);
    });

    test('the cross-site invitation', async () => {
      const u = await newUser();
      const r = await w.call('POST', '/auth/api/get_cross_site_invite', { ...as(w.admin), body: { user_id: u.key } });
      assert.equal(r.status, 200, r.text);
      await signsInToAcme(linkOf(await mailTo(w, u.email)), u.key);
    });

    test("a hire's invitation signs the hire in to the company", async () => {
      const email = `hire.${unique()}@example.com`;
      const r = await w.call('POST', '/payroll/api/data/onboarding_user/', {
        ...as(w.payroll),
        body: { first_name: 'Grace', last_name: 'Hopper', email, state: 'NY', pay_type: 'Hourly', rate: 21.5 },
      });
      assert.equal(r.status, 201, r.text);
      await signsInToAcme(linkOf(await mailTo(w, email)), r.body.key);
    });
  });
}

test('a DFORM_PUBLIC_URL without {hostname} stops the server at start, saying why', async () => {
  await assert.rejects(
    startServer({ env: { DFORM_PUBLIC_URL: 'https://dform.example.com' } }),
    /DFORM_PUBLIC_URL must look like https:\/\/\{hostname\}/,
  );
});
