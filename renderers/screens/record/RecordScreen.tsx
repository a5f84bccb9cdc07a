/**
 * The generic create / edit / view screens (/:module/:datatype/create|edit/:key|view/:key): a thin
 * view over useRecordController with @rjsf/core rendering the schema.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Form from '@rjsf/core';
import { useQueryClient } from '@tanstack/react-query';
import type { RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { fields } from '../../../forms/fields/index.ts';
import { widgets } from '../../../forms/widgets/index.ts';
import type { ScreenContext } from '../../../forms/screens/extension.ts';
import { screenExtensionFor } from '../../../forms/screens/index.ts';
import { useDialogs } from '../../dialogs/Dialogs.tsx';
import { useServices } from '../../session/session.tsx';
import type { JsonObject } from '../../api/types.ts';
import { useNotify } from '../../notify/notify.tsx';
import { errorSchemaOf, type FormMode, type FormModel } from './form-model.ts';
import { LeaveGuard } from './LeaveGuard.tsx';
import { RecordView } from './RecordView.tsx';
import { SectionedObjectTemplate, textButtons, TouchedFieldErrorTemplate, type FormContext } from './templates.tsx';
import { INVALID_MESSAGE, useRecordController } from './useRecordController.ts';
import { entityValidator, loadPrecompiled, pickValidator } from './validator.ts';
import type { TypeMeta } from '../../api/types.ts';

/** The entity's precompiled validator once loaded; until then the form checks nothing itself. */
function useFormValidator(
  meta: TypeMeta | undefined,
  model: FormModel | undefined,
): { validator: ValidatorType; ready: boolean } {
  const [fn, setFn] = useState<{ id: string; v: ValidatorType }>();
  const id = meta ? `${meta.module}/${meta.type.replace(/^my_/, '')}` : '';
  useEffect(() => {
    if (!meta || !model) return;
    let live = true;
    void loadPrecompiled().then((p) => {
      if (live) setFn({ id, v: entityValidator(pickValidator(p, id, meta.schema), meta.schema, model.hidden) });
    });
    return () => {
      live = false;
    };
  }, [meta, model, id]);
  return useMemo(
    () =>
      fn?.id === id
        ? { validator: fn.v, ready: true }
        : { validator: entityValidator(undefined, {}, []), ready: false },
    [fn, id],
  );
}

const templates = {
  ObjectFieldTemplate: SectionedObjectTemplate,
  FieldErrorTemplate: TouchedFieldErrorTemplate,
  ButtonTemplates: textButtons,
};

export function RecordScreen({ mode }: { mode: FormMode }) {
  const { module = '', datatype = '', key } = useParams();
  const { state, actions } = useRecordController(module, datatype, mode, key);
  const notify = useNotify();
  const dialogs = useDialogs();
  const services = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const extension = screenExtensionFor(module, datatype);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const ready = state.status === 'ready' ? state : undefined;
  const { validator, ready: validatorReady } = useFormValidator(ready?.meta, ready?.model);
  const extraErrors = useMemo(
    () => (ready?.serverErrors.length ? errorSchemaOf(ready.serverErrors) : undefined),
    [ready?.serverErrors],
  );

  if (state.status === 'loading') {
    return (
      <section className="page" aria-busy="true">
        <div className="page-loading" role="status">
          Loading…
        </div>
      </section>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="page">
        <h1>Could not open this record</h1>
        <p role="alert">{state.error.message}</p>
        <button type="button" className="btn" onClick={state.retry}>
          Try again
        </button>
      </section>
    );
  }

  const { meta, model } = state;
  const ctx: ScreenContext = {
    mode,
    isNew: mode === 'create' || state.isNew,
    meta,
    record: state.record,
    data: mode === 'view' ? (state.record?.data ?? {}) : state.formData,
    session: services.auth.session,
    client: services.client,
    dialogs,
    notify,
    navigate: (to) => void navigate(to),
    reload: actions.reload,
    reloadOrganization: () => queryClient.invalidateQueries({ queryKey: ['resolve_org'] }),
  };
  const hideActions = extension?.hideActions?.(ctx) ?? false;
  const Extra = extension?.Actions;
  const save = async (data: JsonObject) => {
    const asked = extension?.beforeSave ? await extension.beforeSave({ ...ctx, data }) : data;
    if (asked === false) return;
    const saved = await actions.submit(asked, {
      savedMessage: extension?.savedMessage && ((r) => extension.savedMessage!({ ...ctx, data: asked }, r)),
    });
    if (saved) await extension?.afterSave?.({ ...ctx, data: saved.data, record: saved }, saved);
  };
  const base = `/${meta.module}/${meta.type}`;
  const heading =
    mode === 'create' || state.isNew
      ? `New ${meta.title.toLowerCase()}`
      : mode === 'edit'
        ? `Edit ${meta.title.toLowerCase()}`
        : meta.title;
  const context: FormContext = {
    sections: model.sections,
    touched,
    showAll: submitted || state.serverErrors.length > 0,
    isNew: ctx.isNew,
  };

  return (
    <section className="page record" aria-labelledby="record-title">
      <div className="page__head">
        <h1 id="record-title">{heading}</h1>
        <div className="page__actions">
          {!hideActions && Extra && <Extra {...ctx} />}
          {!hideActions && mode === 'view' && meta.can.edit && (
            <Link className="btn btn--primary" to={`${base}/edit/${key}`}>
              Edit
            </Link>
          )}
          {!hideActions && meta.can.list && !meta.my && (
            <Link className="btn" to={`${base}/list`}>
              All {meta.plural.toLowerCase()}
            </Link>
          )}
        </div>
      </div>
      {state.record && (
        <p className="record__meta muted">
          Version {state.record.meta.version}
          {state.record.meta.updated_time
            ? ` · last changed ${new Date(state.record.meta.updated_time * 1000).toLocaleString('en-US')}`
            : ''}
        </p>
      )}
      {state.conflict && (
        <div className="banner banner--negative" role="alert">
          <p>{state.conflict}</p>
          <button type="button" className="btn" onClick={() => void actions.reload()}>
            Reload the record
          </button>
        </div>
      )}
      {mode === 'view' ? (
        <RecordView meta={meta} model={model} data={state.record?.data ?? {}} />
      ) : (
        <>
          <LeaveGuard when={state.dirty && !state.saving} allowed={actions.leaveAllowed} />
          <Form
            className="form"
            schema={model.schema}
            uiSchema={model.uiSchema}
            formData={state.formData}
            validator={validator}
            widgets={widgets}
            fields={fields}
            templates={templates}
            formContext={context}
            extraErrors={extraErrors}
            liveValidate="onBlur"
            showErrorList={false}
            focusOnFirstError
            noHtml5Validate
            onChange={(e) => actions.change(e.formData as JsonObject)}
            onBlur={(id) => setTouched((t) => (t.has(id) ? t : new Set(t).add(id)))}
            onError={(errors: RJSFValidationError[]) => {
              setSubmitted(true);
              if (errors.length) notify({ type: 'negative', message: INVALID_MESSAGE });
            }}
            onSubmit={(e) => {
              setSubmitted(true);
              void save(e.formData as JsonObject);
            }}
          >
            <div className="form__actions">
              <button type="submit" className="btn btn--primary" disabled={state.saving || !validatorReady}>
                {state.saving ? 'Saving…' : (extension?.saveLabel?.(ctx) ?? 'Save')}
              </button>
              <button type="button" className="btn" onClick={actions.cancel}>
                Cancel
              </button>
              {state.dirty && <span className="muted form__dirty">Unsaved changes</span>}
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
