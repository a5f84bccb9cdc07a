import { isSigned } from '../../../engine/unsigned-signatures.ts';

/** The notice of a save that voided a signature: the field says so too, but it may be far down the form. */
export const SIGNATURE_VOIDED = 'Saved. The change voided a signature: sign the form again.';

/** Whether the server's answer lacks a signature the saved data held: the save voided it. */
export function voidedBySave(sent: Record<string, unknown>, saved: Record<string, unknown>): boolean {
  return Object.entries(sent).some(([field, value]) => isSigned(value) && !isSigned(saved[field]));
}
