/**
 * What the schemas' transforms and the printable layouts see by name besides the records: the
 * reference data of schemas/common (`$w4Editions`) and the functions that read it
 * (`$w4EditionOf(year)`, `$w4EditionInEffect(now)`, `$w4Step3FromCounts(year, children, others)`), so an expression asks the rule instead of
 * restating it. The server (project/reference-data.ts), the printed forms and the browser's schema
 * rules all build their bindings here.
 */
import { w4EditionInEffect, w4EditionOf, w4Step3FromCounts, type W4Editions } from './w4-editions.ts';

const asNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function isEditions(v: unknown): v is W4Editions {
  return !!v && typeof v === 'object' && Array.isArray((v as W4Editions).editions);
}

/** The reference data with its functions beside it; frozen, as it is shared by every write. */
export function referenceBindings(data: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...data };
  const w4 = data.w4Editions;
  if (isEditions(w4)) {
    out.w4EditionOf = (year: unknown) => w4EditionOf(w4.editions, year);
    out.w4EditionInEffect = (now: unknown) => w4EditionInEffect(w4.editions, now);
    out.w4Step3FromCounts = (year: unknown, children: unknown, others: unknown) =>
      w4Step3FromCounts(w4EditionOf(w4.editions, year), asNumber(children), asNumber(others));
  }
  return Object.freeze(out);
}
