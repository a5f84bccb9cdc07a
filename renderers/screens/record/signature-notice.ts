import { isSigned } from '../../../engine/unsigned-signatures.ts';

/** The notice of a save that voided a signature: the field says so too, but it may be far down the form. */
export const SIGNATURE_VOIDED = 'Saved. The change voided a signature: sign the form again.';

/** Whether the server's answer lacks a signature the saved data held: the save voided it. */
export function voidedBySave(sent: Record<string, unknown>, saved: Record<string, unknown>): boolean {
  return Object.entries(sent).some(([field, value]) => isSigned(value) && !isSigned(saved[field]));
}

/** The notice of a save of one's own onboarding form that its step's signature is still missing. */
export const NOT_SIGNED_YET = 'Saved. The form is not signed yet: sign it to finish this step.';

/**
 * Whether a save leaves the person's own onboarding step unsigned: the type's x-onboarding names the
 * signature that finishes it, and the saved record has none.
 */
export function leftUnsigned(schema: Record<string, unknown>, own: boolean, saved: Record<string, unknown>): boolean {
  const signature = (schema['x-onboarding'] as { signature?: unknown } | undefined)?.signature;
  return own && typeof signature === 'string' && !isSigned(saved[signature]);
}
