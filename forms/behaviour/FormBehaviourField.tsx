/**
 * The root field of a form with behaviour ("ui:field": "formBehaviour", "ui:options":
 * {"behaviour": "payroll/w4"} at the top of x-ui): renders the usual object field, applies the
 * behaviour's patches after each change, shows its validator's messages at their fields, makes the
 * record read-only while it is locked, and shares the data with fields that depend on siblings.
 */
import { useCallback, useMemo, useRef } from 'react';
import { getUiOptions, type FieldPathList, type FieldProps } from '@rjsf/utils';
import { behaviours, behaviourHeaders } from './index.ts';
import { behaviourChanges, mergeErrors, type FormData, type Patch } from './behaviour.ts';
import { RootDataContext, type RootData } from './RootData.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { useFormsEnv } from '../env.tsx';

const warned = new Set<string>();

export function FormBehaviourField(props: FieldProps) {
  useFormsStyles();
  const { registry, uiSchema, onChange, errorSchema, readonly, disabled } = props;
  const name = getUiOptions(uiSchema).behaviour;
  const key = typeof name === 'string' ? name : '';
  const behaviour = behaviours[key];
  if (key && !behaviour && !warned.has(key)) {
    warned.add(key);
    console.warn(`forms: no behaviour '${key}' in forms/behaviour/index.ts`);
  }
  const data = useMemo(() => (props.formData ?? {}) as FormData, [props.formData]);
  const { productDomain } = useFormsEnv();
  const latest = useRef(data);
  latest.current = data;

  const patch = useCallback(
    (p: Patch) => {
      for (const [k, v] of Object.entries(p)) onChange(v, [k]);
    },
    [onChange],
  );
  const change = useCallback(
    (value: unknown, path: FieldPathList, es?: FieldProps['errorSchema'], id?: string) => {
      onChange(value, path, es, id);
      for (const [k, v] of behaviourChanges(behaviour, latest.current, path, value, { productDomain })) {
        onChange(v, [k]);
      }
    },
    [onChange, behaviour, productDomain],
  );

  const errors = useMemo(
    () => mergeErrors(errorSchema, behaviour?.validate?.(data) ?? []),
    [errorSchema, behaviour, data],
  );
  const locked = behaviour?.isLocked?.(data) ?? false;
  const root: RootData = useMemo(() => ({ data, patch }), [data, patch]);
  const Header = behaviourHeaders[key];
  const { ObjectField } = registry.fields;
  return (
    <RootDataContext.Provider value={root}>
      {Header && <Header data={data} patch={patch} disabled={!!(readonly || disabled)} />}
      <ObjectField {...props} onChange={change} errorSchema={errors} readonly={readonly || locked} />
    </RootDataContext.Provider>
  );
}
