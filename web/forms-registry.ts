/**
 * The app's forms, handed to the generic screens (renderers/contract/forms-registry.ts) as @rjsf's
 * withTheme takes a theme: the widgets' styles at once, the record screens' forms when those
 * screens load. Registered when this module is evaluated, so main.tsx imports it before the app
 * shell, whose start-up already prefetches a form page's code.
 */
import { registerForms, type FormsRegistry } from '../renderers/contract/forms-registry.ts';
import { loadFormsStyles } from '../forms/styles/load-styles.ts';
import { cellTexts, cellViews, filterInputs } from '../forms/cell-views.ts';

export const formsRegistry: FormsRegistry = Object.freeze({
  loadStyles: loadFormsStyles,
  recordForms: () => import('./record-forms.ts').then((m) => m.recordForms),
  cellViews,
  cellTexts,
  filterInputs,
});

registerForms(formsRegistry);
