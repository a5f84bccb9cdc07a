/**
 * The state withholding form ("ui:field": "stateW4Form" at the root of payroll/state_w4): the
 * definition of the employee's state (useStateForm) drawn as data: its form name, instructions and
 * links, then its own fields (JSON Schema + uiSchema) and the signature. Its validator transform
 * (JSONata) checks the answers as they change; the server checks them again and runs
 * prepare_for_save. The record keeps the state it was made for.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { FieldProps } from '@rjsf/utils';
import { mergeErrors } from '../behaviour/behaviour.ts';
import { setPatternTest, type FormContext } from '../../renderers/contract/record-parts.ts';
import { useOptionalServices } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import {
  CHOOSE_EMPLOYEE_MESSAGE,
  OPENING_MESSAGE,
  NO_FORM_MESSAGE,
  NO_FORM_MESSAGE_OTHER,
  NO_STATE_MESSAGE,
  NO_STATE_MESSAGE_OTHER,
  paragraphs,
  stateFormModel,
  type StateFormDefinition,
} from './state_w4.ts';
import { noIncomeTaxMessage, stateName } from '../../engine/withholding-states.ts';
import { useStateForm, type CertificateChoice } from './useStateForm.ts';
import { useNothingToSave } from '../../renderers/contract/nothing-to-save.ts';
import { useExpressionErrors } from '../behaviour/useExpressionErrors.ts';
import { secureHref } from '../../engine/secure-link.ts';
import { RootDataContext, type RootData } from '../behaviour/RootData.tsx';

/**
 * A definition's patterns are data: before its fields are drawn, the form's schema checks switch to
 * RE2 (engine/linear-regexp.ts, loaded with the first definition that has a pattern), so that no
 * pattern can hang the page. Answers whether the fields may be drawn.
 */
