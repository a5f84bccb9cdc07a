/**
 * payroll/state_w4 follows the definition of its state (payroll/state_w4_form), found by the state
 * code at each save, so a definition added or changed as data applies at once: its prepare_for_save
 * transform runs on answers that pass its JSON Schema, then the result is checked against that schema
 * and its validator.
 * Without a definition for the state only the generic state_w4 rules and fields apply.
 *
 * The certificate is for a state the employer withholds for (engine/withholding-states.ts): a
 * state without an income tax on wages has none, and once the employee's work state is on record a
 * certificate of another state than the one due (or the state they live in, which the employer may
 * withhold for too) is refused, naming the right one. An employee holds one certificate per state,
 * addressed by their user key and the state (../../payroll/certificates.ts, docs/state-certificates.md).
 */
import { isDeepStrictEqual } from 'node:util';
import {
  DATA_DEFINED_LIMITS,
  ExpressionError,
  transformData,
  validateByExpression,
} from '../../../engine/transforms.ts';
import type { FieldError } from '../../../engine/messages.ts';
import { certificateReason, noIncomeTaxMessage, taxesWages } from '../../../engine/withholding-states.ts';
import { ApiError, validationFailed } from '../../http/errors.ts';
import { MAX_BODY_BYTES } from '../../http/json-body.ts';
import { checkAnswers, findStateForm, STATE_W4_OWN_FIELDS } from '../../payroll/state-forms.ts';
import { allowedStates, certificateAddress, certificateKey } from '../../payroll/certificates.ts';
import { keepSignedLayout, signUnderLayout } from '../../payroll/signed-layouts.ts';
import type { EntityHooks, HookArgs } from '../hooks.ts';
import { asSentErrors } from '../write-validate.ts';
import type { DataObject } from '../../storage/types.ts';
import type { PayrollStateW4Form } from '../../../types/generated/payroll/state_w4_form.ts';

/** What the hooks read of a payroll/state_w4_form record (typed from its schema by npm run gen:types). */
type Definition = Pick<PayrollStateW4Form, 'fields' | 'transforms'>;

async function definitionFor({ s, caller, data }: HookArgs): Promise<Definition | undefined> {
  if (typeof data.state !== 'string') return undefined;
  return (await findStateForm(s, caller.org.id, data.state))?.data as Definition | undefined;
}

/** The certificate's state against the state the employee's work and residence call for. */
async function stateErrors({ s, caller, data }: HookArgs): Promise<FieldError[]> {
  const state = data.state;
  if (typeof state !== 'string' || typeof data._user_uuid !== 'string') return [];
  if (!taxesWages(state)) return [{ path: '/state', message: noIncomeTaxMessage(state) }];
  const allowed = await allowedStates(s, caller.org.id, data._user_uuid);
  const due = allowed?.due;
  // Without a work state on record any state is taken, as before work states were kept.
  if (!due || due.because === 'residence' || allowed.states.includes(state)) return [];
  if (due.because === 'none') return [{ path: '/state', message: noIncomeTaxMessage(due.state) }];
  return [{ path: '/state', message: `Your state withholding certificate is for ${certificateReason(due)}.` }];
}

/** What every form answers for a field it does not have (ajv's additionalProperties, engine/messages.ts). */
const NOT_A_FIELD = 'Is not a field of this form';

/**
 * Answers the write gives to fields the state's form does not have (not its definition's fields, not
 * the W-4's own): each is refused naming it, as on every other form. A shared value at its default (the
 * screen sends state_w4.json's defaults) and a value kept from before sent back as it is (a field
 * product staff renamed since) pass. Before, a New York certificate took
 * `state_wh_exempt: true`, which payroll reads, though the IT-2104 has no exemption line and the
 * signed printout showed none.
 */
function notOnTheForm(schema: Record<string, unknown>, args: HookArgs, named: FieldError[]): FieldError[] {
  const fields = (schema.properties ?? {}) as Record<string, unknown>;
  // The shared values' defaults (an exempt box left false) are no answer: the screen sends them.
  const shared = (args.s.catalogue.registry.require('payroll', 'state_w4').file.properties ?? {}) as Record<
    string,
    { default?: unknown }
  >;
  const already = new Set(named.map((e) => e.path));
  const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
  return Object.keys(args.incoming)
    .filter(
      (k) =>
        !Object.hasOwn(fields, k) &&
        !STATE_W4_OWN_FIELDS.has(k) &&
        !already.has(`/${k}`) &&
        !(Object.hasOwn(shared, k) && 'default' in shared[k] && same(shared[k].default, args.incoming[k])) &&
        !(args.before && Object.hasOwn(args.before, k) && same(args.before[k], args.incoming[k])),
    )
    .map((k) => ({ path: `/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`, message: NOT_A_FIELD }));
}

