/** comms/notifications: the rules of schemas/comms/notifications.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY, recipients } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'comms/notifications',
  valid: {
    module: 'time',
    message_type: 'pto_request_approved',
    priority: 'normal',
    recipients: [KEY],
    data: {
      app: { message: 'Your time off was approved.', icon: 'event_available' },
      email: { subject: 'Time off approved', text: 'Your request for Jan 2 was approved.' },
      text: { message: 'Your time off for Jan 2 was approved.' },
      start: 'Jan 2',
    },
  },
  cases: [
    { name: '2000 recipients', patch: { recipients: recipients(2000) }, errors: [] },
    { name: '2001 recipients', patch: { recipients: recipients(2001) }, errors: [{ path: '/recipients', message: 'A notification needs 1 to 2000 recipients.' }] },
    { name: 'no recipients', patch: { recipients: [] }, errors: [{ path: '/recipients', message: 'A notification needs 1 to 2000 recipients.' }] },
    { name: 'e-mail subject of 257 characters', patch: { data: { email: { subject: 's'.repeat(257) } } }, errors: [{ path: '/data/email/subject', message: 'E-mail subject must be 1 to 256 characters.' }] },
    { name: 'empty e-mail subject', patch: { data: { email: { subject: '' } } }, errors: [{ path: '/data/email/subject', message: 'E-mail subject must be 1 to 256 characters.' }] },
    { name: 'text message of 320 characters', patch: { data: { text: { message: 't'.repeat(320) } } }, errors: [] },
    { name: 'text message of 321 characters', patch: { data: { text: { message: 't'.repeat(321) } } }, errors: [{ path: '/data/text/message', message: 'Text messages must be 1 to 320 characters.' }] },
    { name: 'in-app message of 257 characters', patch: { data: { app: { message: 'm'.repeat(257) } } }, errors: [{ path: '/data/app/message', message: 'In-app messages may have at most 256 characters.' }] },
    { name: 'in-app icon of 257 characters', patch: { data: { app: { icon: 'i'.repeat(257) } } }, errors: [{ path: '/data/app/icon', message: 'Icons may have at most 256 characters.' }] },
    { name: 'message type of 257 characters', patch: { message_type: 'm'.repeat(257) }, errors: [{ path: '/message_type', message: 'Message type may have at most 256 characters.' }] },
    { name: 'module of 65 characters', patch: { module: 'm'.repeat(65) }, errors: [{ path: '/module', message: 'Module may have at most 64 characters.' }] },
  ],
};

export default { table } satisfies EntityRules;
