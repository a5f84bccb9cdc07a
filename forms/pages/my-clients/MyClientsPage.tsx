/**
 * /myclients, "My clients" (spec/000 section 4: where a user holding AUTH:CanUseCrossSiteLogin
 * lands): the client companies the partner signs in to. Each is one of the partner's
 * cross-organization accounts, with "Send me a sign-in code": the client company's server mails a
 * one-time code to the partner's account there (docs/two-factor.md "Partner accounts"). The page
 * never opens the client's site itself: the link in the e-mail does, on the client's own address.
 */
import { useEffect, useRef } from 'react';
import { useFormsStyles } from '../../styles/load-styles.ts';
import {
  clientName,
  CLIENTS_SHOWN,
  useMyClientsController,
  type ClientLink,
  type SendState,
} from './useMyClientsController.ts';

export function MyClientsPage() {
  useFormsStyles();
  const { links, email, stateOf, send } = useMyClientsController();
  const items = links.data?.items ?? [];
  return (
    <section className="page page--narrow my-clients" aria-labelledby="my-clients-title">
      <h1 id="my-clients-title">My clients</h1>
      {links.isError ? (
        <p className="banner banner--negative" role="alert">
          Could not load your client companies: {links.error.message}
        </p>
      ) : !links.data ? (
        <p className="page-loading" role="status">
          Loading…
        </p>
      ) : items.length === 0 ? (
        <EmptyState email={email} />
      ) : (
        <>
          <p>
            Send yourself a one-time sign-in code for a client company: it goes to your e-mail address with that
            company, with a link that signs you in on its site. The code works once, for 24 hours.
          </p>
          <ul className="my-clients__list">
            {items.map((link) => (
              <ClientItem key={link.key} link={link} state={stateOf(link.key)} onSend={() => void send(link.key)} />
            ))}
          </ul>
          {links.data.total > items.length && (
            <p role="note">
              The first {CLIENTS_SHOWN} of {links.data.total} client companies are shown.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function EmptyState({ email }: { email: string }) {
  return (
    <div className="empty my-clients__empty">
      <h2>No client companies yet</h2>
      <p>
        A partner account lets you sign in to a client company's site with a one-time code sent by e-mail. Two
        administrators set it up: the client company's administrator makes you a partner account there with your e-mail
        address{email ? ` (${email})` : ''}, and your own company's administrator links it to you here.
      </p>
      <p>Ask them to do so; the client company then shows on this page.</p>
    </div>
  );
}

function ClientItem({ link, state, onSend }: { link: ClientLink; state: SendState; onSend: () => void }) {
  const name = clientName(link);
  const titleId = `client-${link.key}`;
  const sending = state.kind === 'sending';
  return (
    <li className="panel my-clients__item" aria-labelledby={titleId}>
      <div className="panel__head">
        <h2 id={titleId}>{name}</h2>
        {link.data.org_hostname && <span className="my-clients__host">{link.data.org_hostname}</span>}
      </div>
      {link.data.notes && <p className="my-clients__notes">{link.data.notes}</p>}
      <button type="button" className="btn btn--primary" onClick={onSend} disabled={sending} aria-busy={sending}>
        {sending ? 'Sending…' : 'Send me a sign-in code'}
        <span className="visually-hidden"> for {name}</span>
      </button>
      {(state.kind === 'sent' || state.kind === 'failed') && <SendMessage state={state} />}
    </li>
  );
}

/** The answer of a send, where the keyboard and the screen reader go next. */
function SendMessage({ state }: { state: Extract<SendState, { kind: 'sent' | 'failed' }> }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [state]);
  const sent = state.kind === 'sent';
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={sent ? 'status' : 'alert'}
      className={`banner ${sent ? 'banner--positive' : 'banner--negative'} my-clients__message`}
    >
      {state.message}
      {sent && ' Open the link in that e-mail to sign in.'}
    </p>
  );
}
