/**
 * The hire screen (spec/001 section 2): a new hire's save is Invite; the server sends the
 * invitation and refuses an e-mail that belongs to an account (its message shown as an alert, the
 * form kept). Cancel hire (./HireActions.tsx) calls a hiring off.
 */
import type { ScreenExtension } from '../../../renderers/contract/forms-registry.ts';
import { HireActions } from './HireActions.tsx';

export const onboardingUserScreen: ScreenExtension = {
  saveLabel: (ctx) => (ctx.isNew ? 'Invite' : undefined),
  savedMessage: (ctx, saved) =>
    ctx.isNew && typeof saved.data.email === 'string' ? `Invitation sent to ${saved.data.email}.` : undefined,
  Actions: HireActions,
};
