/**
 * Views of a field's value small enough for every row of a list (the list screen draws them without
 * the record screens' forms): a reference chosen by name is shown by its name, not its key.
 */
import type { ComponentType } from 'react';
import type { CellText, FilterInputProps } from '../renderers/contract/forms-registry.ts';
import { RecordSelectView, recordSelectText } from './widgets/RecordSelectView.tsx';
import { RecordSelectFilter } from './widgets/RecordSelectWidget.tsx';
import { GroupSelectFilter, GroupSelectView, groupSelectText } from './widgets/GroupSelectWidget.tsx';

export const cellViews: Readonly<
  Record<string, ComponentType<{ value: unknown; options?: Readonly<Record<string, unknown>> }>>
> = {
  recordSelect: RecordSelectView,
  groupSelect: GroupSelectView,
};

/** The same values as text, for exports (a report's CSV names the plan its cell names). */
export const cellTexts: Readonly<Record<string, CellText>> = {
  recordSelect: recordSelectText,
  groupSelect: groupSelectText,
};

/** A list's filter on a reference: the record choice of the forms, by name, answering the key. */
export const filterInputs: Readonly<Record<string, ComponentType<FilterInputProps>>> = {
  recordSelect: RecordSelectFilter,
  groupSelect: GroupSelectFilter,
};
