/**
 * The PTO request screen: a change to what a decision was made on (plan, days, hours) sends the
 * request back for a decision (the schema's save transform). The save says so: "Saved." alone had
 * left the employee believing a 400-hour request was still approved.
 */
import type { ScreenExtension } from '../../../renderers/contract/forms-registry.ts';

const DECIDED = new Set(['approved', 'denied']);

export const ptoRequestScreen: ScreenExtension = {
  savedMessage: (ctx, saved) => {
    const before = ctx.record?.data.status;
    return typeof before === 'string' && DECIDED.has(before) && saved.data.status === 'requested'
      ? `Saved. The change sent the request back for a decision: it is no longer ${before}.`
      : undefined;
  },
};
