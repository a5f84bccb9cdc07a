/**
 * The I-9 document helper: the compliance rule, notes, print slots and leftovers as pure functions,
 * the catalogue against schemas/payroll/i9.json, and each story of the field.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import i9Schema from '../../schemas/payroll/i9.json';
import { I9_CHOICE_GROUPS, I9_DOCUMENTS, choicesOf } from '../../forms/payroll/i9-documents.ts';
import {
  COMPLIANCE_BANNERS,
  i9Compliance,
  i9DeadlineNotes,
  i9DocumentNotes,
  i9PrintSlots,
  leftoverLine,
  newI9Document,
  RECEIPT_INFO,
  TWO_PART_WARNING,
  UNDER_18_NOTE,
} from '../../forms/payroll/i9.ts';
import * as S from '../../stories/forms/I9DocumentsField.stories.tsx';
import {
  birthCertificate,
  driversLicense,
  foreignPassportPart,
  i94Part,
  listAReceipt,
  passport,
  reportCard,
  ssCard,
  ssCardNoAuthority,
} from '../../stories/forms/fixtures.ts';
import { renderStory, textOf } from './render-story.tsx';

describe('I-9 compliance', () => {
  it('is incomplete with no documents, or only List B, or only List C', () => {
    assert.deepEqual(i9Compliance([]), { status: 'incomplete', listA: false, listB: false, listC: false });
    assert.equal(i9Compliance(undefined).status, 'incomplete');
    assert.equal(i9Compliance([driversLicense]).status, 'incomplete');
    assert.equal(i9Compliance([ssCard]).status, 'incomplete');
  });

  it('is achieved by one List A document, or List B and List C, with titles and authorities', () => {
    assert.deepEqual(i9Compliance([passport]), { status: 'achieved' });
    assert.deepEqual(i9Compliance([driversLicense, ssCard]), { status: 'achieved' });
    assert.deepEqual(i9Compliance([reportCard, birthCertificate]), { status: 'achieved' });
    assert.deepEqual(i9Compliance([listAReceipt]), { status: 'achieved' });
  });

  it('counts a two-part List A choice only with both parts', () => {
    assert.deepEqual(i9Compliance([foreignPassportPart]), {
      status: 'incomplete',
      listA: false,
      listB: false,
      listC: false,
    });
    assert.deepEqual(i9Compliance([foreignPassportPart, i94Part]), { status: 'achieved' });
    // Half a two-part choice does not stop List B and C from complying.
    assert.equal(i9Compliance([foreignPassportPart, driversLicense, ssCard]).status, 'achieved');
  });

  it('is almost achieved while a document lacks a title or an issuing authority', () => {
    assert.deepEqual(i9Compliance([driversLicense, ssCardNoAuthority]), { status: 'almost', missingDetails: [1] });
    assert.deepEqual(i9Compliance([{ ...passport, title: '  ' }]), { status: 'almost', missingDetails: [0] });
    // Every document counts, not only the ones that make the rule.
    assert.deepEqual(i9Compliance([passport, { ...driversLicense, issuing_authority: undefined }]), {
      status: 'almost',
      missingDetails: [1],
    });
  });

  it('has the exact banner texts', () => {
    assert.deepEqual(COMPLIANCE_BANNERS.achieved, {
      title: 'Compliance Achieved!',
      text: 'Please fill in the document details below.',
    });
    assert.deepEqual(COMPLIANCE_BANNERS.almost, {
      title: 'Compliance Almost Achieved',
      text: "You're close! Add missing Document Title and Issuing Authority to complete compliance.",
    });
  });
});

describe('I-9 document notes', () => {
  it('warns about half of a two-part List A choice until the other part is there', () => {
    assert.deepEqual(i9DocumentNotes([foreignPassportPart], 0), [{ level: 'warning', text: TWO_PART_WARNING }]);
    assert.deepEqual(i9DocumentNotes([foreignPassportPart, i94Part], 0), []);
  });

  it('notes the under-18 List B documents and informs about receipts', () => {
    assert.deepEqual(i9DocumentNotes([reportCard], 0), [{ level: 'note', text: UNDER_18_NOTE }]);
    const [receipt] = i9DocumentNotes([listAReceipt], 0);
    assert.equal(receipt.level, 'info');
    assert.ok(receipt.text.startsWith(RECEIPT_INFO));
    assert.match(RECEIPT_INFO, /valid for limited time only/);
    assert.match(receipt.text, /90 days/);
    assert.deepEqual(i9DocumentNotes([passport], 0), []);
    assert.deepEqual(i9DocumentNotes([{}], 0), []);
  });

  it('dates a receipt valid from the first day: 90 days after it', () => {
    const [receipt] = i9DocumentNotes([listAReceipt], 0, Date.UTC(2025, 2, 10) / 1000);
    assert.match(receipt.text, /This one is valid until 06\/08\/2025\./);
  });

  it('notes the List B annotations, which count as List B without an issuing authority', () => {
    const minor = newI9Document('individual_under_age_18');
    assert.deepEqual(minor, { document_type: 'individual_under_age_18', list: 'B', title: 'Individual under age 18' });
    const [note] = i9DocumentNotes([minor], 0);
    assert.equal(note.level, 'note');
    assert.match(note.text, /parent or legal guardian completes Section 1/);
    assert.deepEqual(i9Compliance([minor, ssCard]), { status: 'achieved' });
    assert.match(i9DocumentNotes([newI9Document('special_placement')], 0)[0].text, /disability/);
  });
});

describe('I-9 deadlines in the helper', () => {
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
  const dates = { section1_due: day('2025-03-07'), section2_due: day('2025-03-12') };
  const signed = { name: 'Emma', timestamp: day('2025-03-05') };

  it('says when Section 2 is due while it is not late', () => {
    assert.deepEqual(i9DeadlineNotes({ ...dates, employee_signature: signed }, day('2025-03-12') + 3600), [
      { level: 'info', text: 'Section 2 is due within three business days after the first day: 03/12/2025.' },
    ]);
  });

  it("warns when an unsigned section is past its due day (the company's day), and notes a section signed late", () => {
    // 00:00 UTC on March 13 is still March 12 in New York (8 pm) and in California (5 pm): not late.
    for (const zone of ['America/New_York', 'America/Los_Angeles'])
      assert.deepEqual(i9DeadlineNotes({ ...dates, employee_signature: signed }, day('2025-03-13'), zone), [
        { level: 'info', text: 'Section 2 is due within three business days after the first day: 03/12/2025.' },
      ]);
    // Midnight in California (07:00 UTC, daylight saving time) makes it late there.
    const pacificMidnight = day('2025-03-13') + 7 * 3600;
    assert.deepEqual(
      i9DeadlineNotes({ ...dates, employee_signature: signed }, pacificMidnight - 1, 'America/Los_Angeles'),
      [{ level: 'info', text: 'Section 2 is due within three business days after the first day: 03/12/2025.' }],
    );
    assert.deepEqual(
      i9DeadlineNotes({ ...dates, employee_signature: signed }, pacificMidnight, 'America/Los_Angeles'),
      [
        {
          level: 'warning',
          text: 'Late: Section 2 is due within three business days after the first day (03/12/2025) and is not signed.',
        },
      ],
    );
    assert.deepEqual(
      i9DeadlineNotes(
        { ...dates, employee_signature: signed, employer_signature: signed, late: ['Section 2'] },
        day('2026-01-01'),
      ),
      [{ level: 'note', text: 'Section 2 was signed after its due day (03/12/2025).' }],
    );
    assert.deepEqual(i9DeadlineNotes({}, day('2026-01-01')), [], 'nothing is due before a first day is known');
  });
});

describe('I-9 print slots', () => {
  const many = [passport, passport, passport, passport, driversLicense, driversLicense, ssCard, ssCard];

  it('prints 3 List A, 1 List B and 1 List C; the rest are leftovers in order', () => {
    assert.deepEqual(i9PrintSlots(many), { A: [0, 1, 2], B: [4], C: [6], leftovers: [3, 5, 7] });
    assert.deepEqual(i9PrintSlots(undefined), { A: [], B: [], C: [], leftovers: [] });
  });

  it('writes a leftover as "#n: title, List x, Authority, Number, Expires date"', () => {
    assert.equal(
      leftoverLine(passport, 3),
      '#4: U.S. Passport, List A, U.S. Department of State, 567812345, Expires 01/01/2030',
    );
    assert.equal(leftoverLine(ssCardNoAuthority, 0), '#1: Social Security Card, List C, N/A, N/A, Expires N/A');
  });

  it('adds a row with its list', () => {
    assert.deepEqual(newI9Document('school_id_photo'), { document_type: 'school_id_photo', list: 'B' });
    assert.throws(() => newI9Document('library_card'), /unknown document type 'library_card'/);
  });
});

describe('I-9 document catalogue', () => {
  const items = i9Schema.properties.documentation.items;
  const listEnum = (list: string) =>
    items.allOf.find((c) => c.if.properties.list.const === list)!.then.properties.document_type.enum;

  it('has exactly the schema document_type codes, each on the schema list', () => {
    assert.deepEqual(I9_DOCUMENTS.map((d) => d.code).sort(), [...items.properties.document_type.enum].sort());
    for (const list of ['A', 'B', 'C']) {
      assert.deepEqual(
        I9_DOCUMENTS.filter((d) => d.list === list)
          .map((d) => d.code)
          .sort(),
        [...listEnum(list)].sort(),
        `List ${list}`,
      );
    }
  });

  it('groups the choices by list with the spec kinds', () => {
    const kinds = (code: string) => I9_DOCUMENTS.find((d) => d.code === code)!.kind;
    assert.equal(kinds('nonimmigrant_work_authorization_foreign_passport_i_94'), 'two-part');
    assert.equal(kinds('fsm_rmi_passport_i_94_compact_free_association'), 'two-part');
    assert.equal(kinds('form_i_94_refugee_re_stamp'), 'receipt');
    assert.equal(kinds('day_care_nursery_school_record'), 'under-18');
    assert.equal(kinds('individual_under_age_18'), 'annotation');
    assert.equal(kinds('special_placement'), 'annotation');
    assert.equal(I9_CHOICE_GROUPS.flatMap(choicesOf).length, I9_DOCUMENTS.length);
  });

  it('uses the 01/20/25 wording ("sex", not "gender")', () => {
    const b1 = I9_DOCUMENTS.find((d) => d.code === 'us_state_drivers_license_id')!;
    assert.match(b1.label, /sex, height/);
    assert.ok(I9_DOCUMENTS.every((d) => !/gender/i.test(d.label)));
  });
});

describe('I9DocumentsField stories', () => {
  const html = (s: keyof typeof S) => renderStory(S.default, S[s] as never);

  it('empty: the picker grouped by list, no banner', () => {
    const h = html('Empty');
    assert.match(h, /<optgroup label="List A: identity and employment authorization">/);
    assert.match(h, /<optgroup label="List B: only for persons under age 18">/);
    assert.match(h, /<option value="list_c_document_replacement_receipt">/);
    assert.doesNotMatch(h, /Compliance/);
    assert.doesNotMatch(html('ListBOnly'), /Compliance/);
  });

  it('shows the achieved and almost banners', () => {
    const achieved = textOf(html('AchievedWithListA'));
    assert.match(achieved, /Compliance Achieved! Please fill in the document details below\./);
    const almost = textOf(html('AlmostAchieved'));
    assert.match(
      almost,
      /Compliance Almost Achieved You're close! Add missing Document Title and Issuing Authority to complete compliance\./,
    );
  });

  it('shows the two-part warning, the under-18 note and the receipt info', () => {
    assert.match(textOf(html('TwoPartHalf')), /This List A choice has two parts/);
    assert.doesNotMatch(textOf(html('TwoPartComplete')), /This List A choice has two parts/);
    assert.match(textOf(html('TwoPartComplete')), /Compliance Achieved!/);
    assert.match(textOf(html('UnderEighteen')), /Only for an employee under age 18/);
    assert.match(textOf(html('Receipt')), /Receipts are valid for limited time only\./);
  });

  it('shows the Section 2 fields with their 01/20/25 labels', () => {
    const t = textOf(html('AchievedWithListA'));
    for (const l of ['Document Title', 'Issuing Authority', 'Document Number (if any)', 'Expiration Date (if any)']) {
      assert.ok(t.includes(l), l);
    }
    assert.match(html('AchievedWithListA'), /type="date"[^>]*value="2030-01-01"/);
  });

  it('lists the leftovers beyond 3 A, 1 B and 1 C', () => {
    const t = textOf(html('Leftovers'));
    assert.match(t, /Documents beyond what Section 2 prints/);
    assert.match(
      t,
      /#4: Receipt for a replacement Permanent Resident Card, List A, U\.S\. Citizenship and Immigration Services, Receipt IOE0912345678, Expires 04\/01\/2026/,
    );
    assert.match(t, /#6: State ID, List B, Illinois Secretary of State/);
    assert.equal((html('Leftovers').match(/Not printed in Section 2/g) ?? []).length, 2);
  });

  it('read-only: no picker and no Remove buttons', () => {
    const h = html('ReadOnly');
    assert.doesNotMatch(h, /Add a document/);
    assert.doesNotMatch(h, />Remove</);
    assert.match(h, /readOnly=""/);
  });
});
