/**
 * The form validator handed to @rjsf: the entity's validator compiled ahead of time by the engine's
 * ajv (x- keywords declared as vocabulary, see scripts/vite/validators-module.ts) and its errors
 * explained with the spec's messages (engine/messages.ts), as the server explains them.
 *
 * The browser cannot compile ajv validators under the server's CSP (no 'unsafe-eval'), so
 * `customizeValidator` is not usable here; when no precompiled validator matches the schema the
 * server describes, the form checks nothing itself and the server's 400 errors show at the fields.
 */
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { explainErrors, type FieldError } from '../../../engine/messages.ts';
import type { JsonObject } from '../../api/types.ts';
import { errorSchemaOf } from './form-model.ts';
import type { CompiledFn } from './precompiled.ts';
import { matches } from './mini-schema.ts';
import { unsignedAsAbsent, type SignatureSlot } from '../../../engine/unsigned-signatures.ts';

export type { CompiledFn } from './precompiled.ts';

function pointerToProperty(path: string): string {
  return path
    .split('/')
    .slice(1)
    .map((s) => `.${s.replace(/~1/g, '/').replace(/~0/g, '~')}`)
    .join('');
}

/** An error at a JSON Pointer as @rjsf lists it (`.direct_deposit_accounts.0.amount`). */
export function asValidationError(path: string, message: string): RJSFValidationError {
  const property = pointerToProperty(path);
  return { property, message, stack: `${property} ${message}`.trim() };
}

/**
 * A ValidatorType over one compiled entity validator. `hidden` are top-level fields the form does
 * not show: their errors are the server's business (it fills server-owned fields in). `signatures`
 * are the form's signature fields: an unsigned one counts as absent.
 */
export function entityValidator(
  fn: CompiledFn | undefined,
  entitySchema: JsonObject,
  hidden: readonly string[] = [],
  signatures: readonly SignatureSlot[] = [],
): ValidatorType {
  return validatorOver(() => fn, entitySchema, hidden, signatures);
}

/** A ValidatorType whose compiled validator comes later (`use`), the object itself staying the same. */
export interface LateValidator extends ValidatorType {
  use(fn: CompiledFn | undefined): void;
}

/**
 * The form's validator before its compiled function has loaded: @rjsf keeps the validator it was
 * first given for as long as the form's other props stay equal, so the function is swapped inside
 * one validator object rather than handing the form another object.
 */
export function lateValidator(
  entitySchema: JsonObject,
  hidden: readonly string[] = [],
  signatures: readonly SignatureSlot[] = [],
): LateValidator {
  let current: CompiledFn | undefined;
  return Object.assign(
    validatorOver(() => current, entitySchema, hidden, signatures),
    {
      use(fn: CompiledFn | undefined) {
        current = fn;
      },
    },
  );
}

function validatorOver(
  get: () => CompiledFn | undefined,
  entitySchema: JsonObject,
  hidden: readonly string[],
  signatures: readonly SignatureSlot[],
): ValidatorType {
  const check = (data: unknown): FieldError[] => {
    const fn = get();
    if (!fn || fn(data)) return [];
    const errors = explainErrors(fn.errors, entitySchema, true);
    return unsignedAsAbsent(
      errors.filter((e) => !hidden.some((h) => e.path === `/${h}` || e.path.startsWith(`/${h}/`))),
      signatures,
    ).map(({ path, message }) => ({ path, message }));
  };
  return {
    validateFormData(formData): ValidationData<unknown> {
      const errs = check(formData ?? {});
      const errors: RJSFValidationError[] = errs.map((e) => asValidationError(e.path, e.message));
      return { errors, errorSchema: errorSchemaOf(errs) as ErrorSchema };
    },
    isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema) {
      return matches(schema as JsonObject, formData, rootSchema as JsonObject);
    },
    rawValidation<Result>(_schema: RJSFSchema, formData?: unknown): { errors?: Result[] } {
      const fn = get();
      if (!fn || fn(formData)) return {};
      return { errors: (fn.errors ?? []) as Result[] };
    },
  };
}
