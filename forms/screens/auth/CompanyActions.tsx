/**
 * The company screen's header actions: Company settings (the org_settings page of the company) and
 * Log in to company (AUTH:CanLoginToOrganizations or the product-staff admin): a single-use sudo key
 * from the server, redeemed on the company's own site in a new window (spec/000 section 7).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { ScreenContext } from '../../../renderers/contract/forms-registry.ts';
import { holds } from '../session-rights.ts';
import { companySiteUrl } from '../../../renderers/session/company-site.ts';
import { failureText, isFailure } from '../../../renderers/api/failure.ts';

export function autoLoginPath(a: { identifier: string; single_use_key: string }): string {
  const q = new URLSearchParams({ userid: a.identifier, key: a.single_use_key, type: 'sudo_login' });
  return `/auto-login?${q.toString()}`;
}

export function CompanyActions(ctx: ScreenContext) {
  const [busy, setBusy] = useState(false);
  const key = ctx.record?.key;
  if (!key || ctx.isNew) return null;
  // One enters the companies below one's own organization (the server answers 404 for its own).
  const maySudo = holds(ctx.session, 'AUTH:CanLoginToOrganizations') && key !== ctx.session?.organization_id;

  const logIn = async () => {
    // Opened now, while the click still counts as the user's, so the window is not blocked.
    const win = window.open('about:blank', '_blank');
    setBusy(true);
    try {
      const answer = await ctx.client.sudoLogin(key);
      const url = companySiteUrl(answer.hostname, autoLoginPath(answer));
      if (win) {
        win.opener = null;
        win.location.href = url;
      } else window.location.assign(url);
    } catch (e) {
      win?.close();
      // spec/000 section 8: a failed sudo login is logged; the user is told too.
      console.error('sudo login failed', e);
      // The server's reason when it gives one (an inactive company: 409), else a plain failure.
      const message = isFailure(e, 409) ? failureText(e) : 'Could not log in to this company.';
      ctx.notify({ type: 'negative', message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Link className="btn" to={`/auth/organizations/${key}/org_settings?name=company_settings`}>
        Company settings
      </Link>
      {maySudo && (
        <button type="button" className="btn" disabled={busy} onClick={() => void logIn()}>
          Log in to company
        </button>
      )}
    </>
  );
}