async function run<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    // The definition is data: a failing expression is its author's fault, named, never a 500.
    if (e instanceof ExpressionError) throw new ApiError(422, `The state form's ${what} failed: ${e.message}`);
    throw e;
  }
}

export const stateW4Hooks: EntityHooks = {
  address: ({ s, org, key, data, caller }) => certificateAddress(s, org, key, data, caller),
  async prepare(args): Promise<DataObject> {
    // A certificate is of one state for good: another state's is another record (checked before the
    // other state's definition, whose rules would not be the point).
    const { key, data } = args;
    if (
      typeof data._user_uuid === 'string' &&
      typeof data.state === 'string' &&
      key !== certificateKey(data._user_uuid, data.state)
    ) {
      throw validationFailed([
        { path: '/state', message: "A certificate's state cannot change: give the other state's certificate." },
      ]);
    }
    const def = await definitionFor(args);
    // The answers are checked as the employee gave them, before a transform computes from them.
    // So is a value of the wrong type or out of range for the certificate itself (another state's
    // answer among them), named with them, before the state's transform can leave it out.
    const answers = def?.fields?.schema ? checkAnswers(def.fields.schema, args.data) : [];
    const typed = def ? asSentErrors(args.s, args.s.catalogue.registry.require('payroll', 'state_w4'), args.data) : [];
    if (answers.length || typed.length) throw validationFailed([...typed, ...answers]);
    const text = def?.transforms?.prepare_for_save;
    if (!text) return args.data;
    const out = await run('prepare_for_save', () => transformData(text, args.data, undefined, DATA_DEFINED_LIMITS));
    // A transform computes answers, no bigger than a request may send: one padding an answer stored a
    // certificate of megabytes, read back whole by the employee, payroll and every print.
    const bytes = Buffer.byteLength(JSON.stringify(out));
    if (bytes > MAX_BODY_BYTES) {
      throw new ApiError(
        422,
        `The state form's prepare_for_save failed: it answered ${bytes.toLocaleString('en-US')} bytes, more than the ${MAX_BODY_BYTES.toLocaleString('en-US')} a certificate may hold`,
      );
    }
    // A transform computes answers. The W-4's own fields stay as the write made them: the state (the
    // record's identity for its definition), the signature and its history (only the employee signs,
    // stamped by the server), the sync status (the server's) and the owner (whose certificate it is).
    const kept: DataObject = { ...out };
    for (const field of STATE_W4_OWN_FIELDS) {
      if (field in args.data) kept[field] = args.data[field];
      else delete kept[field];
    }
    return kept;
  },
  // A signature names the printable layout kept as data it is signed under, and the company keeps
  // that layout: a signed certificate prints as signed after the definition changes.
  amend: ({ s, caller, data, before }) => signUnderLayout(s, caller.org.id, data, before),
  extraOps: ({ s, caller, data, before }) => keepSignedLayout(s, caller.org.id, data, before),
  async validate(args) {
    const wrongState = await stateErrors(args);
    if (wrongState.length) return wrongState;
    const def = await definitionFor(args);
    // No form for the state (none was ever given, or product staff removed it): the certificate is the
    // state W-4's own fields, and an answer to any other is refused as on every form.
    if (!def) return notOnTheForm(args.s.catalogue.registry.require('payroll', 'state_w4').file, args, []);
    const errors = def.fields?.schema ? checkAnswers(def.fields.schema, args.data) : [];
    const own =
      errors.length || !def.transforms?.validator
        ? errors
        : await run('validator', () =>
            validateByExpression(def.transforms!.validator, args.data, undefined, DATA_DEFINED_LIMITS),
          );
    // The definition's own message first (Delaware's validator says why it takes no exemption).
    return def.fields?.schema ? [...own, ...notOnTheForm(def.fields.schema, args, own)] : own;
  },
};
