/** comms/channels: the rules of schemas/comms/channels.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'comms/channels',
  valid: { name: 'Kitchen crew', owner: KEY, type: 'group', status: 'active', display_options: { background_color: '002d50', foreground_color: 'ffffff' } },
  cases: [
    { name: 'private channel', patch: { type: 'private', invite_only: true }, errors: [] },
    { name: 'type outside group and private', patch: { type: 'public' }, errors: [{ path: '/type', message: 'Channel type must be group or private.' }] },
    { name: 'status outside the three', patch: { status: 'deleted' }, errors: [{ path: '/status', message: 'Channel status must be active, closed or archived.' }] },
    { name: 'colour with a hash', patch: { display_options: { background_color: '#002d50' } }, errors: [{ path: '/display_options/background_color', message: "Colours are 6 hex digits without '#'." }] },
  ],
};

export default { table } satisfies EntityRules;
