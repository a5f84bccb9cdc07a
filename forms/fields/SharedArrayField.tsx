/**
 * rjsf's own array field, fed values that keep their identity while they stay equal (see
 * share-structure.ts): its items are memoized, so a keystroke in one item of a long list renders
 * that item alone instead of all of them. Registered as `ArrayField`, so every list gets it.
 */
import { useRef } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { shareStructure } from './share-structure.ts';

const RjsfArrayField = getDefaultRegistry().fields.ArrayField;

/** `value`, or the previous render's value when it is deep-equal (parts shared likewise). */
function useShared<T>(value: T): T {
  const last = useRef(value);
  const shared = shareStructure(last.current, value);
  last.current = shared;
  return shared;
}

export function SharedArrayField(props: FieldProps) {
  const formData = useShared(props.formData);
  const errorSchema = useShared(props.errorSchema);
  const schema = useShared(props.schema);
  const uiSchema = useShared(props.uiSchema);
  const rawErrors = useShared(props.rawErrors);
  return (
    <RjsfArrayField
      {...props}
      formData={formData}
      errorSchema={errorSchema}
      schema={schema}
      uiSchema={uiSchema}
      rawErrors={rawErrors}
    />
  );
}
