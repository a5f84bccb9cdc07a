/** comms/user_notifications: the rules of schemas/comms/user_notifications.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY, KEY2 } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'comms/user_notifications',
  valid: {
    notification_id: KEY2,
    recipient_id: KEY,
    module: 'time',
    message_type: 'pto_request_approved',
    delivery_result: { app: 'ready', email: 'processed', text: 'pending' },
    message_content: { app: { message: 'Your time off was approved.' } },
  },
  cases: [
    { name: 'in-app status viewed', patch: { delivery_result: { app: 'viewed' } }, errors: [] },
    { name: 'in-app status outside the five', patch: { delivery_result: { app: 'read' } }, errors: [{ path: '/delivery_result/app', message: 'In-app status must be pending, ready, viewed, deleted or error.' }] },
    { name: 'e-mail status outside the four', patch: { delivery_result: { email: 'sent' } }, errors: [{ path: '/delivery_result/email', message: 'Must be one of: pending, processing, processed, error' }] },
  ],
};

export default { table } satisfies EntityRules;
