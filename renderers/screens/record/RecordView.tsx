/**
 * The read-only view of a record: its fields in x-sections (see RecordDetails). A form whose root is
 * drawn from data (its x-ui root "ui:field" names a registered view) is shown by that view, so
 * the view shows the same fields as the edit screen; so does a form with behaviour, whose fields
 * hidden for this data (an I-9 citizen's alien fields) are left out.
 */
import type { JsonObject, TypeMeta } from '../../api/types.ts';
import { sectionApplies, type FormModel } from './form-model.ts';
import { Fields, ViewedRecordContext } from './RecordDetails.tsx';
import { SectionExplanation } from './templates.tsx';
import { recordForms } from '../../contract/forms-registry.ts';

export function RecordView({
  meta,
  model,
  data,
  target,
}: {
  meta: TypeMeta;
  model: FormModel;
  data: JsonObject;
  /** The record shown, for its files' Download. */
  target?: { module: string; type: string; key: string };
}) {
  return (
    <ViewedRecordContext.Provider value={target}>
      <RecordFields meta={meta} model={model} data={data} />
    </ViewedRecordContext.Provider>
  );
}

function RecordFields({ meta, model, data }: { meta: TypeMeta; model: FormModel; data: JsonObject }) {
  const root = model.schema;
  const forms = recordForms();
  const hint = (meta.ui as JsonObject | undefined)?.['ui:field'];
  const Custom = typeof hint === 'string' ? forms.views[hint] : undefined;
  if (Custom) return <Custom meta={meta} schema={root} ui={meta.ui} data={data} />;
  const hidden = new Set(forms.hiddenFields(meta.ui, data));
  // As on the form: a file's name, type and size, empty before there is a file, are not shown.
  for (const field of Object.keys(model.setByFile)) if (data[field] === undefined) hidden.add(field);
  const shown = (fields: string[]) => fields.filter((f) => !hidden.has(f));
  if (!model.sections.length) {
    const all = Object.keys((root.properties as JsonObject | undefined) ?? {});
    return <Fields root={root} ui={meta.ui} prefix="" schema={root} data={data} only={shown(all)} />;
  }
  return (
    <div className="form-sections">
      {model.sections
        .filter((s) => sectionApplies(s, data, root))
        .map((s) => (
          <section key={s.title} className="section" aria-label={s.title}>
            <h2 className="section__title">{s.title}</h2>
            <SectionExplanation section={s} />
            <Fields root={root} ui={meta.ui} prefix="" schema={root} data={data} only={shown(s.fields)} />
          </section>
        ))}
    </div>
  );
}
