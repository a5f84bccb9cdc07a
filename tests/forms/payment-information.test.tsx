/**
 * Payment information: the ABA check digit, the account rules, the last account forced to a Percent
 * Split of 100, the payment methods a company offers, the patches, and the deposit stories.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import schemaFile from '../../schemas/payroll/employee_payment_information.json';
import defs from '../../schemas/common/defs.json';
import { bundleSchema } from '../../engine/bundle.ts';
import type { JsonSchema } from '../../engine/entity.ts';
import { compileValidator, createAjv } from '../../engine/validation.ts';
import { behaviourChanges, EMPTY_ENV } from '../../forms/behaviour/behaviour.ts';
import { accountNumberInput } from '../../forms/payroll/DepositAccountRow.tsx';
import { validateByExpression } from '../../engine/transforms.ts';
import {
  accountErrors,
  forceLastAccount,
  isMaskedAccount,
  newAccount,
  paymentInformationBehaviour,
  paymentMethods,
  restOfPay,
} from '../../forms/payroll/employee_payment_information.ts';
import * as DD from '../../stories/forms/DirectDepositField.stories.tsx';
import * as PM from '../../stories/forms/PaymentMethodWidget.stories.tsx';
import { allySavings, chaseChecking, navyFederal } from '../../stories/forms/fixtures.ts';
import { entityForm } from '../../stories/forms/entities.ts';
import { inlineSchema } from '../../renderers/screens/record/inline-schema.ts';
import type { JsonObject } from '../../renderers/api/types.ts';
import { renderStory, textOf } from './render-story.tsx';

/** The schema's own rule, which the form runs in the browser (FormBehaviour.ruleBindings) as the server does. */
const rule = (data: Record<string, unknown>) =>
  validateByExpression(schemaFile['x-transforms'].validate, data, paymentInformationBehaviour.ruleBindings!(EMPTY_ENV));
const deposit = (...direct_deposit_accounts: object[]) => ({
  desired_payment_method: 'Direct Deposit',
  direct_deposit_accounts,
});
/** The account item's properties as the form's field reads them (shared definitions resolved). */
const form = inlineSchema(entityForm('employee_payment_information').schema as JsonObject) as {
  properties: Record<string, any>;
};
const item = form.properties.direct_deposit_accounts.items.properties as Record<string, Record<string, unknown>>;
const routingMessage = defs.definitions.routingNumber['x-messages'].pattern;
const accountMessage =
  schemaFile.properties.direct_deposit_accounts.items.properties.account_number['x-messages'].pattern;

