/**
 * The forms the create, edit and view screens draw with, assembled from forms/'s registries into
 * the shape the screens ask for (renderers/contract/forms-registry.ts): loaded beside the record
 * screens' own chunk (./forms-registry.ts), so the widgets and @rjsf stay out of the first load.
 */
import type { RecordForms } from '../renderers/contract/forms-registry.ts';
import { fieldsHiddenByBehaviour } from '../forms/behaviour/index.ts';
import { fields } from '../forms/fields/index.ts';
import { screenExtensions } from '../forms/screens/index.ts';
import { SignatureView } from '../forms/signature/SignatureView.tsx';
import { fieldViews, recordViews } from '../forms/views.ts';
import { widgets } from '../forms/widgets/index.ts';

export const recordForms: RecordForms = Object.freeze({
  widgets,
  fields,
  views: recordViews,
  hiddenFields: fieldsHiddenByBehaviour,
  SignatureView,
  fieldViews,
  screenExtensions,
});
