/**
 * What the schema-driven tests (catalogue, fuzzer, roles, permissions) share when they let
 * json-schema-faker make records: the rules a generator cannot know, and schemas stripped of the
 * engine's x- keywords.
 */

/**
 * Merged over a generated record so the server accepts it: a rule across fields, an enum a
 * generator picks badly, an array json-schema-faker builds out of order.
 */
export const RECORD_OVERRIDES: Readonly<Record<string, Record<string, unknown>>> = {
  'auth/organizations': { active_modules: ['auth', 'payroll'] },
  'auth/users': { is_employee: false },
  'hr/documents': { filename: 'handbook.pdf' },
  // A manager saving someone else's I-9 signs Section 2 (the I-9's validate rule).
  'payroll/i9': { employer_signature: { name: 'Paula Payroll', font: 'font1', timestamp: 1 } },
  // json-schema-faker does not keep to exclusiveMinimum: 0 on an unbounded number.
  'time/pto_request': { hours: 8 },
  'time/pto_register': { action: 'annotation' },
  'time/pto_progression': {
    steps: [
      { after_months: 0, accrual_hours: 4 },
      { after_months: 12, accrual_hours: 6 },
    ],
  },
};

/** A copy without x- keywords: json-schema-faker reads `x-messages.required` as a schema keyword. */
export function withoutEngineKeywords<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutEngineKeywords) as T;
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !k.startsWith('x-'))
      .map(([k, v]) => [k, withoutEngineKeywords(v)]),
  ) as T;
}
