/**
 * The 15 state withholding form definitions of server/seed/state-forms: each is a valid
 * payroll/state_w4_form record, its fields compile and take realistic answers, its transforms run
 * (answers prepared for save pass the state_w4 rules; provider mappings go both ways), its validator
 * catches what it should; each state_status list is the current form's, which state_w4 checks, and
 * the spec's earlier values stay readable in the definition, disabled on the screen.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import defs from '../../schemas/common/defs.json';
import stateW4 from '../../schemas/payroll/state_w4.json';
import stateW4Form from '../../schemas/payroll/state_w4_form.json';
import { bundleSchema } from '../../engine/bundle.ts';
import type { JsonSchema } from '../../engine/entity.ts';
import { transformData, validateByExpression, evaluate } from '../../engine/transforms.ts';
import { compileValidator, createAjv } from '../../engine/validation.ts';
import { widgets } from '../../forms/widgets/index.ts';
import { readStateForms } from '../../server/seed/state-forms/index.ts';
import { STATE_FORMS } from '../../printable/layout.ts';

type Json = Record<string, unknown>;

const ajv = createAjv();
const formValidator = compileValidator(ajv, bundleSchema(stateW4Form as JsonSchema, defs as JsonSchema));
const stateW4Validator = compileValidator(ajv, bundleSchema(stateW4 as JsonSchema, defs as JsonSchema));
const forms = readStateForms();
const byType = new Map(forms.map((f) => [f.definition.printable_type, f.definition]));

const CODES: Record<string, string> = STATE_FORMS;

/** The current forms' lists, which state_w4.json checks (Arizona and California keep spec/001 section 4's). */
const STATUS: Record<string, string[]> = {
  arizona: [
    '0 Percent',
    '0.5 Percent/0.8 Percent',
    '1.0 Percent/1.3 Percent',
    '1.5 Percent/1.8 Percent',
    '2.0 Percent/2.7 Percent',
    '2.5 Percent/3.6 Percent',
    '3.0 Percent/4.2 Percent',
    '3.5 Percent/5.1 Percent',
  ],
  california: ['Single', 'Married - 2 Work', 'Married - 1 Work', 'Head of House'],
  oregon: ['Single', 'Married', 'Married, but withholding at the higher single rate'],
  newyork: ['Single', 'Married', 'Married, but withhold at higher single rate'],
  alabama: ['0', 'S', 'MS', 'M', 'H'],
};

/** spec/001 section 4's lists where the form's changed: read as stored (disabled on the screen), never saved again. */
const EARLIER_STATUS: Record<string, string[]> = {
  oregon: ['Single (3 less)', 'Married / Single (3+)'],
  alabama: ['No Exemptions', 'Single', 'Married - Self', 'Head of House', 'Married - File Joint'],
};