function useLinearPatterns(def: StateFormDefinition | undefined): boolean {
  const needed = !!def && JSON.stringify(def.fields?.schema ?? {}).includes('"pattern');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    void import('../../engine/linear-regexp.ts').then(({ linearTest }) => {
      setPatternTest((pattern, text) => {
        try {
          return linearTest(pattern, text);
        } catch {
          // A pattern RE2 cannot run was refused when the definition was saved; the server decides.
          return true;
        }
      });
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return !needed || ready;
}

/**
 * The employee's certificates, one per state (docs/state-certificates.md): the one due opens at their
 * user key, the home state's beside it at its own key, written or not yet.
 */
function CertificateChoices({ choices, current, own }: { choices: CertificateChoice[]; current: string; own: string }) {
  return (
    <nav className="state-form__choices" aria-label="Your state certificates">
      <ul>
        {choices.map((c) => {
          const label = `${stateName(c.state)}: ${c.due ? 'the certificate due' : 'the state you live in'}`;
          const to = c.due ? `/payroll/my_state_w4/edit/${own}` : `/payroll/state_w4/edit/${c.key}`;
          return (
            <li key={c.state}>
              {c.state === current ? <strong aria-current="page">{label}</strong> : <Link to={to}>{label}</Link>}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const NOTHING_TO_FILL = new Set(['no-state', 'no-form', 'no-income-tax', 'error']);

export function StateW4FormField(props: FieldProps) {
  useFormsStyles();
  const { formData, onChange, registry, errorSchema, readonly, disabled } = props;
  const services = useOptionalServices();
  const { key } = useParams();
  const own = services?.auth.session?.user.key;
  const data = useMemo(() => (formData ?? {}) as Record<string, unknown>, [formData]);
  // A new certificate by someone who may make anyone's (payroll): they choose whose it is first, as on
  // every create screen of a type keyed by its person; the employee's own is theirs.
  const whose = whoseField(props.schema, props.uiSchema, !key);
  const chosen = typeof data[WHOSE] === 'string' && data[WHOSE] ? (data[WHOSE] as string) : undefined;
  // A create screen choosing whose certificate it is opens the chosen employee's own address once
  // chosen (renderers/screens/record/useRecordController.ts): no form is drawn here before that.
  const employeeKey = whose ? undefined : (key ?? own);
  const form = useStateForm(services?.client, employeeKey, own, whose ? undefined : data.state);
  // The employee's own certificate (at her user key, or another state's at its own key): she fills it
  // in and signs it. Anyone else sees it as it is; the server refuses their change to what the
  // signature attests (every field of the form: engine/attestations.ts).
  const mine =
    employeeKey === own ||
    data[WHOSE] === own ||
    (form.status === 'ready' && !!form.choices?.some((c) => c.key === employeeKey));
  const other = !!employeeKey && !mine;
  // No form to fill in (no state yet, none for the state, none needed, or it could not load): no Save.
  useNothingToSave(!whose && NOTHING_TO_FILL.has(form.status));
  const def = form.status === 'ready' ? form.definition : undefined;
  const model = useMemo(
    () =>
      def
        ? stateFormModel(
            def,
            registry.rootSchema as Record<string, unknown>,
            (props.uiSchema ?? {}) as Record<string, unknown>,
          )
        : undefined,
    [def, registry.rootSchema, props.uiSchema],
  );
  // The record is saved for the state whose form it shows.
  useEffect(() => {
    if (form.status === 'ready' && data.state !== form.state && !readonly && !disabled && !other)
      onChange(form.state, ['state']);
  }, [form, data.state, onChange, readonly, disabled, other]);
  // The definition's fields are named in the error summary by their titles, as their labels name them.
  const reportTitles = (registry.formContext as FormContext | undefined)?.fieldTitles;
  useEffect(() => {
    const props = (model?.schema.properties ?? {}) as Record<string, { title?: unknown }>;
    const titles: Record<string, string> = {};
    for (const [name, field] of Object.entries(props))
      if (typeof field?.title === 'string' && field.title) titles[name] = field.title;
    reportTitles?.(titles);
  }, [model, reportTitles]);
  const ruleErrors = useExpressionErrors(def?.transforms?.validator, data);
  const patternsReady = useLinearPatterns(def);
  const errors = useMemo(() => mergeErrors(errorSchema, ruleErrors), [errorSchema, ruleErrors]);
  // The whole record for the fields that read it: the signature says a change to what it attests
  // voids it, and shows a voided one as void, as on every signed form.
  const patch = useCallback(
    (p: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(p)) onChange(v, [k]);
    },
    [onChange],
  );
  const root: RootData = useMemo(() => ({ data, patch }), [data, patch]);

  const { ObjectField } = registry.fields;
  if (whose)
    return (
      <div className="state-form">
        <ObjectField
          {...props}
          schema={{ type: 'object', properties: { [WHOSE]: whose.schema }, required: [WHOSE] }}
          uiSchema={{ [WHOSE]: whose.ui, 'ui:options': { flat: true } }}
          errorSchema={errorSchema}
        />
        <p className="banner banner--info" role="status">
          {chosen ? OPENING_MESSAGE : CHOOSE_EMPLOYEE_MESSAGE}
        </p>
      </div>
    );
  return stateFormBody();

  function stateFormBody() {
    if (form.status === 'loading' || !patternsReady)
      return (
        <p className="loading" role="status">
          {other ? "Loading the employee's state form…" : "Loading your state's form…"}
        </p>
      );
    if (form.status === 'error')
      return (
        <p className="banner banner--negative" role="alert">
          {form.message}
        </p>
      );
    if (form.status === 'no-state')
      return (
        <p className="banner banner--info" role="status">
          {other ? NO_STATE_MESSAGE_OTHER : NO_STATE_MESSAGE}{' '}
          {/* Where the address is given: the one step that opens the form. */}
          {employeeKey && (
            <Link to={other ? `/payroll/basic_info/edit/${employeeKey}` : `/payroll/my_basic_info/edit/${employeeKey}`}>
              {other ? 'Open their basic information' : 'Open your basic information'}
            </Link>
          )}
        </p>
      );
    if (form.status === 'no-income-tax')
      return (
        <p className="banner banner--info" role="status">
          {noIncomeTaxMessage(form.state)}
        </p>
      );
    if (form.status === 'no-form')
      return (
        <p className="banner banner--info" role="status">
          {other ? NO_FORM_MESSAGE_OTHER : NO_FORM_MESSAGE} ({form.state})
        </p>
      );
    return (
      <RootDataContext.Provider value={root}>
        <div className="state-form">
          {form.status === 'ready' && form.choices && own && (
            <CertificateChoices choices={form.choices} current={form.state} own={own} />
          )}
          <div className="form-header state-form__header">
            {def!.form_name && <h2 className="section__title">{def!.form_name}</h2>}
            {paragraphs(def!.instructions).map((p, i) => (
              <p key={i} className="state-form__instructions">
                {p}
              </p>
            ))}
            {!!def!.links?.length && (
              <ul className="form-header__links state-form__links" aria-label="Forms and instructions">
                {def!.links.map((l) => (
                  <li key={l.url}>
                    <a href={secureHref(l.url)} target="_blank" rel="noopener noreferrer">
                      {l.label}
                    </a>
                    {l.description ? ` · ${l.description}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ObjectField
            {...props}
            readonly={readonly || other}
            schema={model!.schema}
            uiSchema={model!.uiSchema}
            errorSchema={errors}
          />
        </div>
      </RootDataContext.Provider>
    );
  }
}

const WHOSE = '_user_uuid';

/**
 * The person field of a create screen where the viewer chooses whose record it is (the form model
 * gives it the user picker then: renderers/screens/record/form-model.ts), or undefined.
 */
function whoseField(
  schema: FieldProps['schema'],
  uiSchema: FieldProps['uiSchema'],
  creating: boolean,
): { schema: NonNullable<FieldProps['schema']['properties']>[string]; ui: Record<string, unknown> } | undefined {
  const field = schema.properties?.[WHOSE];
  const ui = (uiSchema as Record<string, Record<string, unknown> | undefined> | undefined)?.[WHOSE];
  if (!creating || !field || ui?.['ui:widget'] !== 'userSelect') return undefined;
  return { schema: field, ui };
}
