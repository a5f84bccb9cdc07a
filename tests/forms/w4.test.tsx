/**
 * Form W-4 behaviour: the field -> patch map, the validator, the edition in effect, the lock and its
 * Edit action, in agreement with the schema's save transform and validate rule (both read the same
 * editions file); and the W-4 stories.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import w4Schema from '../../schemas/payroll/w4.json';
import w4Editions from '../../schemas/common/w4-editions.json';
import { evaluate, validateByExpression } from '../../engine/transforms.ts';
import { referenceBindings } from '../../engine/reference-bindings.ts';
import { behaviourChanges } from '../../forms/behaviour/behaviour.ts';
import {
  childCredit,
  currentW4Edition,
  dependentAmount,
  editionInEffect,
  editionOf,
  editOnCurrentForm,
  initW4,
  isW4Locked,
  w4Ui,
  w4Behaviour,
  w4Patches,
} from '../../forms/payroll/w4.ts';
import * as S from '../../stories/forms/W4Form.stories.tsx';
import { STORY_NOW } from '../../stories/forms/FormHarness.tsx';
import { EMPTY_ENV, type BehaviourEnv } from '../../forms/behaviour/behaviour.ts';
import { renderStory, textOf } from './render-story.tsx';

/** Noon UTC of a day, in Unix seconds. */
const at = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
/** The bindings the server gives the W-4's rules on a write at `now`. */
const bindings = (now: number, before: unknown = null) => ({ ...referenceBindings({ w4Editions }), now, before });

describe('W-4 dependents (Step 3)', () => {
  it('is 2000 per child under 17 plus 500 per other dependent on the 2020-2025 forms, 2200 from 2026', () => {
    assert.equal(dependentAmount(2, 1, '2020'), 4500);
    assert.equal(dependentAmount(0, 0, '2020'), 0);
    assert.equal(dependentAmount(3, 0, '2025'), 6000);
    assert.equal(dependentAmount(1, 2, '2026'), 3200);
    assert.equal(childCredit(undefined), 2000);
    assert.equal(dependentAmount(-1, 'x', '2020'), 0);
  });

  it('fills the amount when a count changes', () => {
    assert.deepEqual(
      w4Patches.number_of_dependents_under_17(
        { w4_year: '2020', number_of_dependents_under_17: 2, number_of_other_dependents: 1 },
        {},
        EMPTY_ENV,
      ),
      { dependent_amount: 4500 },
    );
    assert.deepEqual(
      behaviourChanges(
        w4Behaviour,
        { w4_year: '2020', number_of_dependents_under_17: 1 },
        ['number_of_other_dependents'],
        2,
      ),
      [['dependent_amount', 3000]],
    );
  });

  it('clears the counts when the amount is typed by hand', () => {
    assert.deepEqual(behaviourChanges(w4Behaviour, { number_of_dependents_under_17: 2 }, ['dependent_amount'], 1234), [
      ['number_of_dependents_under_17', 0],
      ['number_of_other_dependents', 0],
    ]);
  });

  it('agrees with the server for every edition: the save transform computes the same amounts and drops the counts', async () => {
    const save = w4Schema['x-transforms'].save;
    for (const e of w4Editions.editions) {
      const before = { w4_year: e.year };
      const out = (await evaluate(
        save,
        { w4_year: e.year, number_of_dependents_under_17: 2, number_of_other_dependents: 3 },
        bindings(at(e.effective), before),
      )) as Record<string, unknown>;
      assert.equal(out.dependent_amount, dependentAmount(2, 3, e.year), e.year);
      assert.equal(out.dependents_under_17_amount, e.split_step3 ? 2 * e.child_credit : undefined, e.year);
      assert.equal(out.other_dependents_amount, e.split_step3 ? 3 * e.other_credit : undefined, e.year);
      assert.equal('number_of_dependents_under_17' in out, false);
      assert.equal('number_of_other_dependents' in out, false);
    }
    const manual = (await evaluate(
      save,
      { w4_year: '2020', dependent_amount: 1234, number_of_dependents_under_17: 0, number_of_other_dependents: 0 },
      bindings(at('2020-03-01'), { w4_year: '2020' }),
    )) as Record<string, unknown>;
    assert.equal(manual.dependent_amount, 1234);
  });
});

