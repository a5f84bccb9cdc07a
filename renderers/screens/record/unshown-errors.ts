/**
 * A save the form's own checks blocked must say why. Each message normally shows at its field; a
 * message no field on the screen shows (a part a custom field draws no input for, a field the form
 * does not draw) would leave the user with a Save that does nothing, so those are listed beside the
 * Save button, each with the title of the field it belongs to. Pure.
 */
import type { RJSFValidationError } from '@rjsf/utils';

/** `title: message` for each error whose message is not among the messages `shown` (once each). */
export function unshownErrors(
  errors: readonly RJSFValidationError[],
  shown: ReadonlySet<string>,
  titleOf: (topLevelField: string) => string,
): string[] {
  const out = new Set<string>();
  for (const e of errors) {
    const message = (e.message ?? '').trim();
    if (!message || shown.has(message)) continue;
    const field = (e.property ?? '').split('.').find(Boolean);
    out.add(field ? `${titleOf(field)}: ${message}` : message);
  }
  return [...out];
}

/** The field messages a part of the page shows (the error templates' and custom fields' items). */
export function shownFieldMessages(container: ParentNode): Set<string> {
  return new Set([...container.querySelectorAll('.field__error')].map((el) => (el.textContent ?? '').trim()));
}
