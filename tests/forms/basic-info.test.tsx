/**
 * Basic info's mailing-address toggle: off copies the legal address, on clears the mailing address;
 * the toggle's state read from stored data; and the field's stories.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { behaviourChanges } from '../../forms/behaviour/behaviour.ts';
import {
  addressLine,
  basicInfoBehaviour,
  mailingAfterToggle,
  mailingIsDifferent,
  normalizeAddress,
  sameAddress,
} from '../../forms/payroll/basic_info.ts';
import { MAILING_TOGGLE_LABEL, mailingToggleLabel } from '../../forms/payroll/MailingAddressField.tsx';
import * as S from '../../stories/forms/MailingAddressField.stories.tsx';
import { legalAddress, poBox } from '../../stories/forms/fixtures.ts';
import { renderStory, textOf } from './render-story.tsx';

describe('mailing address toggle', () => {
  it('off copies the legal address; on clears the mailing address', () => {
    assert.deepEqual(mailingAfterToggle(false, legalAddress), legalAddress);
    assert.deepEqual(mailingAfterToggle(true, legalAddress), {});
    assert.equal(mailingAfterToggle(false, undefined), undefined);
  });

  it('reads the toggle from stored data', () => {
    assert.equal(mailingIsDifferent(legalAddress, legalAddress), false);
    assert.equal(mailingIsDifferent(undefined, undefined), false);
    assert.equal(mailingIsDifferent(poBox, legalAddress), true);
    // No mailing address on record beside a legal one: none other was given, the toggle off.
    assert.equal(mailingIsDifferent(undefined, legalAddress), false);
    assert.equal(mailingIsDifferent(null, legalAddress), false);
    // Switched on before any legal address was typed: an empty mailing address.
    assert.equal(mailingIsDifferent({}, undefined), true);
    assert.equal(mailingIsDifferent({}, legalAddress), true);
  });

  it('copies edits of the legal address while the toggle is off, and only then', () => {
    const change = (prev: Record<string, unknown>, value: unknown) =>
      behaviourChanges(basicInfoBehaviour, prev, ['legal_address', 'city'], value);
    assert.deepEqual(change({ legal_address: legalAddress, mailing_address: legalAddress }, 'Evanston'), [
      ['mailing_address', { ...legalAddress, city: 'Evanston' }],
    ]);
    // A new record: both empty, the toggle off.
    assert.deepEqual(change({}, 'Chicago'), [['mailing_address', { city: 'Chicago' }]]);
    assert.deepEqual(change({ legal_address: legalAddress, mailing_address: poBox }, 'Evanston'), []);
    assert.deepEqual(change({ mailing_address: {} }, 'Chicago'), []);
    // None on record: the toggle is off, so the mailing address follows the legal one from here.
    assert.deepEqual(change({ legal_address: legalAddress }, 'Evanston'), [
      ['mailing_address', { ...legalAddress, city: 'Evanston' }],
    ]);
  });

  it('compares addresses by their non-blank parts', () => {
    assert.equal(sameAddress({ ...legalAddress, address2: '' }, { ...legalAddress, address2: undefined }), true);
    assert.equal(sameAddress({ city: ' Chicago ' }, { city: 'Chicago' }), true);
    assert.equal(normalizeAddress({ city: '  ' }), undefined);
    assert.equal(addressLine(legalAddress), '1200 W Harrison St, Apt 4B, Chicago, IL 60607');
    assert.equal(addressLine(undefined), '');
  });
});

describe('MailingAddressField stories', () => {
  const html = (s: keyof typeof S) => renderStory(S.default, S[s] as never);

  it('same as legal: the toggle off and the legal address in one line', () => {
    const h = html('SameAsLegal');
    assert.match(h, /role="switch"/);
    assert.doesNotMatch(h, /role="switch" checked=""/);
    assert.match(textOf(h), new RegExp(MAILING_TOGGLE_LABEL));
    assert.match(textOf(h), /Same as the legal address: 1200 W Harrison St, Apt 4B, Chicago, IL 60607/);
    assert.doesNotMatch(h, /id="root_mailing_address_address1"/);
  });

  it('different: the toggle on and the mailing address fields', () => {
    const h = html('Different');
    assert.match(h, /checked=""[^>]*role="switch"|role="switch"[^>]*checked=""/);
    assert.match(h, /id="root_mailing_address_address1"[^>]*value="PO Box 8812"/);
  });

  it('new record: off; cleared record: on with empty fields', () => {
    assert.match(textOf(html('NewRecord')), /Same as the legal address\./);
    const cleared = html('Cleared');
    assert.match(cleared, /id="root_mailing_address_address1"[^>]*value=""/);
  });

  it('no mailing address on record: off, the legal address in one line', () => {
    const h = html('NoMailingAddress');
    assert.doesNotMatch(h, /role="switch" checked=""|checked=""[^>]*role="switch"/);
    assert.match(textOf(h), /Same as the legal address: 1200 W Harrison St, Apt 4B, Chicago, IL 60607/);
    assert.doesNotMatch(h, /id="root_mailing_address_address1"/);
  });

  it("speaks of the person on another person's record, by name when known", () => {
    const t = textOf(html('AnotherPersonsRecord'));
    assert.match(t, /Carla Complete's mailing address is different from the legal address/);
    assert.doesNotMatch(t, /My mailing address/);
    assert.equal(mailingToggleLabel({ own: false }), 'The mailing address is different from the legal address');
    assert.equal(mailingToggleLabel({ own: true, person: 'Carla' }), MAILING_TOGGLE_LABEL);
    assert.equal(mailingToggleLabel(undefined), MAILING_TOGGLE_LABEL);
  });
});