describe('W-4 withholding rule', () => {
  it("refuses fixed and extra withholding together: the schema's rule, run in the browser with the form's bindings", async () => {
    const env: BehaviourEnv = { employer: {}, isNew: false, now: at('2026-11-26') };
    const rule = (data: Record<string, unknown>) =>
      validateByExpression(w4Schema['x-transforms'].validate, data, w4Behaviour.ruleBindings!(env));
    const both = { w4_year: '2026', federal_withholding_fixed: 100, federal_withholding_extra: 20 };
    assert.deepEqual(await rule(both), [
      {
        path: '/federal_withholding_fixed',
        message: 'You cannot enter both fixed and extra withholding at the same time.',
      },
    ]);
    assert.deepEqual(await rule({ w4_year: '2026', federal_withholding_fixed: 100, federal_withholding_extra: 0 }), []);
    assert.deepEqual(await rule({ w4_year: '2026', federal_withholding_extra: 20 }), []);
    // A stored W-4 of another edition is the header's lock in the browser, the server's rule on save.
    assert.deepEqual(await rule({ w4_year: '2025', federal_withholding_extra: 20 }), []);
  });
});

describe('W-4 editions', () => {
  const nov2026: BehaviourEnv = { employer: {}, isNew: false, now: at('2026-11-26') };
  const jun2025: BehaviourEnv = { employer: {}, isNew: false, now: at('2025-06-15') };

  it('the edition in effect is the last one whose effective date has come, as on the server', async () => {
    assert.equal(editionInEffect(at('2025-12-31')).year, '2025');
    assert.equal(editionInEffect(at('2026-01-01')).year, '2026');
    assert.equal(currentW4Edition(nov2026), '2026');
    assert.equal(currentW4Edition(jun2025), '2025');
    const save = w4Schema['x-transforms'].save;
    for (const day of ['2020-01-01', '2023-07-04', '2025-12-31', '2026-01-01', '2026-11-26']) {
      const out = (await evaluate(save, { w4_year: '2020' }, bindings(at(day)))) as Record<string, unknown>;
      assert.equal(out.w4_year, editionInEffect(at(day)).year, day);
    }
    assert.equal(editionOf('2019').year, '2020', 'a legacy year reads the first edition');
    assert.equal(editionOf('2031').year, w4Editions.editions.at(-1)!.year, 'a later year reads the last edition');
  });

  it('locks a stored W-4 of another edition; Edit moves it onto the one in effect with Step 3 empty', () => {
    assert.equal(isW4Locked({ w4_year: '2019' }, nov2026), true);
    assert.equal(isW4Locked({ w4_year: '2025' }, nov2026), true);
    assert.equal(isW4Locked({ w4_year: '2026' }, nov2026), false);
    assert.equal(isW4Locked({ w4_year: '2025' }, jun2025), false);
    assert.equal(isW4Locked({ w4_year: '2025' }, { ...nov2026, isNew: true }), false);
    assert.equal(isW4Locked({}, nov2026), false);
    assert.deepEqual(editOnCurrentForm(nov2026), {
      w4_year: '2026',
      w4_2019: undefined,
      number_of_dependents_under_17: undefined,
      number_of_other_dependents: undefined,
      dependents_under_17_amount: undefined,
      other_dependents_amount: undefined,
      dependent_amount: undefined,
    });
    assert.deepEqual(initW4({ w4_year: '2020' }, { ...nov2026, isNew: true }), { w4_year: '2026' });
    assert.deepEqual(initW4({ w4_year: '2020' }, nov2026), {});
    // A stored 2026 W-4 shows the counts its 3(a) and 3(b) were made of; an amount typed by hand, none.
    assert.deepEqual(
      initW4({ w4_year: '2026', dependents_under_17_amount: 4400, other_dependents_amount: 1000 }, nov2026),
      { number_of_dependents_under_17: 2, number_of_other_dependents: 2 },
    );
    assert.deepEqual(
      initW4({ w4_year: '2026', dependents_under_17_amount: 4500, other_dependents_amount: 0 }, nov2026),
      {},
    );
  });

  it('shows the edition in the header, not as a field, and keeps the exemption expiry read-only (x-ui)', () => {
    assert.deepEqual(w4Schema['x-ui'].w4_year, { 'ui:widget': 'hidden' });
    assert.deepEqual(w4Schema['x-ui'].exempt_expires, { 'ui:readonly': true });
    assert.equal(w4Schema['x-ui']['ui:field'], 'formBehaviour');
    assert.deepEqual(w4Schema['x-ui']['ui:options'], { behaviour: 'payroll/w4' });
  });

  it("on the 2026 form the counts fill 3(a), 3(b) and the total; typing 3(a) or 3(b) clears that line's count only", () => {
    assert.deepEqual(
      behaviourChanges(
        w4Behaviour,
        { w4_year: '2026', number_of_dependents_under_17: 1 },
        ['number_of_other_dependents'],
        2,
        nov2026,
      ),
      [
        ['dependents_under_17_amount', 2200],
        ['other_dependents_amount', 1000],
        ['dependent_amount', 3200],
      ],
    );
    assert.deepEqual(
      behaviourChanges(
        w4Behaviour,
        { w4_year: '2026', other_dependents_amount: 500 },
        ['dependents_under_17_amount'],
        4400,
        nov2026,
      ),
      [
        ['number_of_dependents_under_17', 0],
        ['dependent_amount', 4900],
      ],
    );
    // 3(a) typed by hand stays when the other dependents' count changes; 3(b) follows its count.
    assert.deepEqual(
      behaviourChanges(
        w4Behaviour,
        { w4_year: '2026', dependents_under_17_amount: 3000, number_of_dependents_under_17: 0 },
        ['number_of_other_dependents'],
        1,
        nov2026,
      ),
      [
        ['other_dependents_amount', 500],
        ['dependent_amount', 3500],
      ],
    );
  });

  it('shows 3(a) and 3(b) only on an edition that splits Step 3, and the expiry only when exempt', () => {
    assert.deepEqual(w4Ui({ w4_year: '2025' }).dependents_under_17_amount, { 'ui:widget': 'hidden' });
    assert.deepEqual(w4Ui({ w4_year: '2026' }).dependents_under_17_amount, {});
    assert.deepEqual(w4Ui({ w4_year: '2026' }).exempt_expires, { 'ui:widget': 'hidden' });
    assert.deepEqual(w4Ui({ w4_year: '2026', exempt_from_federal_withholding: true }).exempt_expires, {});
  });
});

