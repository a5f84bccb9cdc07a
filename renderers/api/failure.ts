/**
 * The failure object of spec/001 sections 7 and 8: what every failed call of the data client throws.
 */
import type { FieldError } from '../../engine/messages.ts';

export type Action = 'read' | 'create' | 'save' | 'update' | 'delete' | 'meta' | 'find' | 'call';

export class DataFailure extends Error {
  readonly status = 'failed' as const;
  /** The datatype ('payroll/employee') or the call ('auth/login'). */
  readonly datatype: string;
  readonly action: Action;
  /** The HTTP status, or 0 when the network failed. */
  readonly code: number;
  /** The server's field errors, or one item carrying the status text. */
  readonly errors: FieldError[];
  readonly response?: Response;

  constructor(o: {
    datatype: string;
    action: Action;
    code: number;
    message: string;
    errors?: FieldError[];
    response?: Response;
  }) {
    super(o.message);
    this.name = 'DataFailure';
    this.datatype = o.datatype;
    this.action = o.action;
    this.code = o.code;
    this.errors = o.errors?.length ? o.errors : [{ path: '', message: o.message }];
    this.response = o.response;
  }
}

export function isFailure(e: unknown, code?: number): e is DataFailure {
  return e instanceof DataFailure && (code === undefined || e.code === code);
}

/**
 * A failed call in words for a notice: every message the server gave (its field errors, all of
 * them), else its status text; anything else thrown, the fallback.
 */
export function failureText(e: unknown, fallback = 'Error. Please try again or contact your administrator.'): string {
  if (!isFailure(e)) return fallback;
  const said = [...new Set(e.errors.map((x) => x.message.trim()).filter(Boolean))];
  return said.length ? said.join(' ') : e.message || fallback;
}
