/** payroll/employee_payment_information: the rules of schemas/payroll/employee_payment_information.json. */
import type { EntityCases, EntityRules, ExpressionCase, TransformCase } from '../harness.ts';
import { ROUTING_PREFIX, ROUTING_PREFIXES, account } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/employee_payment_information',
  valid: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
  cases: [
    { name: 'paper check needs no accounts', patch: { desired_payment_method: 'Paper Check', direct_deposit_accounts: undefined }, errors: [] },
    {
      name: 'direct deposit without accounts',
      patch: { direct_deposit_accounts: undefined },
      errors: [{ path: '/direct_deposit_accounts', message: 'Add at least one direct deposit account.' }],
    },
    {
      name: 'an empty account list',
      patch: { direct_deposit_accounts: [] },
      errors: [{ path: '/direct_deposit_accounts', message: 'Add at least one direct deposit account.' }],
    },
    {
      name: 'five accounts',
      patch: { direct_deposit_accounts: [1, 2, 3, 4, 5].map(() => account()) },
      errors: [{ path: '/direct_deposit_accounts', message: 'At most 4 direct deposit accounts may be given.' }],
    },
    {
      name: 'payment method outside the list',
      patch: { desired_payment_method: 'Cash' },
      errors: [{ path: '/desired_payment_method', message: 'Payment method must be Direct Deposit or Paper Check.' }],
    },
    {
      name: 'routing number of 8 digits',
      patch: { direct_deposit_accounts: [account({ routing_number: '07100001' })] },
      errors: [{ path: '/direct_deposit_accounts/0/routing_number', message: 'Routing number must be 9 digits.' }],
    },
    {
      name: 'routing number with a letter',
      patch: { direct_deposit_accounts: [account({ routing_number: '07100001x' })] },
      errors: [{ path: '/direct_deposit_accounts/0/routing_number', message: 'Routing number must be 9 digits.' }],
    },
    ...ROUTING_PREFIXES.map(([prefix, ok]) => ({
      name: `routing number prefix ${prefix}`,
      patch: { direct_deposit_accounts: [account({ routing_number: `${prefix}1000013` })] },
      errors: ok ? [] : [{ path: '/direct_deposit_accounts/0/routing_number', message: ROUTING_PREFIX }],
    })),
    {
      name: 'account number with letters and hyphens',
      patch: { direct_deposit_accounts: [account({ account_number: '1234-AB' })] },
      errors: [{ path: '/direct_deposit_accounts/0/account_number', message: 'Account number must be digits only.' }],
    },
    {
      name: 'account type outside the list',
      patch: { direct_deposit_accounts: [account({ account_type: 'Brokerage' })] },
      errors: [{ path: '/direct_deposit_accounts/0/account_type', message: 'Account type must be Checking, Savings or None.' }],
    },
    { name: 'account type None', patch: { direct_deposit_accounts: [account({ account_type: 'None' })] }, errors: [] },
    {
      name: 'split type outside the list',
      patch: { direct_deposit_accounts: [account({ split_type: 'Remainder' })] },
      errors: [{ path: '/direct_deposit_accounts/0/split_type', message: 'Split type must be Percent Split or Flat Split.' }],
    },
    {
      name: 'fractional amount',
      patch: { direct_deposit_accounts: [account({ amount: 12.5 })] },
      errors: [{ path: '/direct_deposit_accounts/0/amount', message: 'Amount must be a whole number.' }],
    },
    {
      name: 'negative flat amount',
      patch: { direct_deposit_accounts: [account({ split_type: 'Flat Split', amount: -1 }), account()] },
      errors: [{ path: '/direct_deposit_accounts/0/amount', message: 'Amount must be 0 or more.' }],
    },
    {
      name: 'sync status outside the list',
      patch: { sync_status: 'done' },
      errors: [{ path: '/sync_status', message: 'Must be one of: pending, processing, synced, approval_requested' }],
    },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'payroll/employee_payment_information',
    name: 'paper check drops the direct deposit accounts',
    kind: 'save',
    input: { desired_payment_method: 'Paper Check', direct_deposit_accounts: [account()], sync_status: 'pending' },
    output: { desired_payment_method: 'Paper Check', sync_status: 'pending' },
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'direct deposit keeps the accounts',
    kind: 'save',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
    output: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
  },
];

const validations: ExpressionCase[] = [
  {
    entity: 'payroll/employee_payment_information',
    name: 'one account of 100 percent',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
    errors: [],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'percent and flat splits before a last 100 percent',
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ amount: 25 }), account({ split_type: 'Flat Split', amount: 500 }), account()],
    },
    errors: [],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'percent split over 100',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account({ amount: 101 }), account()] },
    errors: [
      { path: '/direct_deposit_accounts/0/amount', message: 'A Percent Split amount must be a whole number from 0 to 100.' },
    ],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'percent splits before the last adding up to more than 100',
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ amount: 60 }), account({ split_type: 'Flat Split', amount: 50 }), account({ amount: 60 }), account()],
    },
    errors: [
      {
        path: '/direct_deposit_accounts/2/amount',
        message:
          'The Percent Splits before the last account add up to 120%: together they may be at most 100%, and the last account receives the rest of the pay.',
      },
    ],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'percent splits before the last adding up to 100',
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ amount: 60 }), account({ amount: 40 }), account()],
    },
    errors: [],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: "a flat split below 0 or of cents is the schema's to refuse, with one message (not this rule's too)",
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ split_type: 'Flat Split', amount: -5 }), account({ split_type: 'Flat Split', amount: 200.75 }), account()],
    },
    errors: [],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'the last account is a flat split',
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ amount: 50 }), account({ split_type: 'Flat Split', amount: 100 })],
    },
    errors: [{ path: '/direct_deposit_accounts/1/split_type', message: 'The last account must be a Percent Split of 100.' }],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'the last account is a percent split under 100',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account({ amount: 60 })] },
    errors: [{ path: '/direct_deposit_accounts/0/amount', message: 'The last account must be a Percent Split of 100.' }],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'paper check is not checked',
    input: { desired_payment_method: 'Paper Check' },
    errors: [],
  },
];

export default { table, transforms, validations } satisfies EntityRules;