describe('W4Form stories (clock at 01/02/2026: the 2026 edition is in effect)', () => {
  it('the stories clock is in 2026', () => {
    assert.equal(editionInEffect(STORY_NOW).year, '2026');
  });

  it('links to the federal form and shows the 2026 Step 3', () => {
    const h = renderStory(S.default, S.CurrentForm);
    assert.match(h, /href="https:\/\/www\.irs\.gov\/pub\/irs-pdf\/fw4\.pdf"/);
    assert.doesNotMatch(h, />Edit</);
    assert.match(h, /id="root_dependents_under_17_amount"[^>]*value="4,?400"/);
    assert.match(h, /id="root_dependent_amount"[^>]*value="4,?900"/);
  });

  it('shows a 2019 record read-only with an Edit action', () => {
    const h = renderStory(S.default, S.Year2019);
    assert.match(textOf(h), /completed on the 2019 form and is read-only/);
    assert.match(h, />Edit</);
    assert.match(h, /id="root_income_not_from_jobs"[^>]*readOnly=""/);
  });

  it('shows a 2020 record read-only once 2026 is in effect: Edit asks for Step 3 and the signature again', () => {
    const old = renderStory(S.default, S.Year2020Now2026);
    assert.match(
      textOf(old),
      /completed on the 2020 form and is read-only\. Edit moves it onto the 2026 form: Step 3 is asked for again, the form must be signed again/,
    );
    assert.match(old, /<input type="hidden" id="root_dependents_under_17_amount"/);
  });

  it("the fixed and extra withholding story's data is refused by the schema's rule", async () => {
    const { formData } = S.BothWithholdings.args as { formData: Record<string, unknown> };
    const env: BehaviourEnv = { employer: {}, isNew: false, now: STORY_NOW };
    const errors = await validateByExpression(
      w4Schema['x-transforms'].validate,
      formData,
      w4Behaviour.ruleBindings!(env),
    );
    assert.deepEqual(
      errors.map((e) => e.message),
      [(S.BothWithholdings.parameters!.check as { text: string }).text],
    );
  });

  it('shows when an exemption expires', () => {
    const h = renderStory(S.default, S.Exempt);
    assert.match(textOf(h), /Exemption expires/);
    assert.match(h, /value="2027-02-15"/);
  });
});
