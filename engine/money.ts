/**
 * Dollar amounts as a pay statement shows them, on the screen and on the printed statement alike:
 * always with cents ($1,234.50), a minus sign before the dollar sign for a correction (-$12.00).
 */

const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `$1,234.50`; an amount that is not a finite number prints as nothing. */
export function dollars(amount: unknown): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  // -0.001 rounds to 0.00: no "-$0.00".
  const text = DOLLARS.format(Math.abs(amount));
  return amount < 0 && text !== '0.00' ? `-$${text}` : `$${text}`;
}

/** The last four digits of an account as a statement prints them: `xxxx1234`, never more. */
export function accountEnding(last4: unknown): string {
  return typeof last4 === 'string' && /^\d{4}$/.test(last4) ? `xxxx${last4}` : 'xxxx';
}
