/**
 * An anyOf or oneOf whose branches only require fields ("a USCIS number, or a passport number and
 * its country") is a rule for the checks, not a choice for the user; @rjsf would draw it as an
 * "option 1 / option 2" selector over a second copy of the form. The form's schema leaves such
 * choices out, wherever they are (in an allOf, a condition's then/else, a property); the form's
 * validator keeps checking them against the entity's schema. Pure: answers a copy.
 */
import type { JsonObject } from '../../api/types.ts';

const isPlain = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A branch that says only which fields are required (and the message for it). */
const requiresOnly = (b: unknown) =>
  isPlain(b) && Array.isArray(b.required) && Object.keys(b).every((k) => k === 'required' || k.startsWith('x-'));

export function withoutRuleOnlyChoices(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRuleOnlyChoices);
  if (!isPlain(schema)) return schema;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v) && v.every(requiresOnly)) continue;
    out[k] = withoutRuleOnlyChoices(v);
  }
  return out;
}
