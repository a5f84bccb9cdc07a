/**
 * The generic create / edit / view screens (/:module/:datatype/create|edit/:key|view/:key): a thin
 * view over useRecordController with @rjsf/core rendering the schema.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { recordForms, screenExtensionOf, type ScreenContext } from '../../contract/forms-registry.ts';
import { useDialogs } from '../../dialogs/Dialogs.tsx';
import { useServices } from '../../session/session.tsx';
import { principalOf } from '../../session/principal.ts';
import { mayOnRecord } from './viewer-rules.ts';
import type { JsonObject } from '../../api/types.ts';
import { useNotify } from '../../notify/notify.tsx';
import { errorSchemaOf, type FormMode, type FormModel } from './form-model.ts';
import { DeleteRecordButton } from './DeleteRecordButton.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { PrefetchLink } from '../../app/PrefetchLink.tsx';
import { FormActionsContext, keepFieldFocusOnPress, RecordForm, type FormActionsState } from './RecordForm.tsx';
import { NothingToSaveContext } from '../../contract/nothing-to-save.ts';
import { RecordView } from './RecordView.tsx';
import type { FormContext } from './templates.tsx';
import { touchedStore } from './touched.ts';
import { INVALID_MESSAGE, useRecordController } from './useRecordController.ts';
import { knownValidator, loadValidator, validatorId, type CompiledFn } from './precompiled.ts';
import { asValidationError, lateValidator } from './validator.ts';
import { useUserNames } from '../../users/useUserNames.ts';
import { leftUnsigned, NOT_SIGNED_YET, SIGNATURE_VOIDED, voidedBySave } from './signature-notice.ts';
import type { TypeMeta } from '../../api/types.ts';
import { shownFieldMessages, unshownErrors } from './unshown-errors.ts';
import { fieldTitle } from '../../format/schema-facts.ts';
import { epochToUsDateTime } from '../../../engine/masks.ts';
import { inSentence, titleCase } from '../../format/title-case.ts';
import { useWalk, WalkBar } from './WalkBar.tsx';
import { useHeldFiles } from './held-files.ts';

/**
 * The entity's precompiled validator, in use once loaded (at once when it was); until then the form
 * checks nothing itself and `ready` is false (Save waits for it).
 */
function useFormValidator(
  meta: TypeMeta | undefined,
  model: FormModel | undefined,
): { validator: ValidatorType; ready: boolean } {
  const id = meta ? validatorId(meta.module, meta.type) : '';
  const [loaded, setLoaded] = useState<{ id: string; fn: CompiledFn | undefined }>();
  const known = meta ? knownValidator(id, meta.schema) : undefined;
  const waiting = !!meta && !known;
  useEffect(() => {
    if (!meta || !waiting) return;
    let live = true;
    // Asked for after the next frame is painted: the effects of the form's first render run before
    // its paint, and the validator (its fingerprint, its chunk's compile and run) is not needed to show it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void loadValidator(id, meta.schema).then((fn) => {
          if (live) setLoaded({ id, fn });
        });
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [meta, id, waiting]);
  const settled = known ?? (loaded?.id === id ? loaded : undefined);
  const hidden = model?.hidden;
  const signatures = model?.signatures;
  const validator = useMemo(() => lateValidator(meta?.schema ?? {}, hidden, signatures), [meta, hidden, signatures]);
  validator.use(settled?.fn);
  return { validator, ready: !!settled };
}

/**
 * The previous action bar state while nothing it shows changed: a new context value would make
 * React search the whole form for its consumers on every keystroke.
 */
function sameActions(prev: FormActionsState | undefined, next: FormActionsState): FormActionsState {
  if (!prev) return next;
  const keys = ['saving', 'ready', 'dirty', 'saveLabel', 'unshown', 'nothingToSave'] as const;
  return keys.every((k) => prev[k] === next[k]) ? prev : next;
}

const NONE: readonly never[] = [];

