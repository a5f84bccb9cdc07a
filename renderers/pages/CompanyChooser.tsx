/**
 * The product's own sign-in page (the root organization's) serves product staff; a company's users
 * sign in on their company's site. This part of that page takes them there: the visitor types
 * their company's address or name, the server confirms it is a company's (resolve_org), and the
 * browser goes to that company's sign-in page. Nothing lists companies: a visitor learns only
 * whether the address they typed is one, which resolve_org answers anyone (docs/company-addresses.md).
 */
import { useState, type FormEvent } from 'react';
import type { ApiClient } from '../api/client.ts';
import { isFailure } from '../api/failure.ts';
import type { ResolvedOrg } from '../api/types.ts';
import { companyHostname, companySiteUrl } from '../session/company-site.ts';
import { useServices } from '../session/session.tsx';
import { TextInput } from './TextInput.tsx';

export const NO_SUCH_COMPANY = 'No company has that address. Check it with your employer.';

export type ChooserState =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string } | { kind: 'going'; url: string };

/** Looks the typed company up and, when it is one, goes to its sign-in page. */
export function useCompanyChooser(
  client: ApiClient,
  product: ResolvedOrg,
  go: (url: string) => void = (url) => window.location.assign(url),
) {
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<ChooserState>({ kind: 'idle' });
  const choose = async () => {
    const hostname = companyHostname(typed, product.product_domain);
    if (!hostname) return setState({ kind: 'failed', message: "Enter your company's address or name." });
    setState({ kind: 'busy' });
    try {
      const found = await client.resolveOrg(hostname);
      // An address of no company answers the product's own organization.
      if (found.is_root || found.organization_id === product.organization_id) {
        return setState({ kind: 'failed', message: NO_SUCH_COMPANY });
      }
      const url = companySiteUrl(found.hostname, '/login');
      setState({ kind: 'going', url });
      go(url);
    } catch (e) {
      setState({ kind: 'failed', message: isFailure(e) ? e.message : 'The company could not be looked up.' });
    }
  };
  return { typed, setTyped, state, choose };
}

export function CompanyChooser() {
  const { client, org } = useServices();
  const { typed, setTyped, state, choose } = useCompanyChooser(client, org);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void choose();
  };
  return (
    <>
      <form className="company-chooser" onSubmit={submit} noValidate aria-labelledby="company-chooser-title">
        <h2 id="company-chooser-title">Company users</h2>
        <p className="muted">
          A company&apos;s users sign in on its own address. Enter it, or the company&apos;s name, to go there.
        </p>
        <TextInput label="Company" name="company" autoComplete="organization" value={typed} onChange={setTyped} />
        {state.kind === 'failed' && (
          <p className="form-error" role="alert">
            {state.message}
          </p>
        )}
        <button type="submit" className="btn btn--block" disabled={state.kind === 'busy' || state.kind === 'going'}>
          {state.kind === 'going' ? 'Opening…' : "Go to the company's sign-in"}
        </button>
      </form>
      <h2>Product staff</h2>
    </>
  );
}
