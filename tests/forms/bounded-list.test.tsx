/** Emergency contacts, 1 to 2: no Remove at the minimum, no Add at the maximum, every field required. */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import schema from '../../schemas/payroll/emergency_contacts.json';
import { boundedListOptions } from '../../forms/fields/BoundedArrayField.tsx';
import * as S from '../../stories/forms/BoundedArrayField.stories.tsx';
import { renderStory } from './render-story.tsx';

describe('bounded list options', () => {
  it('adds up to maxItems and removes down to minItems', () => {
    assert.deepEqual(boundedListOptions(1, 1, 2), { addable: true, removable: false });
    assert.deepEqual(boundedListOptions(2, 1, 2), { addable: false, removable: true });
    assert.deepEqual(boundedListOptions(0, undefined, undefined), { addable: true, removable: false });
  });

  it('emergency contacts are bounded 1 to 2 with all four fields required', () => {
    const contacts = schema.properties.contacts;
    assert.equal(contacts.minItems, 1);
    assert.equal(contacts.maxItems, 2);
    assert.deepEqual(contacts.items.required, [
      'contact_first_name',
      'contact_last_name',
      'relationship',
      'phone_number',
    ]);
    assert.equal(schema['x-ui'].contacts['ui:field'], 'boundedList');
  });
});

describe('BoundedArrayField stories', () => {
  it('one contact: Add, no Remove', () => {
    const h = renderStory(S.default, S.OneContact);
    assert.match(h, /id="root_contacts__add"/);
    assert.doesNotMatch(h, /__remove/);
  });

  it('two contacts: Remove on each, no Add', () => {
    const h = renderStory(S.default, S.TwoContacts);
    assert.doesNotMatch(h, /id="root_contacts__add"/);
    assert.equal((h.match(/rjsf-array-item-remove/g) ?? []).length, 2);
  });

  it('an empty record starts with one contact, every field marked required', () => {
    const h = renderStory(S.default, S.Empty);
    for (const f of ['contact_first_name', 'contact_last_name', 'relationship', 'phone_number']) {
      assert.match(h, new RegExp(`for="root_contacts_0_${f}">[^<]+<span class="required">\\*</span>`));
    }
    assert.doesNotMatch(h, /__remove/);
  });
});
