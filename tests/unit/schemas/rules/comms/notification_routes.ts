/** comms/notification_routes: the rules of schemas/comms/notification_routes.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY2 } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'comms/notification_routes',
  valid: { module: 'time', message_type: 'pto_request_created', recipients: [KEY2], default_delivery_methods: { app: true, email: true, text: false } },
  cases: [{ name: 'no recipients', patch: { recipients: [] }, errors: [{ path: '/recipients', message: 'A notification needs 1 to 2000 recipients.' }] }],
};

export default { table } satisfies EntityRules;