/** Realistic answers per form, and what prepare_for_save adds. */
const SAMPLES: Record<string, { answers: Json; prepared: Json }> = {
  colorado: { answers: { annual_withholding_allowance: 16500, extra_state_withholding: 25 }, prepared: {} },
  arizona: { answers: { state_status: '2.0 Percent/2.7 Percent', extra_state_withholding: 10 }, prepared: {} },
  california: {
    answers: {
      state_status: 'Married - 1 Work',
      regular_allowances: 3,
      estimated_allowances: 2,
      extra_state_withholding: 0,
    },
    prepared: { total_allowances: 5 },
  },
  oregon: {
    answers: { state_status: 'Married, but withholding at the higher single rate', extra_state_withholding: 15 },
    prepared: { total_allowances: 0 },
  },
  virginia: {
    answers: { personal_exemptions: 3, age_blindness_exemptions: 1, extra_state_withholding: 0 },
    prepared: { total_allowances: 4 },
  },
  newyork: {
    answers: {
      state_status: 'Married',
      nyc_resident: true,
      total_allowances: 2,
      nyc_allowances: 2,
      nyc_extra_withholding: 10,
    },
    prepared: { yonkers_resident: false },
  },
  alabama: {
    answers: { state_status: 'M', dependents: 2, extra_state_withholding: 0 },
    prepared: {},
  },
  arkansas: {
    answers: {
      state_status: 'Married Filing Jointly',
      exemption_choice: '1b',
      dependents: 2,
      low_income_tax_rates: false,
    },
    prepared: { personal_exemptions: 2, total_allowances: 4 },
  },
  connecticut: {
    answers: { expected_filing_status: 'single', state_status: 'F', extra_state_withholding: 20 },
    prepared: {},
  },
  delaware: { answers: { state_status: 'Single', total_allowances: 1, extra_state_withholding: 0 }, prepared: {} },
  georgia: {
    answers: { state_status: 'B', dependents: 2, additional_allowances: 1, extra_state_withholding: 0 },
    prepared: { total_allowances: 3 },
  },
  hawaii: { answers: { state_status: 'Single', total_allowances: 2 }, prepared: {} },
  idaho: { answers: { state_status: 'A', total_allowances: 2, extra_state_withholding: 0 }, prepared: {} },
  illinois: {
    answers: { basic_allowances: 2, additional_allowances: 1, extra_state_withholding: 5 },
    prepared: { total_allowances: 3 },
  },
  indiana: {
    answers: {
      county_of_residence: 'Marion',
      county_of_employment: 'Hamilton',
      claim_self: true,
      claim_spouse: true,
      dependents: 2,
      age_blindness_exemptions: 1,
      dependent_children: 2,
      extra_state_withholding: 0,
      extra_county_withholding: 0,
    },
    prepared: { personal_exemptions: 2, total_allowances: 5 },
  },
};

/** Answers each validator must refuse, with its messages. */
const REFUSED: Record<string, { answers: Json; messages: string[] }> = {
  arizona: {
    answers: { state_status: '0 Percent', extra_state_withholding: 10 },
    messages: ['An extra amount goes with a withholding percentage (box 1), not with the zero election (box 2).'],
  },
  newyork: {
    answers: { state_status: 'Single', nyc_resident: false, nyc_allowances: 1, yonkers_extra_withholding: 5 },
    messages: [
      'New York City allowances and amounts are only for residents of New York City.',
      'The Yonkers amount is only for residents of Yonkers.',
    ],
  },
  california: {
    answers: { state_status: 'Single', state_wh_exempt: true, regular_allowances: 2 },
    messages: ['When you claim exemption (line 3 or 4), leave lines 1 and 2 empty.'],
  },
  connecticut: {
    answers: { expected_filing_status: 'married_filing_jointly', state_status: 'A', state_wc_exempt: true },
    messages: [
      'Choose withholding code E when you claim the MSRRA exemption.',
      'Enter your state of legal residence for the MSRRA exemption.',
    ],
  },
  delaware: {
    answers: { state_wh_exempt: true },
    messages: ['Delaware does not accept claims of exemption from withholding.'],
  },
  georgia: {
    answers: { state_wh_exempt: true, dependents: 1 },
    messages: ['When you claim exemption (line 8), leave lines 4 to 7 empty.'],
  },
  hawaii: { answers: { state_wh_exempt: true }, messages: ['Hawaii does not allow an exempt status on Form HW-4.'] },
  alabama: {
    answers: { state_status: '0', dependents: 2 },
    messages: ['With no personal exemption (line 1, 0) you cannot claim dependents on line 4.'],
  },
  virginia: {
    answers: { state_wc_exempt: true, age_blindness_exemptions: 1 },
    messages: [
      'When you certify you are not subject to Virginia withholding (line 3 or 4), leave lines 1 and 2 empty.',
    ],
  },
  oregon: {
    answers: { state_status: 'Single', state_wh_exempt: true, extra_state_withholding: 5 },
    messages: [
      'When you claim exemption (line 4), leave lines 2 and 3 empty.',
      'Enter the exemption code of line 4a when you claim exemption.',
    ],
  },
  idaho: {
    answers: { state_wh_exempt: true, total_allowances: 2 },
    messages: ['Line 1 takes a number of allowances or Exempt, not both.'],
  },
};

