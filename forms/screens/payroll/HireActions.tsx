/**
 * The hire screen's header actions, for whoever may change hires: the employer's next step (Send for
 * approval, Approve, Mark complete) and Cancel hire (or Open again). The status is read-only in the
 * form (spec/001 section 4): the server moves a hire as far as started, the employer on from there;
 * calling a hiring off is a decision of its own, asked for, and the server blocks the account the
 * hire made (docs/decisions.md).
 */
import { useState } from 'react';
import type { ScreenContext } from '../../../renderers/contract/forms-registry.ts';
import { EMPLOYER_STEPS, HIRE_APPROVERS } from '../../../engine/hire-steps.ts';

export const HIRE_CANCELLED = 'Hire cancelled: the account its invitation made signs in no more.';
export const HIRE_OPENED = 'Hire opened again.';

/**
 * The employer's step from each status the hire can be moved on from, and what the notice says:
 * the table the server moves hires by (engine/hire-steps.ts), keyed by the status it starts from.
 * `approver`: only those who manage payroll data take it (the server holds the rule; the screen
 * offers the button only to them).
 */
export const HIRE_STEPS: Readonly<Record<string, { to: string; label: string; done: string; approver: boolean }>> =
  Object.fromEntries(
    Object.entries(EMPLOYER_STEPS).map(([to, s]) => [
      s.from,
      { to, label: s.step, done: s.done, approver: s.approver },
    ]),
  );

/** Who approves a hire and marks it complete: module and permission of engine/hire-steps.ts's. */
const APPROVER = HIRE_APPROVERS[0].split(':') as [string, string];

/** The server's reason a move was refused (the hire's onboarding not done, the step not theirs), if given. */
function moveRefusal(e: unknown): string | undefined {
  const errors = (e as { errors?: { path?: string; message?: string }[] }).errors ?? [];
  return errors.find((x) => x.path === '/status')?.message;
}

/** A refused step's field errors as the fields' titles: what to fill in first. */
function missingFields(e: unknown, schema: Record<string, unknown>): string | undefined {
  const errors = ((e as { errors?: { path?: string }[] }).errors ?? []).filter((x) => x.path !== '/status');
  const props = (schema.properties ?? {}) as Record<string, { title?: string }>;
  const names = [...new Set(errors.map((x) => (x.path ?? '').split('/')[1]).filter(Boolean))].map(
    (f) => props[f]?.title ?? f,
  );
  return names.length ? names.join(', ') : undefined;
}

/** The top-level fields the form changed from the stored record (the status is the step's own). */
function unsavedChanges(form: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(form).filter(([k, v]) => k !== 'status' && JSON.stringify(v) !== JSON.stringify(stored[k])),
  );
}

export function HireActions(ctx: ScreenContext) {
  const [busy, setBusy] = useState(false);
  const { record, meta, client, notify, dialogs } = ctx;
  if (!record || ctx.isNew || !meta.can.edit) return null;
  const status = String(record.data.status ?? 'created');
  if (status === 'complete') return null;
  const cancelled = status === 'cancelled';
  const name = `${String(record.data.first_name ?? '')} ${String(record.data.last_name ?? '')}`.trim();

  const save = async (to: string, done: string, step?: string) => {
    setBusy(true);
    try {
      // What the form holds and is not saved yet goes with the step: the division just typed in is
      // the one the step needs, not a reason to refuse it.
      const changes = step ? unsavedChanges(ctx.mode === 'edit' ? ctx.data : {}, record.data) : {};
      await client.update(meta.module, meta.type, record.key, { ...changes, status: to }, record.meta.version);
      notify({ type: 'positive', message: done });
      await ctx.reload();
    } catch (e) {
      const missing = step ? missingFields(e, meta.schema) : undefined;
      notify({
        type: 'negative',
        message: missing
          ? `${step}: fill in ${missing} first.`
          : (moveRefusal(e) ?? (e instanceof Error ? e.message : 'The hire was not changed.')),
      });
    } finally {
      setBusy(false);
    }
  };

  const change = async () => {
    const sure = cancelled
      ? true
      : await dialogs.confirm(
          `Cancel ${name || 'this hire'}? Their invitation stops working and the account it made can no longer sign in.`,
          { title: 'Cancel hire', accept: 'Cancel hire', danger: true },
        );
    if (sure) await save(cancelled ? 'created' : 'cancelled', cancelled ? HIRE_OPENED : HIRE_CANCELLED);
  };
  const step = HIRE_STEPS[status];
  const approver = ctx.session?.is_admin || ctx.session?.permissions[APPROVER[0]]?.includes(APPROVER[1]);
  const next = step && (!step.approver || approver) ? step : undefined;

  return (
    <>
      {next && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => void save(next.to, next.done, next.label)}
        >
          {next.label}
        </button>
      )}
      <button
        type="button"
        className={`btn ${cancelled ? '' : 'btn--danger'}`.trim()}
        disabled={busy}
        onClick={() => void change()}
      >
        {cancelled ? 'Open hire again' : 'Cancel hire'}
      </button>
    </>
  );
}