/** The user a record belongs to (its schema's x-owner: the key itself, or a field holding one user key). */
function ownerOf(schema: JsonObject | undefined, record: { key: string; data: JsonObject } | undefined) {
  const field = schema?.['x-owner'];
  if (!record || typeof field !== 'string') return undefined;
  const value = field === 'key' ? record.key : record.data[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * On a create screen, the person the link that opened it chose (./prefill.ts: the x-owner field,
 * or whose record of a type keyed by its person), while the form still holds them.
 */
function linkedPerson(schema: JsonObject | undefined, prefilled?: JsonObject, data?: JsonObject) {
  const owner = schema?.['x-owner'];
  const fields = [typeof owner === 'string' && owner !== 'key' ? owner : undefined, '_user_uuid'];
  const field = fields.find((f) => f && typeof prefilled?.[f] === 'string' && data?.[f] === prefilled[f]);
  return field ? (prefilled![field] as string) : undefined;
}

const NO_IDS: ReadonlySet<string> = new Set();

/** The id of the element a form error belongs to: @rjsf's `root_…` of its property. */
function summaryId(e: RJSFValidationError): string {
  return `root${(e.property ?? '').replace(/\./g, '_')}`;
}

/**
 * The summary's items as the page can show them: an error of a field the page does not carry
 * (`absent`) whose message is listed for one it does is that one's copy (the mailing address while
 * it is the legal address's) and is left out; another is listed without a link to nowhere.
 */
function reachable<T extends { id: string; message: string }>(items: T[], absent: ReadonlySet<string>) {
  const shown = new Set(items.filter((e) => !absent.has(e.id)).map((e) => e.message));
  return items
    .filter((e) => !absent.has(e.id) || !shown.has(e.message))
    .map((e) => ({ ...e, linked: !absent.has(e.id) }));
}

/**
 * One item for each thing to fix: a message said of several parts of one field (a preparer's
 * address whose street, city, state and ZIP are missing, each answered with the address's own
 * "Enter the … street address, city or town, state and ZIP code.") is listed once, at its first part.
 */
function onceEach<T extends { field: string; item?: number; message: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((e) => {
    const said = JSON.stringify([e.field, e.item, e.message]);
    if (seen.has(said)) return false;
    seen.add(said);
    return true;
  });
}

/**
 * One line per message: a rule broken at several fields at once (status 4 of the I-9 without any of
 * its numbers, every Step of an exempt W-4) is said once, naming its fields, linked to the first
 * (the same sentence four or seven times filled a phone's screen). `also` holds the other fields.
 */
function oneLinePerMessage<T extends { field: string; item?: number; message: string }>(
  items: T[],
): (T & { also: { field: string; item?: number }[] })[] {
  const lines = new Map<string, T & { also: { field: string; item?: number }[] }>();
  for (const e of items) {
    const line = lines.get(e.message);
    if (line) line.also.push({ field: e.field, item: e.item });
    else lines.set(e.message, { ...e, also: [] });
  }
  return [...lines.values()];
}

/** The top field an error is at and, inside a list, which item (1, 2, …): "Emergency contacts 2". */
function summaryField(parts: string[]): { field: string; item?: number } {
  const field = parts[0] ?? '';
  return /^\d+$/.test(parts[1] ?? '') && parts.length > 2 ? { field, item: Number(parts[1]) + 1 } : { field };
}

/** When and from which step a walk's Save and continue asked for the next step's heading to take the keyboard. */
let headingWanted: { at: number; from: string } | undefined;
/** How long that stands: a step that is not a record screen (the walk's end) does not pass it on. */
const HEADING_WANTED_MS = 5_000;

export function RecordScreen({ mode }: { mode: FormMode }) {
  const { module = '', datatype = '', key } = useParams();
  const { search } = useLocation();
  const { state, actions } = useRecordController(module, datatype, mode, key, mode === 'create' ? search : '');
  const notify = useNotify();
  const dialogs = useDialogs();
  const services = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const extension = screenExtensionOf(recordForms(), module, datatype);
  const walk = useWalk(datatype, key);
  const [merged, setMerged] = useState(false);
  const [touched] = useState(touchedStore);
  const [submitted, setSubmitted] = useState(false);
  // A field with nothing for its person to fill in (../../contract/nothing-to-save.ts) takes the Save away.
  const [nothingToSave, setNothingToSave] = useState(false);
  const ready = state.status === 'ready' ? state : undefined;
  const { validator, ready: validatorReady } = useFormValidator(ready?.meta, ready?.model);
  const extraErrors = useMemo(
    () => (ready?.serverErrors.length ? errorSchemaOf(ready.serverErrors) : undefined),
    [ready?.serverErrors],
  );
  const showAll = submitted || (ready?.serverErrors.length ?? 0) > 0;
  const sections = ready?.model.sections;
  const setByFile = ready?.model.setByFile;
  const isNew = mode === 'create' || (ready?.isNew ?? false);
  const recordKey = ready?.record?.key;
  const recordModule = ready?.meta.module;
  // A file chosen before the record exists waits for its Save, where the record may then have files.
  const { heldFiles, held, handOn } = useHeldFiles(mode === 'create' ? !!ready?.meta.can.edit : !!ready?.isNew);
  // The file target changes with the record, not with each render's actions (which see the latest edits).
  const latestActions = useRef(actions);
  latestActions.current = actions;
  const files = useMemo(
    () =>
      recordKey && recordModule
        ? {
            module: recordModule,
            type: datatype,
            key: recordKey,
            changed: () => void latestActions.current.fileChanged(),
          }
        : undefined,
    [recordKey, recordModule, datatype],
  );
  const stored = ready?.record?.data;
  // Whose record it is, named in the heading when it is not the viewer's own (a manager's review).
  // A person's record not written yet (a type keyed by its person, at their address) is theirs too.
  const owner =
    ownerOf(ready?.meta.schema, ready?.record) ?? (ready?.isNew && ready.meta.key === 'user' ? key : undefined);
  // A new record for the person its link named, while the form still holds them, is named too.
  const person = owner ?? linkedPerson(ready?.meta.schema, ready?.prefilled, ready?.formData);
  const others = person && person !== services.auth.session?.user.key ? [person] : NONE;
  const own = datatype.startsWith('my_') || (!!owner && owner === services.auth.session?.user.key);
  const { names: ownerNames } = useUserNames(services.client, others);
  // The errors of the form's own rules as they stand: a blocked Save lists them with the schema's.
  const ruleErrorsNow = useRef<readonly RJSFValidationError[]>(NONE);
  const ruleErrors = useCallback((errors: readonly { path: string; message: string }[]) => {
    ruleErrorsNow.current = errors.map((e) => asValidationError(e.path, e.message));
  }, []);
  // Text of a field that is not data yet, by place: a Save is refused while any is there.
  const unparsedNow = useRef(new Map<string, string>());
  const unparsed = useCallback((path: string, message: string | undefined) => {
    if (message === undefined) unparsedNow.current.delete(path);
    else unparsedNow.current.set(path, message);
  }, []);
  // Titles of fields a custom field draws beyond the entity's schema (a state form's own), for the summary.
  const titlesNow = useRef<Readonly<Record<string, string>>>({});
  const fieldTitles = useCallback((titles: Readonly<Record<string, string>>) => {
    titlesNow.current = titles;
  }, []);
  // Whose record, by name, for the widgets that speak of the person (the mailing-address toggle).
  const personName = others.length ? ownerNames.get(others[0])?.name : undefined;
  const context = useMemo<FormContext>(
    () => ({
      sections: sections ?? [],
      setByFile,
      touched,
      showAll,
      isNew,
      own,
      viewer: services.auth.session?.user.key,
      person: personName,
      files,
      heldFiles,
      stored,
      ruleErrors,
      unparsed,
      fieldTitles,
    }),
    [
      heldFiles,
      sections,
      setByFile,
      touched,
      showAll,
      isNew,
      own,
      services.auth.session,
      personName,
      files,
      stored,
      ruleErrors,
      unparsed,
      fieldTitles,
    ],
  );
  // The form's callbacks keep their identity (RecordForm is memoized); they call the latest render's work.
  const latest = useRef<{ save(data: JsonObject): Promise<void>; cancel(): void }>(undefined);
  const cancel = useCallback(() => latest.current?.cancel(), []);
  // The errors of the last blocked Save; those no field shows are listed by the Save button.
  const [blocked, setBlocked] = useState<readonly RJSFValidationError[]>(NONE);
  const [unshown, setUnshown] = useState<readonly string[]>(NONE);
  // The ids of the blocked Save's errors that no element of the page carries (a field a form's
  // behaviour does not show, as the mailing address while it is the legal address's copy).
  const [absent, setAbsent] = useState<ReadonlySet<string>>(NO_IDS);
  // Counts the saves that failed: after each, the keyboard goes to the list of what went wrong.
  const [failures, setFailures] = useState(0);
  const onSubmit = useCallback(
    (data: JsonObject) => {
      setSubmitted(true);
      if (unparsedNow.current.size) {
        setBlocked([...unparsedNow.current].map(([path, message]) => asValidationError(path, message)));
        notify({ type: 'negative', message: INVALID_MESSAGE });
        setFailures((n) => n + 1);
        return;
      }
      setBlocked(NONE);
      void latest.current?.save(data);
    },
    [notify],
  );
  const onError = useCallback(
    (errors: RJSFValidationError[]) => {
      setSubmitted(true);
      const listed = new Set(errors.map((e) => `${e.property}\u0000${e.message}`));
      setBlocked([...errors, ...ruleErrorsNow.current.filter((e) => !listed.has(`${e.property}\u0000${e.message}`))]);
      if (errors.length) {
        notify({ type: 'negative', message: INVALID_MESSAGE });
        setFailures((n) => n + 1);
      }
    },
    [notify],
  );
  const onBlur = useCallback((id: string) => touched.touch(id), [touched]);
  const formActionsRef = useRef<FormActionsState>(undefined);
  // A save starts the form again from the server's answer (a new key): focus goes back where it was.
  const page = useRef<HTMLElement>(null);
  const refocus = useRef<string | undefined>(undefined);
  const formKey = ready?.formKey;
  // The form drawn anew for another version of the record (read again after a file's upload
  // marked it, or a colleague's change) would drop the keyboard on the page's body: the element
  // that has it now, found by its id, has it again once the new form is drawn (below).
  const drawnFor = useRef(formKey);
  if (drawnFor.current !== formKey) {
    drawnFor.current = formKey;
    const active = typeof document === 'undefined' ? null : document.activeElement;
    if (refocus.current === undefined && active?.id && page.current?.contains(active)) refocus.current = active.id;
  }
  const rootSchema = ready?.meta.schema;
  // Which of the blocked Save's messages no field shows. The fields show theirs in the renders that
  // follow the submit (the form's own, then the one showing every error), so the page is read once
  // those are done, in a task after them.
  useEffect(() => {
    if (!blocked.length || !rootSchema) {
      setUnshown(NONE);
      setAbsent(NO_IDS);
      return;
    }
    const timer = setTimeout(() => {
      if (!page.current) return;
      const list = unshownErrors(blocked, shownFieldMessages(page.current), (f) => fieldTitle(rootSchema, f));
      setUnshown(list.length ? list : NONE);
      const within = page.current;
      setAbsent(
        new Set(
          blocked
            .map(summaryId)
            .filter((id) => !document.getElementById(id) || !within.contains(document.getElementById(id))),
        ),
      );
    });
    return () => clearTimeout(timer);
  }, [blocked, rootSchema]);
  // A save refused, by the form's own checks or by the server: the keyboard goes to the summary of
  // what went wrong (read out, each item a link to its field), not left on Save nor on one field.
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failures) summaryRef.current?.focus();
  }, [failures]);
  // The next step of a walk, opened by Save and continue: the keyboard starts at its heading, as a
  // page opened by a link does for a reader (it was left on the page's body, the Save gone).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = state.status === 'ready';
  useEffect(() => {
    // Not the step saved (its form starts again from the answer first): the one the walk opens.
    const wanted = headingWanted;
    if (!shown || !wanted || wanted.from === window.location.pathname) return;
    headingWanted = undefined;
    if (Date.now() - wanted.at < HEADING_WANTED_MS) titleRef.current?.focus();
  }, [shown, formKey]);
  useLayoutEffect(() => {
    const want = refocus.current;
    // The record may show "Loading…" between two versions: the wish waits for the form drawn next.
    if (!want || !page.current || !formKey) return;
    refocus.current = undefined;
    if (page.current.contains(document.activeElement)) return;
    const el =
      want === 'submit' ? page.current.querySelector('form button[type=submit]') : document.getElementById(want);
    (el as HTMLElement | null)?.focus();
  }, [formKey]);

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
        {/* Trying again helps after a failed network or server, not after a refusal (403) or a
            record that does not exist (404). */}
        {![401, 403, 404].includes(state.error.code) && (
          <button type="button" className="btn" onClick={state.retry}>
            Try again
          </button>
        )}
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
  const lockedReason = ctx.isNew ? undefined : extension?.locked?.(ctx);
  const hideActions = extension?.hideActions?.(ctx) ?? false;
  const Extra = lockedReason ? undefined : extension?.Actions;
  // This record as the server decides it (a file shared with the caller: read, never changed).
  const session = services.auth.session;
  const principal = session ? principalOf(session) : undefined;
  const mayEdit = ctx.isNew || meta.my || mayOnRecord(meta.schema, 'edit', principal, state.record);
  const mayDelete = meta.my || mayOnRecord(meta.schema, 'delete', principal, state.record);
  // A record this caller may not change is shown as read, even at its edit address.
  const shownMode = lockedReason || !mayEdit ? 'view' : mode;
  const save = async (data: JsonObject) => {
    const active = document.activeElement as HTMLElement | null;
    if (active && page.current?.contains(active))
      refocus.current = active.id || (active.matches('button[type=submit]') ? 'submit' : undefined);
    const asked = extension?.beforeSave ? await extension.beforeSave({ ...ctx, data }) : data;
    if (asked === false) return;
    const saved = await actions.submit(asked, {
      heldFiles: mode === 'create' ? handOn() : undefined,
      savedMessage: (r) =>
        extension?.savedMessage?.({ ...ctx, data: asked }, r) ??
        (voidedBySave(asked, r.data)
          ? SIGNATURE_VOIDED
          : leftUnsigned(meta.schema, own, r.data)
            ? NOT_SIGNED_YET
            : undefined),
    });
    if (!saved) setFailures((n) => n + 1);
    if (saved) await extension?.afterSave?.({ ...ctx, data: saved.data, record: saved }, saved);
    if (saved) setMerged(false);
    if (saved && walk) {
      headingWanted = { at: Date.now(), from: window.location.pathname };
      await walk.next();
    }
  };
  latest.current = { save, cancel: actions.cancel };
  const base = `/${meta.module}/${meta.type}`;
  const title = titleCase(meta.title);
  const action = mode === 'create' || state.isNew ? `New ${title}` : mode === 'edit' ? `Edit ${title}` : title;
  const whose = others.length ? ownerNames.get(others[0])?.name : undefined;
  const heading = whose ? `${action}: ${whose}` : action;
  const formActions = sameActions(formActionsRef.current, {
    saving: state.saving,
    ready: validatorReady,
    dirty: state.dirty,
    saveLabel: walk ? 'Save and continue' : (extension?.saveLabel?.(ctx) ?? 'Save'),
    unshown,
    nothingToSave,
    cancel,
  });
  formActionsRef.current = formActions;
  // The errors of the last Save, listed at the top with a link to each field: the form's own
  // checks, else the server's answer.
  const fieldsToSee = onceEach(
    blocked.length
      ? reachable(
          blocked.map((e) => ({
            id: summaryId(e),
            ...summaryField((e.property ?? '').replace(/^\./, '').split('.')),
            message: e.message ?? '',
          })),
          absent,
        )
      : state.serverErrors.map((e) => ({
          id: `root${(e.path ?? '').replace(/\//g, '_')}`,
          ...summaryField((e.path ?? '').split('/').slice(1)),
          message: e.message,
          linked: true,
        })),
  );
  const summary = oneLinePerMessage(fieldsToSee);
  const fieldLabel = (f: { field: string; item?: number }) =>
    `${titlesNow.current[f.field] ?? fieldTitle(meta.schema, f.field)}${f.item ? ` ${f.item}` : ''}`;
  const fieldsOf = (e: { field: string; item?: number; also: { field: string; item?: number }[] }) =>
    e.field
      ? `${[e, ...e.also]
          .filter((f) => f.field)
          .map(fieldLabel)
          .join(', ')}: `
      : '';

  return (
    <section className="page record" aria-labelledby="record-title" ref={page}>
      <div className="page__head">
        <h1 id="record-title" ref={titleRef} tabIndex={-1}>
          {heading}
        </h1>
        <div className="page__actions">
          {!hideActions && Extra && <Extra {...ctx} />}
          {!hideActions && !lockedReason && mode === 'view' && meta.can.edit && mayEdit && (
            <PrefetchLink className="btn btn--primary" to={`${base}/edit/${key}`}>
              Edit
            </PrefetchLink>
          )}
          {!hideActions &&
            !lockedReason &&
            meta.can.delete &&
            mayDelete &&
            !extension?.ownDelete &&
            state.record &&
            !state.isNew &&
            mode !== 'create' && <DeleteRecordButton title={meta.title} remove={actions.remove} />}
          {!hideActions && meta.can.list && !meta.my && (
            <Link className="btn" to={`${base}/list`}>
              All {inSentence(meta.plural)}
            </Link>
          )}
        </div>
      </div>
      {state.record && (
        <p className="record__meta muted">
          Version {state.record.meta.version}
          {state.record.meta.updated_time ? ` · last changed ${epochToUsDateTime(state.record.meta.updated_time)}` : ''}
        </p>
      )}
      {walk && <WalkBar walk={walk} />}
      {lockedReason && (
        <p className="banner" role="status">
          {lockedReason}
        </p>
      )}
      {state.conflict && (
        <div className="banner banner--negative" role="alert">
          <p>{state.conflict}</p>
          <div className="banner__actions">
            {mode !== 'view' && state.dirty && (
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => void actions.keepBoth().then(() => setMerged(true))}
              >
                Keep both: their version with my changes
              </button>
            )}
            <button type="button" className="btn" onClick={() => void actions.reload()}>
              Reload the record
            </button>
          </div>
        </div>
      )}
      {merged && !state.conflict && (
        <p className="banner" role="status">
          The form now shows the other person&rsquo;s version with your changes on top. Check it, then save.
        </p>
      )}
      {summary.length > 0 && shownMode !== 'view' && (
        <div className="banner banner--negative form__summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>{fieldsToSee.length === 1 ? 'One field needs' : `${fieldsToSee.length} fields need`} your attention:</p>
          <ul>
            {summary.map((e, i) => (
              <li key={`${e.id}:${i}`}>
                {e.linked ? (
                  <a href={`#${e.id}`} onClick={toField}>
                    {fieldsOf(e)}
                    {e.message}
                  </a>
                ) : (
                  <>
                    {fieldsOf(e)}
                    {e.message}
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {shownMode === 'view' ? (
        <RecordView meta={meta} model={model} data={state.record?.data ?? {}} target={files} />
      ) : (
        <>
          <LeaveGuard when={(state.dirty || held > 0) && !state.saving} allowed={actions.leaveAllowed} />
          <FormActionsContext.Provider value={formActions}>
            <NothingToSaveContext.Provider value={setNothingToSave}>
              {/* Whatever the person does in the form (typing, choosing, a button) makes its
                changes theirs; what @rjsf reports before that is the form's start. */}
              <div
                onInputCapture={actions.interact}
                onChangeCapture={actions.interact}
                onClickCapture={actions.interact}
                onKeyDownCapture={actions.interact}
                onMouseDownCapture={keepFieldFocusOnPress}
              >
                <RecordForm
                  key={state.formKey}
                  model={model}
                  initialData={state.initialData}
                  validator={validator}
                  checksReady={validatorReady}
                  context={context}
                  extraErrors={extraErrors}
                  onChange={actions.change}
                  onBlur={onBlur}
                  onError={onError}
                  onSubmit={onSubmit}
                />
              </div>
            </NothingToSaveContext.Provider>
          </FormActionsContext.Provider>
        </>
      )}
    </section>
  );
}

/**
 * A summary link takes the keyboard to its field's control (a plain fragment link only scrolls to
 * it, and to the field's wrapper where the id is a group's).
 */
function toField(e: MouseEvent<HTMLAnchorElement>) {
  const id = e.currentTarget.hash.slice(1);
  const page = e.currentTarget.closest('section');
  const el = page ? fieldElement(page, decodeURIComponent(id)) : undefined;
  if (!el) return;
  e.preventDefault();
  el.focus();
}

/**
 * The control that takes the keyboard for a field id: the field itself (a control, or a refused list's
 * group, which the message is about as a whole), or the first control inside it.
 */
function fieldElement(within: HTMLElement, id: string): HTMLElement | undefined {
  let el = document.getElementById(id);
  // A message about a place inside a field's value (a property of a JSON Schema edited as text:
  // root_fields_schema_properties_State) has no box of its own: the nearest box holding it is the one.
  for (let at = id; !el && at.lastIndexOf('_') > 'root'.length - 1;) {
    at = at.slice(0, at.lastIndexOf('_'));
    if (at !== 'root') el = document.getElementById(at);
  }
  if (!el || !within.contains(el)) return undefined;
  if (el.matches('input, select, textarea, button, fieldset[aria-invalid="true"][tabindex="-1"]')) return el;
  return el.querySelector<HTMLElement>('input, select, textarea, button') ?? undefined;
}