describe('state withholding form definitions', () => {
  it('has the 15 printable state types, one file each, named after its type', () => {
    const types = Object.keys(CODES);
    assert.equal(types.length, 15);
    assert.deepEqual(forms.map((f) => f.file).sort(), types.map((t) => `${t}.json`).sort());
    for (const { file, definition } of forms) {
      assert.equal(file, `${definition.printable_type}.json`);
      assert.equal(definition.state, CODES[definition.printable_type], file);
    }
    assert.equal(new Set(forms.map((f) => f.definition.state)).size, 15);
  });

  for (const { file, definition: d } of forms) {
    describe(file, () => {
      it('is a valid state_w4_form record', () => {
        assert.deepEqual(formValidator(d), []);
        assert.ok(d.instructions.length > 100);
        assert.ok(d.links.length >= 1 && d.links.every((l) => l.url.startsWith('https://')));
        assert.ok(
          typeof d.fields.schema.$comment === 'string' && d.fields.schema.$comment.length > 40,
          'notes its differences',
        );
      });

      it('has fields that compile and a uiSchema that names known widgets and every field', () => {
        const validate = ajv.compile(d.fields.schema);
        const sample = SAMPLES[d.printable_type];
        assert.ok(sample, `no sample for ${file}`);
        assert.equal(validate(sample.answers), true, JSON.stringify(validate.errors));
        const ui = d.fields.uiSchema ?? {};
        const props = Object.keys(d.fields.schema.properties as Json);
        assert.deepEqual(
          (ui['ui:order'] as string[]).filter((k) => k !== '*'),
          props,
        );
        for (const [k, v] of Object.entries(ui)) {
          if (k.startsWith('ui:')) continue;
          assert.ok(props.includes(k), `${file}: uiSchema names unknown field ${k}`);
          const w = (v as Json)['ui:widget'];
          if (typeof w === 'string') assert.ok(w in widgets || w === 'radio', `${file}: no widget ${w}`);
        }
      });

      it('prepares answers that the state_w4 rules accept, and its validator lets them through', async () => {
        const { answers, prepared } = SAMPLES[d.printable_type];
        const out = await transformData(d.transforms.prepare_for_save, answers);
        assert.deepEqual(out, { ...answers, ...prepared, state: d.state });
        assert.deepEqual(stateW4Validator({ ...out, sync_status: 'pending' }), []);
        assert.deepEqual(await validateByExpression(d.transforms.validator, out), []);
      });

      it('maps to the payroll provider and back', async () => {
        const out = await transformData(d.transforms.prepare_for_save, SAMPLES[d.printable_type].answers);
        const provider = (await evaluate(d.transforms.to_execupay, out)) as Json;
        assert.equal(provider.state, d.state);
        const back = (await evaluate(d.transforms.from_execupay, provider)) as Json;
        for (const [k, v] of Object.entries(back)) assert.deepEqual(v, out[k], `${file}: ${k}`);
        const own = Object.keys(d.fields.schema.properties as Json).filter(
          (k) => k in out && !k.endsWith('total_allowances'),
        );
        for (const k of own.filter((k) => !['personal_exemptions', 'total_allowances'].includes(k))) {
          assert.ok(k in back, `${file}: ${k} does not come back from the provider`);
        }
      });
    });
  }

  it("lists the current form's statuses, which state_w4 checks; the spec's earlier ones stay readable, disabled", () => {
    for (const [type, list] of Object.entries(STATUS)) {
      const d = byType.get(type)!;
      const status = (d.fields.schema.properties as Record<string, { enum: string[] }>).state_status;
      const earlier = EARLIER_STATUS[type] ?? [];
      assert.deepEqual(status.enum, [...list, ...earlier], type);
      const disabled = (d.fields.uiSchema?.state_status as Json | undefined)?.['ui:enumDisabled'] ?? [];
      assert.deepEqual(disabled, earlier, `${type}: the earlier values cannot be chosen`);
      const rule = stateW4.allOf.find((r) => r.if.properties.state.const === d.state)!;
      assert.deepEqual(rule.then.properties.state_status.enum, list, `${type} in state_w4.json`);
    }
  });

  it("saves the spec's Alabama labels as the A-4 codes they stand for", async () => {
    const d = byType.get('alabama')!;
    const saved: string[] = [];
    for (const s of EARLIER_STATUS.alabama) {
      saved.push(
        ((await transformData(d.transforms.prepare_for_save, { state_status: s })) as Json).state_status as string,
      );
    }
    assert.deepEqual(saved, ['0', 'S', 'MS', 'H', 'M']);
  });

  it('keeps a Connecticut code to the table of its filing status', async () => {
    const d = byType.get('connecticut')!;
    const allowed: Record<string, string[]> = {
      married_filing_jointly: ['A', 'C', 'D', 'E'],
      qualifying_widower: ['C', 'D', 'E'],
      married_filing_separately: ['A', 'D', 'E'],
      single: ['D', 'E', 'F'],
      head_of_household: ['B', 'D', 'E'],
    };
    for (const [status, codes] of Object.entries(allowed)) {
      for (const code of ['A', 'B', 'C', 'D', 'E', 'F']) {
        const errors = await validateByExpression(d.transforms.validator, {
          expected_filing_status: status,
          state_status: code,
        });
        assert.equal(errors.length, codes.includes(code) ? 0 : 1, `${status} ${code}`);
      }
    }
  });

  it('refuses what each state form forbids', async () => {
    for (const [type, { answers, messages }] of Object.entries(REFUSED)) {
      const d = byType.get(type)!;
      const errors = await validateByExpression(d.transforms.validator, answers);
      assert.deepEqual(
        errors.map((e) => e.message),
        messages,
        type,
      );
    }
  });

  it('takes an exemption claimed as the VA-4 and OR-W-4 ask, and refuses half of one', async () => {
    const check = async (type: string, answers: Json) =>
      (await validateByExpression(byType.get(type)!.transforms.validator, answers)).map(
        (e) => `${e.path} ${e.message}`,
      );
    assert.deepEqual(
      await check('virginia', { state_wh_exempt: true, personal_exemptions: 0, extra_state_withholding: 0 }),
      [],
    );
    assert.deepEqual(await check('virginia', { state_wh_exempt: false, personal_exemptions: 2 }), []);
    assert.deepEqual(
      await check('oregon', {
        state_status: 'Single',
        state_wh_exempt: true,
        exemption_code: 'A',
        total_allowances: 0,
      }),
      [],
    );
    assert.deepEqual(await check('oregon', { state_status: 'Single', state_wh_exempt: true, exemption_code: '  ' }), [
      '/exemption_code Enter the exemption code of line 4a when you claim exemption.',
    ]);
    assert.deepEqual(await check('oregon', { state_status: 'Single', state_wh_exempt: false, exemption_code: 'A' }), [
      '/state_wh_exempt Check line 4b (Exempt) when you enter an exemption code.',
    ]);
  });

  it('treats a missing answer as not given', async () => {
    const ct = byType.get('connecticut')!;
    const errors = await validateByExpression(ct.transforms.validator, { state_wc_exempt: true, msrra_state: 'TX' });
    assert.deepEqual(
      errors.map((e) => e.path),
      ['/state_status'],
    );
  });

  it('maps the Alabama statuses to the codes the printable form shows', async () => {
    const d = byType.get('alabama')!;
    const codes: string[] = [];
    for (const s of [...EARLIER_STATUS.alabama, ...STATUS.alabama]) {
      codes.push(((await evaluate(d.transforms.to_execupay, { state_status: s })) as Json).filing_status as string);
    }
    assert.deepEqual(codes, ['0', 'S', 'MS', 'H', 'M', '0', 'S', 'MS', 'M', 'H']);
  });
});
