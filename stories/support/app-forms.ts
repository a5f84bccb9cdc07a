/**
 * The app's forms registered with the generic screens at once, rather than loaded beside the
 * record screens' chunk as the app does (web/forms-registry.ts): a story that renders a part of a
 * record screen directly, and a test that renders such a story to HTML, has them on its first render.
 */
import { registerForms } from '../../renderers/contract/forms-registry.ts';
import { formsRegistry } from '../../web/forms-registry.ts';
import { recordForms } from '../../web/record-forms.ts';

registerForms({ ...formsRegistry, recordForms });
