/**
 * The company ID questions before a new company is saved (spec/001 section 5): without an ID the
 * user confirms they mean it; with one they re-type it, and a mismatch stops the save.
 */
import type { ScreenContext } from '../../../renderers/contract/forms-registry.ts';
import type { JsonObject } from '../../../renderers/api/types.ts';

export const NO_ID_QUESTION = 'You are creating a company without providing an ID. Are you sure?';
export const IDS_DO_NOT_MATCH = 'Error: IDs do not match.';

export async function confirmCompanyId(ctx: ScreenContext): Promise<JsonObject | false> {
  if (!ctx.isNew) return ctx.data;
  const id = typeof ctx.data.company_id === 'string' ? ctx.data.company_id : '';
  if (!id) {
    const sure = await ctx.dialogs.confirm(NO_ID_QUESTION, { title: 'No company ID', accept: 'Create without an ID' });
    return sure ? ctx.data : false;
  }
  const again = await ctx.dialogs.prompt('Re-type the company ID to confirm it.', {
    title: 'Confirm the company ID',
    label: 'Company ID',
    accept: 'Confirm',
  });
  if (again === undefined) return false;
  if (again.trim() !== id) {
    ctx.notify({ type: 'negative', message: IDS_DO_NOT_MATCH });
    return false;
  }
  return ctx.data;
}
