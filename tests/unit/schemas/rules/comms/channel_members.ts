/** comms/channel_members: the rules of schemas/comms/channel_members.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY, KEY2 } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'comms/channel_members',
  valid: { channel_id: KEY2, user_id: KEY, type: 'member' },
  cases: [
    { name: 'blocked member', patch: { type: 'blocked' }, errors: [] },
    { name: 'type outside the three', patch: { type: 'owner' }, errors: [{ path: '/type', message: 'Member type must be admin, member or blocked.' }] },
  ],
};

export default { table } satisfies EntityRules;
