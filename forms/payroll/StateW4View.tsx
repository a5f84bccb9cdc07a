/**
 * The read-only view of a state withholding certificate: the fields of the definition of the state
 * the record was made for (its form name, links and own fields, then the signature), as the edit
 * screen (StateW4FormField) draws them, not the generic state_w4 fields.
 */
import { useMemo } from 'react';
import { Fields } from '../../renderers/contract/record-parts.ts';
import type { JsonObject } from '../../renderers/api/types.ts';
import { useOptionalServices } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import type { RecordViewProps } from '../../renderers/contract/forms-registry.ts';
import { NO_FORM_MESSAGE, stateFormModel } from './state_w4.ts';
import { noIncomeTaxMessage } from '../../engine/withholding-states.ts';
import { useStateForm } from './useStateForm.ts';
import { secureHref } from '../../engine/secure-link.ts';

export function StateW4View({ schema, ui, data }: RecordViewProps) {
  useFormsStyles();
  const services = useOptionalServices();
  const own = services?.auth.session?.user.key;
  // The record's own state decides (no employee key: the basic info's current state is not read).
  const form = useStateForm(services?.client, undefined, own, data.state);
  const def = form.status === 'ready' ? form.definition : undefined;
  const model = useMemo(() => (def ? stateFormModel(def, schema, ui) : undefined), [def, schema, ui]);

  if (form.status === 'loading')
    return (
      <p className="loading" role="status">
        Loading the state's form…
      </p>
    );
  if (!def || !model) {
    const why =
      form.status === 'error'
        ? form.message
        : form.status === 'no-income-tax'
          ? noIncomeTaxMessage(form.state)
          : `${NO_FORM_MESSAGE}${form.status === 'no-form' ? ` (${form.state})` : ''}`;
    return (
      <div className="form-sections">
        <p className="banner banner--info" role="status">
          {why}
        </p>
        <Fields root={schema} ui={ui} prefix="" schema={schema} data={data} />
      </div>
    );
  }
  const order = (model.uiSchema['ui:order'] as string[] | undefined) ?? [];
  const entityProps = (schema.properties ?? {}) as JsonObject;
  const root = {
    ...(model.schema as JsonObject),
    properties: { state: entityProps.state, ...((model.schema.properties as JsonObject | undefined) ?? {}) },
  } as JsonObject;
  return (
    <div className="form-sections state-form">
      <section className="section" aria-label={def.form_name ?? `State ${def.state}`}>
        <h2 className="section__title">{def.form_name ?? `State withholding form (${def.state})`}</h2>
        {!!def.links?.length && (
          <ul className="form-header__links state-form__links" aria-label="Forms and instructions">
            {def.links.map((l) => (
              <li key={l.url}>
                <a href={secureHref(l.url)} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        )}
        <Fields
          root={root}
          ui={model.uiSchema as JsonObject}
          prefix=""
          schema={root}
          data={data}
          only={['state', ...order.filter((f) => f !== 'state')]}
        />
      </section>
    </div>
  );
}
