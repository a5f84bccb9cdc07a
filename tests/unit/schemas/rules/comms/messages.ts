/** comms/messages: the rules of schemas/comms/messages.json. */
import type { EntityRules, TransformCase } from '../harness.ts';
import { KEY, KEY2, NOW, onCreate } from '../fixtures.ts';

const transforms: TransformCase[] = [
  {
    entity: 'comms/messages',
    name: 'a new message is stamped with its sender and time',
    kind: 'save',
    input: { channel_id: KEY2, message: 'Hello' },
    output: { channel_id: KEY2, message: 'Hello', sent_by: KEY, sent_time: NOW },
    bindings: onCreate,
  },
];

export default { transforms } satisfies EntityRules;
