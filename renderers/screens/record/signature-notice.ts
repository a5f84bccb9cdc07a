/** The notice of a save that voided a signature: the field says so too, but it may be far down the form. */
export const SIGNATURE_VOIDED = 'Saved. The change voided a signature: sign the form again.';

/** The newest signature a record's history holds as voided (server/data/signatures.ts; it keeps the newest 50). */
export const lastVoided = (data: Record<string, unknown> | undefined) =>
  Array.isArray(data?.signature_history) ? JSON.stringify(data.signature_history.at(-1)) : undefined;