describe('routing and account numbers', () => {
  it('checks the ABA check digit (the schema rule)', async () => {
    for (const ok of ['021000021', '011000015', '122105278', '256074974', '124003116']) {
      assert.deepEqual(await rule(deposit({ ...chaseChecking, routing_number: ok })), [], ok);
    }
    for (const bad of ['021000022', '124003117']) {
      assert.deepEqual(
        await rule(deposit({ ...chaseChecking, routing_number: bad })),
        [{ path: '/direct_deposit_accounts/0/routing_number', message: 'Routing number check digit is not valid.' }],
        bad,
      );
    }
  });

  it("checks the fields' patterns as the user types, with the schema's messages", () => {
    assert.equal(routingMessage, 'Routing number must be 9 digits.');
    assert.deepEqual(accountErrors([{ ...allySavings, routing_number: '12345' }], item), [
      { path: '/direct_deposit_accounts/0/routing_number', message: routingMessage },
    ]);
    assert.deepEqual(accountErrors([{ ...allySavings, account_number: '2094-AB' }], item), [
      { path: '/direct_deposit_accounts/0/account_number', message: accountMessage },
    ]);
    assert.deepEqual(accountErrors([{ ...allySavings, account_number: 'xxxxxxxx6789' }], item), []);
    assert.deepEqual(accountErrors([allySavings, navyFederal, chaseChecking], item), []);
    assert.deepEqual(accountErrors([newAccount()], item), []);
  });

  it("checks amounts: a percent at most 100 (the rule); whole numbers of 0 or more are the schema type's, one message each", async () => {
    const percent = 'A Percent Split amount must be a whole number from 0 to 100.';
    assert.equal((await rule(deposit({ ...navyFederal, amount: 101 }, chaseChecking)))[0].message, percent);
    // Cents and negatives: the schema's own message ('Amount must be a whole number.'), not a second one.
    assert.deepEqual(await rule(deposit({ ...navyFederal, amount: 2.5 }, chaseChecking)), []);
    assert.deepEqual(await rule(deposit({ ...allySavings, amount: 10.5 }, chaseChecking)), []);
    assert.deepEqual(await rule(deposit({ ...allySavings, amount: 1500 }, chaseChecking)), []);
  });

  it('keeps a masked account number until a new one is typed, digits only', () => {
    assert.equal(isMaskedAccount('xxxxxxxx6789'), true);
    assert.equal(isMaskedAccount('12345'), false);
    assert.equal(accountNumberInput('xxxxxxxx6789', 'xxxxxxxx67895'), '5');
    assert.equal(accountNumberInput('xxxxxxxx6789', '7'), '7');
    assert.equal(accountNumberInput('123', '123-4a5'), '12345');
    assert.equal(accountNumberInput('1', ''), undefined);
  });

  it('the schema accepts the masked value the server answers, and still refuses letters', () => {
    const validate = compileValidator(createAjv(), bundleSchema(schemaFile as JsonSchema, defs as JsonSchema));
    const record = (account_number: string) => ({
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [{ ...chaseChecking, account_number }],
    });
    assert.deepEqual(validate(record('xxxxxxxx6789')), []);
    assert.deepEqual(validate(record('000123456789')), []);
    assert.deepEqual(validate(record('1234-AB')), [
      { path: '/direct_deposit_accounts/0/account_number', message: 'Account number must be digits only.' },
    ]);
  });
});

describe('accounts', () => {
  it('forces the last account to a Percent Split of 100', () => {
    assert.deepEqual(forceLastAccount([allySavings, { ...navyFederal, split_type: 'Flat Split', amount: 5 }]), [
      allySavings,
      { ...navyFederal, split_type: 'Percent Split', amount: 100 },
    ]);
    assert.deepEqual(forceLastAccount([]), []);
  });

  it('offers only Paper Check with hide_direct_deposit', () => {
    assert.deepEqual(paymentMethods({}), ['Direct Deposit', 'Paper Check']);
    assert.deepEqual(paymentMethods({ hide_direct_deposit: true }), ['Paper Check']);
  });

  it('drops the accounts on Paper Check and starts one on Direct Deposit', () => {
    const b = paymentInformationBehaviour;
    const prev = { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [chaseChecking] };
    assert.deepEqual(behaviourChanges(b, prev, ['desired_payment_method'], 'Paper Check'), [
      ['direct_deposit_accounts', undefined],
    ]);
    assert.deepEqual(
      behaviourChanges(b, { desired_payment_method: 'Paper Check' }, ['desired_payment_method'], 'Direct Deposit'),
      [['direct_deposit_accounts', [newAccount()]]],
    );
    assert.deepEqual(behaviourChanges(b, prev, ['desired_payment_method'], 'Direct Deposit'), []);
  });

  it('re-forces the last account when an account row changes', () => {
    const prev = { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [allySavings, chaseChecking] };
    const [[field, value]] = behaviourChanges(
      paymentInformationBehaviour,
      prev,
      ['direct_deposit_accounts', 1, 'amount'],
      40,
    );
    assert.equal(field, 'direct_deposit_accounts');
    assert.deepEqual(
      (value as { amount: number }[]).map((a) => a.amount),
      [200, 100],
    );
  });

  it('validates the accounts only for Direct Deposit', async () => {
    const bad = [{ ...allySavings, routing_number: '124003117' }, chaseChecking];
    assert.equal((await rule({ desired_payment_method: 'Direct Deposit', direct_deposit_accounts: bad })).length, 1);
    assert.deepEqual(await rule({ desired_payment_method: 'Paper Check', direct_deposit_accounts: bad }), []);
  });
});

