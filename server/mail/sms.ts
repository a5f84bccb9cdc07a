/**
 * Outgoing text messages (two-factor codes of users whose method is `text`). A real SMS gateway is
 * another SmsTransport; the default hands each message to the e-mail transport, so it lands in the
 * same outbox (../shared/API.md: "Outgoing e-mail and text messages go through a transport"), marked
 * by its subject and addressed to the phone number.
 */
import type { Transport } from './transport.ts';

export interface TextMessage {
  /** The phone number as the account holds it (digits and hyphens). */
  to: string;
  text: string;
}

export interface SmsTransport {
  send(message: TextMessage): Promise<void>;
}

export const TEXT_MESSAGE_SUBJECT = 'Text message';

export function smsThroughTransport(transport: Transport): SmsTransport {
  return {
    send: (m) => transport.send({ to: `sms:${m.to}`, subject: TEXT_MESSAGE_SUBJECT, text: m.text }),
  };
}
