/**
 * A real @rjsf form around one field or widget, with the forms registries, an environment (company,
 * features, clock) and a live state, so stories show a widget as a schema's x-ui picks it.
 */
import { useState } from 'react';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { FormsEnvProvider, type FormsEnv } from '../../forms/env.tsx';
import { fields } from '../../forms/fields/index.ts';
import { widgets } from '../../forms/widgets/index.ts';
import {
  MarkedArrayFieldTemplate,
  MarkedInputTemplate,
  type FileTarget,
  type FormContext,
  type HeldFiles,
} from '../../renderers/screens/record/templates.tsx';

/**
 * 01/02/2026 at noon in New York (17:00 UTC), a fixed "now" so signed dates read the same in every
 * run, and the same day in every US time zone (a signature's date is the company's day).
 */
export const STORY_NOW = 1767373200;

export const storyEnv: Partial<FormsEnv> = {
  organizationName: 'Acme Demo Inc.',
  features: {},
  now: () => STORY_NOW,
  userAgent: () => 'Mozilla/5.0 (Storybook)',
};

export interface FormHarnessProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
  env?: Partial<FormsEnv>;
  /** Show every error, as after a submit. */
  showAll?: boolean;
  readonly?: boolean;
  /** Errors as the server answers them, at their fields. */
  extraErrors?: Record<string, unknown>;
  /** The stored record file fields upload to; without it the form is of a record not saved yet. */
  files?: FileTarget;
  /** Files chosen for a record not saved yet (the create screen's), uploaded once it is saved. */
  heldFiles?: HeldFiles;
  /** Whose record the form is of, as the record screen says it (another person's: `own: false`, `person`). */
  whose?: Pick<FormContext, 'own' | 'person'>;
  onChange?(data: unknown): void;
}

export function FormHarness(p: FormHarnessProps) {
  const [data, setData] = useState(p.formData);
  return (
    <FormsEnvProvider value={{ ...storyEnv, ...p.env }}>
      <Form
        className="form"
        schema={p.schema}
        uiSchema={{ ...p.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        formData={data}
        validator={validator}
        fields={fields}
        widgets={widgets}
        templates={{ BaseInputTemplate: MarkedInputTemplate, ArrayFieldTemplate: MarkedArrayFieldTemplate }}
        formContext={{
          sections: [],
          touched: new Set<string>(),
          showAll: !!p.showAll,
          files: p.files,
          heldFiles: p.heldFiles,
          ...p.whose,
        }}
        extraErrors={p.extraErrors as never}
        readonly={p.readonly}
        noHtml5Validate
        onChange={(e) => {
          setData(e.formData);
          p.onChange?.(e.formData);
        }}
      />
    </FormsEnvProvider>
  );
}
