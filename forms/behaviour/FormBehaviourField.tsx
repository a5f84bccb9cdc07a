/**
 * The root field of a form with behaviour ("ui:field": "formBehaviour", "ui:options":
 * {"behaviour": "payroll/w4"} at the top of x-ui): renders the usual object field, applies the
 * behaviour's patches after each change, shows its validator's and the schema rule's messages at
 * their fields, makes the record read-only while it is locked, and shares the data with fields that
 * depend on siblings.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { getUiOptions, type FieldPathList, type FieldProps } from '@rjsf/utils';
import { behaviours, behaviourHeaders } from './index.ts';
import { behaviourChanges, mergeErrors, type BehaviourEnv, type FormData, type Patch } from './behaviour.ts';
import { useEmployerInfo } from './useEmployerInfo.ts';
import { useProposal } from './useProposal.ts';
import { useExpressionErrors } from './useExpressionErrors.ts';
import { RootDataContext, type RootData } from './RootData.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { useFormsEnv } from '../env.tsx';
import type { FormContext } from '../../renderers/contract/record-parts.ts';

const warned = new Set<string>();

/** The schema's validate rule, x-transforms.validate. */
function schemaRule(root: unknown): string | undefined {
  const transforms = (root as { 'x-transforms'?: { validate?: unknown } } | undefined)?.['x-transforms'];
  return typeof transforms?.validate === 'string' ? transforms.validate : undefined;
}

export function FormBehaviourField(props: FieldProps) {
  useFormsStyles();
  const { registry, onChange, errorSchema, readonly, disabled } = props;
  const name = getUiOptions(props.uiSchema).behaviour;
  const key = typeof name === 'string' ? name : '';
  const behaviour = behaviours[key];
  if (key && !behaviour && !warned.has(key)) {
    warned.add(key);
    console.warn(`forms: no behaviour '${key}' in forms/behaviour/index.ts`);
  }
  const data = useMemo(() => (props.formData ?? {}) as FormData, [props.formData]);
  const { productDomain, now: clock } = useFormsEnv();
  const now = useMemo(() => clock(), [clock]);
  const latest = useRef(data);
  latest.current = data;
  const employer = useEmployerInfo(!!behaviour?.usesEmployer);
  const isNew = (registry.formContext as { isNew?: boolean } | undefined)?.isNew === true;
  const ownRecord = (registry.formContext as FormContext | undefined)?.own === true;
  const proposed = useProposal(behaviour, { own: ownRecord, isNew, readonly: !!(readonly || disabled) });
  const env: BehaviourEnv = useMemo(
    () => ({ employer, isNew, productDomain, now, ...(proposed ? { proposed } : {}) }),
    [employer, isNew, productDomain, now, proposed],
  );

  const patch = useCallback(
    (p: Patch) => {
      for (const [k, v] of Object.entries(p)) onChange(v, [k]);
    },
    [onChange],
  );
  const change = useCallback(
    (value: unknown, path: FieldPathList, es?: FieldProps['errorSchema'], id?: string) => {
      onChange(value, path, es, id);
      for (const [k, v] of behaviourChanges(behaviour, latest.current, path, value, env)) onChange(v, [k]);
    },
    [onChange, behaviour, env],
  );
  // Values a new record takes from the env (the W-4 edition in effect), and the empty fields of
  // someone else's record what the server proposes for them, once known.
  useEffect(() => {
    if (!behaviour?.init || readonly || disabled) return;
    const p = behaviour.init(latest.current, env);
    if (Object.keys(p).length) patch(p);
  }, [behaviour, env, patch, readonly, disabled]);

  const rule = behaviour?.ruleBindings ? schemaRule(registry.rootSchema) : undefined;
  const bindings = useMemo(() => behaviour?.ruleBindings?.(env), [behaviour, env]);
  const ruleErrors = useExpressionErrors(rule, data, bindings);
  const own = useMemo(
    () => [...(behaviour?.validate?.(data, env) ?? []), ...ruleErrors],
    [behaviour, data, env, ruleErrors],
  );
  const errors = useMemo(() => mergeErrors(errorSchema, own), [errorSchema, own]);
  // The screen lists them in the summary of a blocked Save, beside the schema's.
  const report = (registry.formContext as FormContext | undefined)?.ruleErrors;
  useEffect(() => report?.(own), [report, own]);
  const locked = behaviour?.isLocked?.(data, env) ?? false;
  const uiSchema = useMemo(() => {
    const extra = behaviour?.ui?.(data, env);
    if (!extra) return props.uiSchema;
    const out = { ...props.uiSchema } as Record<string, unknown>;
    for (const [k, v] of Object.entries(extra)) out[k] = { ...((out[k] as object | undefined) ?? {}), ...v };
    return out as FieldProps['uiSchema'];
  }, [behaviour, data, env, props.uiSchema]);
  const root: RootData = useMemo(() => ({ data, patch }), [data, patch]);
  const Header = behaviourHeaders[key];
  const { ObjectField } = registry.fields;
  return (
    <RootDataContext.Provider value={root}>
      {Header && (
        <Header
          data={data}
          env={env}
          patch={patch}
          disabled={!!(readonly || disabled)}
          own={(registry.formContext as FormContext | undefined)?.own === true}
        />
      )}
      <ObjectField
        {...props}
        uiSchema={uiSchema}
        onChange={change}
        errorSchema={errors}
        readonly={readonly || locked}
      />
    </RootDataContext.Provider>
  );
}
