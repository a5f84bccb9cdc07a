/**
 * The hire screen's header action: Cancel hire (or Open again), for whoever may change hires. The
 * status is read-only in the form (spec/001 section 4); calling a hiring off is a decision of its
 * own, asked for, and the server blocks the account the hire made (docs/decisions.md).
 */
import { useState } from 'react';
import type { ScreenContext } from '../../../renderers/contract/forms-registry.ts';

export const HIRE_CANCELLED = 'Hire cancelled: the account its invitation made signs in no more.';
export const HIRE_OPENED = 'Hire opened again.';

export function HireActions(ctx: ScreenContext) {
  const [busy, setBusy] = useState(false);
  const { record, meta, client, notify, dialogs } = ctx;
  if (!record || ctx.isNew || !meta.can.edit) return null;
  const status = String(record.data.status ?? 'created');
  if (status === 'complete') return null;
  const cancelled = status === 'cancelled';
  const name = `${String(record.data.first_name ?? '')} ${String(record.data.last_name ?? '')}`.trim();

  const change = async () => {
    const sure = cancelled
      ? true
      : await dialogs.confirm(
          `Cancel ${name || 'this hire'}? Their invitation stops working and the account it made can no longer sign in.`,
          { title: 'Cancel hire', accept: 'Cancel hire', danger: true },
        );
    if (!sure) return;
    setBusy(true);
    try {
      await client.update(
        meta.module,
        meta.type,
        record.key,
        { status: cancelled ? 'created' : 'cancelled' },
        record.meta.version,
      );
      notify({ type: 'positive', message: cancelled ? HIRE_OPENED : HIRE_CANCELLED });
      await ctx.reload();
    } catch (e) {
      notify({ type: 'negative', message: e instanceof Error ? e.message : 'The hire was not changed.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn ${cancelled ? '' : 'btn--danger'}`.trim()}
      disabled={busy}
      onClick={() => void change()}
    >
      {cancelled ? 'Open hire again' : 'Cancel hire'}
    </button>
  );
}
