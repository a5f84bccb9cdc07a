/**
 * One field of a real entity schema in an @rjsf form with the product's widgets and templates, and
 * the value it stores shown below it: the stage of the widget stories.
 */
import { useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { widgets } from '../../forms/widgets/index.ts';
import type { JsonObject, TypeMeta } from '../../renderers/api/types.ts';
import { buildFormModel } from '../../renderers/screens/record/form-model.ts';
import {
  MarkedInputTemplate,
  TouchedFieldErrorTemplate,
  type FormContext,
} from '../../renderers/screens/record/templates.tsx';
import { entityValidator } from '../../renderers/screens/record/validator.ts';

const validator = entityValidator(undefined, {});
const templates = { FieldErrorTemplate: TouchedFieldErrorTemplate, BaseInputTemplate: MarkedInputTemplate };

export function WidgetField({
  meta,
  field,
  value,
  errors,
  errorsAt,
  readonly,
}: {
  meta: TypeMeta;
  field: string;
  /** The stored value the form starts from (as the API answers it). */
  value?: unknown;
  /** Messages shown at the field, as after a failed save. */
  errors?: string[];
  /** Where inside the field the messages are (a property of an object field, as 'website'); the field itself without it. */
  errorsAt?: string;
  /** The field as a reader who may not change it sees it. */
  readonly?: boolean;
}) {
  const { schema, uiSchema } = useMemo(() => {
    const model = buildFormModel(meta, 'edit');
    const props = model.schema.properties as Record<string, JsonObject>;
    if (!props[field]) throw new Error(`WidgetField: ${meta.module}/${meta.type} has no field '${field}'`);
    return {
      schema: {
        type: 'object',
        definitions: model.schema.definitions,
        properties: { [field]: props[field] },
      } as RJSFSchema,
      uiSchema: {
        [field]: (model.uiSchema as JsonObject)[field] ?? {},
        'ui:submitButtonOptions': { norender: true },
      } as UiSchema,
    };
  }, [meta, field]);
  const [data, setData] = useState<JsonObject>(value === undefined ? {} : { [field]: value });
  const context: FormContext = { sections: [], touched: new Set(), showAll: true };
  return (
    // The stage wraps long words anywhere (its stored-value line, an address in a schema's
    // description, drawn here by @rjsf's own field template), so that a phone-width story measures
    // the widget itself.
    <main className="page page--narrow" style={{ padding: 24, overflowWrap: 'anywhere' }}>
      <Form
        className="form"
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={context}
        extraErrors={
          errors
            ? ({ [field]: errorsAt ? { [errorsAt]: { __errors: errors } } : { __errors: errors } } as ErrorSchema)
            : undefined
        }
        showErrorList={false}
        readonly={readonly}
        noHtml5Validate
        onChange={(e) => setData((e.formData ?? {}) as JsonObject)}
      />
      <p className="muted">
        Stored value: <output data-testid="stored">{JSON.stringify(data[field]) ?? '(none)'}</output>
      </p>
    </main>
  );
}
