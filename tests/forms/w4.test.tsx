/**
 * Form W-4 behaviour: the field -> patch map, the validator, the year lock and its Edit action, in
 * agreement with the schema's save transform and validate rule; and the W-4 stories.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import w4Schema from '../../schemas/payroll/w4.json';
import { evaluate, validateByExpression } from '../../engine/transforms.ts';
import { behaviourChanges } from '../../forms/behaviour/behaviour.ts';
import {
  BOTH_WITHHOLDINGS_MESSAGE,
  childCredit,
  currentW4Edition,
  dependentAmount,
  editionOf,
  editOnCurrentForm,
  initW4,
  isW4Locked,
  W4_EDITIONS,
  w4Ui,
  validateW4,
  w4Behaviour,
  w4Patches,
} from '../../forms/payroll/w4.ts';
import * as S from '../../stories/forms/W4Form.stories.tsx';
import { EMPTY_ENV, type BehaviourEnv } from '../../forms/behaviour/behaviour.ts';
import { renderStory, textOf } from './render-story.tsx';

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

  it('agrees with the server: the save transform computes the same amount and drops the counts', async () => {
    const save = w4Schema['x-transforms'].save;
    for (const [year, kids, others] of [
      ['2020', 2, 1],
      ['2026', 1, 3],
    ] as const) {
      const out = (await evaluate(save, {
        w4_year: year,
        number_of_dependents_under_17: kids,
        number_of_other_dependents: others,
      })) as Record<string, unknown>;
      assert.equal(out.dependent_amount, dependentAmount(kids, others, year));
      assert.equal('number_of_dependents_under_17' in out, false);
      assert.equal('number_of_other_dependents' in out, false);
    }
    const manual = (await evaluate(save, {
      w4_year: '2020',
      dependent_amount: 1234,
      number_of_dependents_under_17: 0,
      number_of_other_dependents: 0,
    })) as Record<string, unknown>;
    assert.equal(manual.dependent_amount, 1234);
  });
});

describe('W-4 withholding rule', () => {
  it('refuses fixed and extra withholding together, with the server message', async () => {
    const both = { federal_withholding_fixed: 100, federal_withholding_extra: 20 };
    assert.deepEqual(validateW4(both), [{ path: '/federal_withholding_fixed', message: BOTH_WITHHOLDINGS_MESSAGE }]);
    assert.deepEqual(validateW4({ federal_withholding_fixed: 100, federal_withholding_extra: 0 }), []);
    assert.deepEqual(validateW4({ federal_withholding_extra: 20 }), []);
    assert.deepEqual(await validateByExpression(w4Schema['x-transforms'].validate, both), validateW4(both));
  });
});

describe('W-4 year lock', () => {
  it('locks a record of a year other than 2020; Edit sets 2020 and drops w4_2019', () => {
    assert.equal(isW4Locked({ w4_year: '2019' }), true);
    assert.equal(isW4Locked({ w4_year: '2020' }), false);
    assert.equal(isW4Locked({}), false);
    assert.deepEqual(editOnCurrentForm(), { w4_year: '2020', w4_2019: undefined });
  });

  it('keeps w4_year read-only in the screen (x-ui)', () => {
    assert.deepEqual(w4Schema['x-ui'].w4_year, { 'ui:readonly': true });
    assert.equal(w4Schema['x-ui']['ui:field'], 'formBehaviour');
    assert.deepEqual(w4Schema['x-ui']['ui:options'], { behaviour: 'payroll/w4' });
  });
});

describe('W4Form stories', () => {
  it('links to the federal form', () => {
    const h = renderStory(S.default, S.CurrentForm);
    assert.match(h, /href="https:\/\/www\.irs\.gov\/pub\/irs-pdf\/fw4\.pdf"/);
    assert.doesNotMatch(h, />Edit</);
    assert.match(h, /id="root_dependent_amount"[^>]*value="4500"/);
  });

  it('shows a 2019 record read-only with an Edit action', () => {
    const h = renderStory(S.default, S.Year2019);
    assert.match(textOf(h), /completed on the 2019 form and is read-only/);
    assert.match(h, />Edit</);
    assert.match(h, /id="root_income_not_from_jobs"[^>]*readOnly=""/);
  });

  it('shows the fixed and extra withholding message', () => {
    assert.match(textOf(renderStory(S.default, S.BothWithholdings)), new RegExp(BOTH_WITHHOLDINGS_MESSAGE));
  });
});

describe('W-4 editions', () => {
  const on2026: BehaviourEnv = { employer: { w4_edition: ['2026'] }, isNew: false };

  it("the browser's edition table agrees with the server's save rule for every edition", async () => {
    const save = w4Schema['x-transforms'].save;
    for (const [year, e] of Object.entries(W4_EDITIONS)) {
      const out = (await evaluate(save, {
        w4_year: year,
        number_of_dependents_under_17: 2,
        number_of_other_dependents: 3,
      })) as Record<string, unknown>;
      assert.equal(out.dependent_amount, 2 * e.childCredit + 3 * e.otherCredit, year);
      assert.equal(out.dependents_under_17_amount, e.splitStep3 ? 2 * e.childCredit : undefined, year);
      assert.equal(out.other_dependents_amount, e.splitStep3 ? 3 * e.otherCredit : undefined, year);
    }
    assert.equal(editionOf('2025').childCredit, 2000);
    assert.equal(editionOf('2027').childCredit, 2200);
  });

  it("follows the company's current edition: 2020 by default, its employer_info w4_edition otherwise", () => {
    assert.equal(currentW4Edition(EMPTY_ENV), '2020');
    assert.equal(currentW4Edition(on2026), '2026');
    assert.equal(currentW4Edition({ employer: { w4_edition: ['1999'] }, isNew: false }), '2020');
    assert.equal(isW4Locked({ w4_year: '2020' }, on2026), true);
    assert.equal(isW4Locked({ w4_year: '2026' }, on2026), false);
    assert.equal(isW4Locked({ w4_year: '2020' }, { ...on2026, isNew: true }), false);
    assert.deepEqual(editOnCurrentForm(on2026), { w4_year: '2026', w4_2019: undefined });
    assert.deepEqual(initW4({ w4_year: '2020' }, { ...on2026, isNew: true }), { w4_year: '2026' });
    assert.deepEqual(initW4({ w4_year: '2020' }, on2026), {});
  });

  it('on the 2026 form the counts fill 3(a), 3(b) and the total; typing 3(a) or 3(b) clears the counts', () => {
    assert.deepEqual(
      behaviourChanges(
        w4Behaviour,
        { w4_year: '2026', number_of_dependents_under_17: 1 },
        ['number_of_other_dependents'],
        2,
        on2026,
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
        on2026,
      ),
      [
        ['number_of_dependents_under_17', 0],
        ['number_of_other_dependents', 0],
        ['dependent_amount', 4900],
      ],
    );
  });

  it('shows 3(a) and 3(b) only on an edition that splits Step 3', () => {
    assert.deepEqual(w4Ui({ w4_year: '2020' }).dependents_under_17_amount, { 'ui:widget': 'hidden' });
    assert.deepEqual(w4Ui({ w4_year: '2026' }).dependents_under_17_amount, {});
    const h = renderStory(S.default, S.Edition2026);
    assert.match(h, /id="root_dependents_under_17_amount"[^>]*value="4,?400"/);
    assert.doesNotMatch(h, />Edit</);
    const old = renderStory(S.default, S.Year2020On2026Company);
    assert.match(textOf(old), /completed on the 2020 form and is read-only\. Edit moves it onto the 2026 form/);
    assert.match(old, /<input type="hidden" id="root_dependents_under_17_amount"/);
  });
});
