/**
 * rjsf templates of the generic forms: the root object laid out in x-sections as fieldsets, and
 * field errors shown once the field was left (blurred) or the form submitted.
 */
import { useSyncExternalStore } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { errorId, type FieldErrorProps, type ObjectFieldTemplateProps } from '@rjsf/utils';
import type { Section } from './form-model.ts';
import type { TouchedFields } from './touched.ts';

export interface FormContext {
  sections: Section[];
  /** Ids of the fields the user has left at least once. */
  touched: TouchedFields;
  /** After a submit (or a server answer), every error shows. */
  showAll: boolean;
}

const fixed = () => () => {};

const Default = getDefaultRegistry().templates.ObjectFieldTemplate;

export function SectionedObjectTemplate(props: ObjectFieldTemplateProps) {
  const ctx = props.registry.formContext as FormContext | undefined;
  const sections = ctx?.sections ?? [];
  if (props.fieldPathId.$id !== 'root' || !sections.length) return <Default {...props} />;
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  return (
    <div className="form-sections">
      {props.properties.filter((p) => p.hidden).map((p) => p.content)}
      {sections.map((s) => {
        const items = s.fields.map((f) => byName.get(f)).filter((p) => p && !p.hidden);
        if (!items.length) return null;
        return (
          <fieldset key={s.title} className="section">
            <legend className="section__title">{s.title}</legend>
            <div className="section__grid">{items.map((p) => p!.content)}</div>
          </fieldset>
        );
      })}
    </div>
  );
}

export function TouchedFieldErrorTemplate({ errors = [], fieldPathId, registry }: FieldErrorProps) {
  const ctx = registry.formContext as FormContext | undefined;
  const id = fieldPathId.$id;
  const isTouched = () => !!ctx?.touched.has(id);
  const touched = useSyncExternalStore(ctx?.touched.subscribe ?? fixed, isTouched, isTouched);
  const shown = ctx?.showAll || touched;
  const list = errors.filter((e) => !!e);
  return (
    <div id={errorId(fieldPathId)} className="field__errors">
      {shown && list.length > 0 && (
        <ul>
          {list.map((e, i) => (
            <li key={i} className="field__error">
              {e}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