describe('DirectDepositField stories', () => {
  const html = (s: keyof typeof DD) => renderStory(DD.default, DD[s] as never);

  it('one account: the last account is a read-only Percent Split of 100', () => {
    const h = html('OneAccount');
    assert.match(textOf(h), /Account 1 · receives the rest of the pay/);
    assert.match(h, /id="root_direct_deposit_accounts_0_amount"[^>]*readOnly=""[^>]*value="100"/);
    assert.match(h, /disabled=""[^>]*value="Flat Split"/);
    assert.match(h, /value="xxxxxxxx6789"/);
    assert.doesNotMatch(h, /Remove account/);
    assert.match(h, />Add account</);
  });

  it('the last account says what it receives: the rest of the pay, not the 100 % it stores', () => {
    assert.match(textOf(html('OneAccount')), /All of the pay\./);
    const pct = (amount: number) => ({ split_type: 'Percent Split' as const, amount });
    assert.equal(restOfPay([pct(30), pct(100)]), 'The rest: 70 % of the pay.');
    assert.equal(restOfPay([pct(30), pct(20), pct(100)]), 'The rest: 50 % of the pay.');
    assert.equal(restOfPay([pct(100), pct(100)]), 'Nothing: the accounts above take all of the pay.');
    assert.equal(
      restOfPay([{ split_type: 'Flat Split' as const, amount: 200 }, pct(100)]),
      'What is left of the pay after the accounts above.',
    );
  });

  it('three accounts: flat dollars and percent amounts, Remove buttons', () => {
    const h = html('ThreeAccounts');
    assert.match(h, /id="root_direct_deposit_accounts_0_amount"[^>]*value="200"/);
    assert.doesNotMatch(h, /id="root_direct_deposit_accounts_0_amount"[^>]*readOnly/);
    assert.match(textOf(h), /Amount \(dollars\) \$/);
    assert.equal((h.match(/Remove account/g) ?? []).length, 3);
  });

  it('four accounts: no Add button', () => {
    assert.doesNotMatch(html('FourAccounts'), />Add account</);
  });

  it('shows the digits-only message at once; the check digit is the schema rule, answered after it runs', async () => {
    const t = textOf(html('InvalidNumbers'));
    assert.match(t, /Account number must be digits only\./);
    const data = (DD.InvalidNumbers.args as { formData: Record<string, unknown> }).formData;
    assert.deepEqual(
      (await rule(data)).map((e) => e.message),
      ['Routing number check digit is not valid.'],
    );
  });

  it('Paper Check and hide_direct_deposit hide the accounts', () => {
    assert.doesNotMatch(html('PaperCheck'), /routing_number/);
    assert.match(textOf(html('PaperCheck')), /Paid by paper check/);
    const hidden = html('HideDirectDeposit');
    assert.doesNotMatch(hidden, /routing_number/);
    assert.doesNotMatch(hidden, /value="Direct Deposit"/);
    // The stored Direct Deposit turns into Paper Check once mounted (an effect, so not in static HTML).
    assert.match(hidden, /value="Paper Check"/);
  });
});

describe('PaymentMethodWidget stories', () => {
  it('offers both methods, or only Paper Check with hide_direct_deposit', () => {
    const both = renderStory(PM.default, PM.BothMethods);
    assert.match(both, /checked="" value="Direct Deposit"/);
    assert.match(both, /value="Paper Check"/);
    const only = renderStory(PM.default, PM.HideDirectDeposit);
    assert.doesNotMatch(only, /value="Direct Deposit"/);
    assert.match(textOf(only), /Your employer pays by paper check\./);
  });
});
