/**
 * The My clients page's data and action, without markup: the signed-in partner's own
 * cross-organization accounts (`my_cross_org_accounts`, the owner's records only) and, per account,
 * the state of "Send me a sign-in code" (`request_cross_site_sign_in`, docs/api-notes.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { failureText, isFailure } from '../../../renderers/api/failure.ts';
import type { FindBody, WireRecord } from '../../../renderers/api/types.ts';
import { useServices } from '../../../renderers/session/session.tsx';
import type { AuthCrossOrgAccounts } from '../../../types/generated/auth/cross_org_accounts.ts';

export type ClientLink = WireRecord<AuthCrossOrgAccounts & Record<string, unknown>>;

/** Links a partner is expected to have at most; more are said to be left out. */
export const CLIENTS_SHOWN = 200;

const FIND: FindBody = { criteria: [], sort: [{ field: 'org_name', dir: 'asc' }], limit: CLIENTS_SHOWN, offset: 0 };

/** Where one link's "Send me a sign-in code" stands. */
export type SendState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

const IDLE: SendState = { kind: 'idle' };

/**
 * What a refusal says: the server's own words when it says why (the link is not set up, a code went
 * out a moment ago, too many), else a plain failure.
 */
export function sendFailure(e: unknown): string {
  if ([400, 403, 404, 409, 429].some((code) => isFailure(e, code))) return failureText(e);
  return 'The sign-in code was not sent. Try again in a moment.';
}

/** The name a link shows: the client company's, as the partner company recorded it. */
export const clientName = (link: ClientLink) =>
  link.data.org_name?.trim() || link.data.org_hostname || 'Client company';

export function useMyClientsController() {
  const { client, auth } = useServices();
  const links = useQuery({
    queryKey: ['my_clients', FIND],
    queryFn: () => client.find<AuthCrossOrgAccounts & Record<string, unknown>>('auth', 'my_cross_org_accounts', FIND),
  });
  const [sends, setSends] = useState<Record<string, SendState>>({});
  const stateOf = (key: string) => sends[key] ?? IDLE;

  const send = useCallback(
    async (key: string) => {
      setSends((s) => ({ ...s, [key]: { kind: 'sending' } }));
      let next: SendState;
      try {
        next = { kind: 'sent', message: (await client.requestCrossSiteSignIn(key)).message };
      } catch (e) {
        next = { kind: 'failed', message: sendFailure(e) };
      }
      setSends((s) => ({ ...s, [key]: next }));
    },
    [client],
  );

  return { links, email: auth.session?.user.email ?? '', stateOf, send };
}
