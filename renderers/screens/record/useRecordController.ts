/**
 * The create / edit / view screens' controller: the type's meta and the record, the form's data,
 * whether it changed, and save with If-Match (a stale version answers 409), the server's field
 * errors and the notifications.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { failureText, isFailure, type DataFailure } from '../../api/failure.ts';
import { NOT_AUTHORIZED_MESSAGE, VERSION_CONFLICT_MESSAGE } from '../../../engine/messages.ts';
import { fileFields } from '../../../engine/files.ts';
import type { FieldError, JsonObject, TypeMeta, WireRecord } from '../../api/types.ts';
import { useNotify } from '../../notify/notify.tsx';
import { useClient, useServices } from '../../session/session.tsx';
import { keys, listsAfterChange, metaQuery, recordQuery } from '../queries.ts';
import { buildFormModel, formDataOf, WHOSE, type FormMode, type FormModel } from './form-model.ts';
import { keepBothData } from './keep-both.ts';
import { prefillOf } from './prefill.ts';
import { choosesWhose, ownOwnerField, viewerOf } from './viewer-rules.ts';
import { isUserKey } from '../../users/user-names.ts';
import { draftId, dropDraft, keepDraft, readDraft } from './drafts.ts';
import { readStoredAuth } from '../../session/stored-auth.ts';

export const CONFLICT_MESSAGE =
  'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see the latest version, then make your changes again.';
export const SAVED_MESSAGE = 'Saved.';
export const INVALID_MESSAGE = 'Not saved: correct the fields listed at the top of the form.';
/** A save answered 401: the sign-in ended (../../session/ended.ts says why and signs out). */
export const SIGNED_OUT_MESSAGE = 'Not saved: your sign-in has ended.';
/** A form opened again after the sign-in ended under it: what was typed is back (./drafts.ts). */
export const DRAFT_RESTORED =
  'What you typed before your sign-in ended is back: save it, or leave the page to let it go.';
export const DRAFT_RESTORED_SENSITIVE = ' Numbers such as an SSN or an account number were not kept: type them again.';
/** A save that never reached the server (the network failed): the form keeps what was typed. */
export const NETWORK_MESSAGE =
  'Not saved: the server could not be reached. Check your connection, then save again; what you entered is still here.';
export const DELETED_MESSAGE = 'Deleted.';
export const DELETE_FORBIDDEN = 'You may not delete this record.';
export const DELETE_GONE = 'This record no longer exists: someone may have deleted it already.';
export const DELETE_CONFLICT =
  'Someone else changed this record after you opened it, so it was not deleted. Reload it to see the latest version first.';

export type RecordState =
  | { status: 'loading' }
  | { status: 'error'; error: DataFailure; retry: () => void }
  | {
      status: 'ready';
      mode: FormMode;
      meta: TypeMeta;
      model: FormModel;
      record?: WireRecord;
      /** An edit of a user-keyed record that does not exist yet: saving creates it. */
      isNew: boolean;
      /** The data the form starts from (the record as loaded or saved), and a key naming that start. */
      initialData: JsonObject;
      formKey: string;
      /** A new record's values given by the link that opened the screen (./prefill.ts). */
      prefilled: JsonObject;
      /** The form's current data, as it reported it. */
      formData: JsonObject;
      dirty: boolean;
      saving: boolean;
      serverErrors: FieldError[];
      conflict?: string;
    };

export interface SubmitOptions {
  /** The notice of a successful save, when not the plain 'Saved.'. */
  savedMessage?: (saved: WireRecord) => string | undefined;
  /** Files chosen on the create screen, by field: its record's edit screen uploads them. */
  heldFiles?: Readonly<Record<string, File>>;
}

export interface RecordActions {
  change(data: JsonObject): void;
  /** Saves; answers the saved record, or undefined when the save failed (the state says why). */
  submit(data: JsonObject, options?: SubmitOptions): Promise<WireRecord | undefined>;
  cancel(): void;
  /**
   * Deletes the record (the caller has asked the user first): back to the list with a notification,
   * or a notification saying why not (403, 404, a 409 version conflict). Answers whether it was deleted.
   */
  remove(): Promise<boolean>;
  reload(): Promise<void>;
  /**
   * A file field of the record was uploaded or removed (a new version on the server): loads the
   * record again, keeping the changes not saved yet.
   */
  fileChanged(): Promise<void>;
  /** After a 409: the latest version with this person's changed fields on top, ready to save again. */
  keepBoth(): Promise<void>;
  /** The person typed, chose or clicked in the form: from now on its changes are theirs. */
  interact(): void;
  /** Lets the next navigation through without the unsaved-changes question. */
  allowLeave(): void;
  leaveAllowed(): boolean;
}

/** Whether `user` is named by the record's owner field (a user key, or a list of them). */
function ownerIs(schema: JsonObject | undefined, data: JsonObject | undefined, user: string | undefined): boolean {
  const field = schema?.['x-owner'];
  if (!data || !user || typeof field !== 'string') return false;
  const value = data[field];
  return Array.isArray(value) ? value.includes(user) : value === user;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * Whether the form holds changes Save would send. A file field is never one: an upload or a removal
 * is stored by the server when it happens, and the form holds the stored value before the record's
 * new version has been read again.
 */
function unsaved(form: JsonObject, base: JsonObject | undefined, files: readonly string[]): boolean {
  const withoutFiles = (d: JsonObject | undefined) =>
    d && files.length ? Object.fromEntries(Object.entries(d).filter(([k]) => !files.includes(k))) : d;
  return !same(withoutFiles(form), withoutFiles(base));
}

/**
 * `search`: the query of the screen's address; on create, the fields it names that this viewer may
 * set start with its values (./prefill.ts).
 */
export function useRecordController(
  module: string,
  datatype: string,
  mode: FormMode,
  key?: string,
  search = '',
): { state: RecordState; actions: RecordActions } {
  const client = useClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const meta = useQuery(metaQuery(client, module, datatype));
  const record = useQuery({
    ...recordQuery(client, module, datatype, key ?? ''),
    enabled: mode !== 'create' && !!key,
  });
  // The session object is replaced when the server confirms a stored one: the model (and so the
  // whole form) is built again only when who the viewer is changes, not on every new object.
  const session = useServices().auth.session;
  // A user-keyed record not made yet is new at its person's address; a "my" type is the viewer's
  // own, so another person's key there is no new record of theirs but one the viewer cannot open.
  const isNew =
    mode === 'edit' &&
    meta.data?.key === 'user' &&
    isFailure(record.error, 404) &&
    (!datatype.startsWith('my_') || key === session?.user.key);
  const fileNames = useMemo(() => (meta.data ? fileFields(meta.data.schema).map((f) => f.field) : []), [meta.data]);
  const who = session ? JSON.stringify([session.user.key, session.permissions, session.is_admin]) : '';
  const viewerSession = useMemo(() => session, [who]);
  // Whether the record is the viewer's by its owner field (x-owner): the fields only its owner reads
  // are shown to them (meta.owner_read).
  const ownsRecord = ownerIs(meta.data?.schema, record.data?.data, viewerSession?.user.key);
  const model = useMemo(() => {
    if (!meta.data) return undefined;
    const viewer = viewerOf(viewerSession, meta.data, key);
    return buildFormModel(meta.data, mode, { exists: mode !== 'create' && !isNew, viewer, ownsRecord });
  }, [meta.data, mode, isNew, viewerSession, key, ownsRecord]);

  const [initial, setInitial] = useState<
    { for: string; model?: FormModel; data: JsonObject; start?: JsonObject; prefilled?: JsonObject } | undefined
  >();
  const [formData, setFormData] = useState<JsonObject>({});
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  /** The data the server's errors answered. */
  const answered = useRef<JsonObject | undefined>(undefined);
  const [conflict, setConflict] = useState<string>();
  const leave = useRef(false);
  /** Unsaved changes to lay over the next version loaded (after a file upload). */
  const keepEdits = useRef<JsonObject | undefined>(undefined);
  // What the form reports before the person does anything (the defaults @rjsf fills in on mount)
  // is the form's start, not a change: an untouched form is not "unsaved".
  const interacted = useRef(false);
  const [baseline, setBaseline] = useState<{ for: string; data: JsonObject }>();

  // Fields typed on a create screen before choosing whose record it is, carried to that person's
  // record (below): applied once the record (or its absence) is known, where this viewer may set them.
  const location = useLocation();
  const carried = useRef((location.state as { carried?: JsonObject } | null)?.carried);
  if (carried.current && model && (record.data || isNew)) {
    const editable = Object.entries(carried.current).filter(([k]) => {
      const ui = (model.uiSchema as Record<string, JsonObject | undefined>)[k];
      return k in ((model.schema.properties as JsonObject | undefined) ?? {}) && ui?.['ui:readonly'] !== true;
    });
    if (editable.length) keepEdits.current = { ...Object.fromEntries(editable), ...keepEdits.current };
    carried.current = undefined;
  }

  // What was typed here before the sign-in ended under the form, laid over the record as it is now
  // (./drafts.ts): read once, when the form first starts.
  const draft = viewerSession && mode !== 'view' ? draftId(viewerSession.user.key, location.pathname) : undefined;
  const draftRead = useRef(false);
  const restored = useRef<ReturnType<typeof readDraft>>(undefined);
  if (!draftRead.current && draft && model && (record.data || isNew || mode === 'create')) {
    draftRead.current = true;
    restored.current = readDraft(draft);
    if (restored.current) keepEdits.current = { ...restored.current.edits, ...keepEdits.current };
  }

  // (Re)start the form from the record whenever a new version of it (or a new model) arrives. Set
  // while rendering, not in an effect: React renders again at once, before anything is committed,
  // so the form shows in the same frame as the data instead of one painted frame later.
  // A create screen starts again when its address's query (its prefilled values) changes.
  const loadedVersion = record.data
    ? `${record.data.key}@${record.data.meta.version}`
    : isNew
      ? 'new'
      : mode === 'create'
        ? `create${search}`
        : mode;
  if (model && (initial?.for !== loadedVersion || initial.model !== model)) {
    const data = formDataOf(record.data?.data, model);
    const own =
      mode === 'create' && meta.data
        ? ownOwnerField(meta.data.schema, viewerOf(viewerSession, meta.data, key))
        : undefined;
    if (own && data[own.field] === undefined) data[own.field] = own.user;
    const prefilled = mode === 'create' ? prefillOf(new URLSearchParams(search), model) : {};
    Object.assign(data, prefilled);
    const kept = keepEdits.current ? { ...data, ...keepEdits.current } : undefined;
    setInitial({ for: loadedVersion, model, data, prefilled, ...(kept ? { start: kept } : {}) });
    setFormData(kept ?? data);
    // Edits kept over a new version are the person's own: the form is not untouched.
    interacted.current = keepEdits.current !== undefined;
    keepEdits.current = undefined;
    setServerErrors([]);
  }
  const initialReady = initial !== undefined && initial.for === loadedVersion && initial.model === model;

  const base = `/${module}/${datatype}`;
  // A new record of a type keyed by its person, made by someone who chooses whose (payroll's W-4 for
  // an employee): once chosen, it is that person's record, which may exist already, and whose
  // fields only its owner fills (what their signature attests) this viewer may not set. The screen
  // goes on at the person's address, which shows their record, or a new one, as it is theirs.
  const chooses =
    mode === 'create' && !!meta.data && choosesWhose(meta.data.schema, viewerOf(viewerSession, meta.data, undefined));
  const chosen = chooses ? formData[WHOSE] : undefined;
  useEffect(() => {
    if (typeof chosen !== 'string' || !isUserKey(chosen)) return;
    const start = baseline?.data ?? initial?.data ?? {};
    const edits = Object.fromEntries(Object.entries(formData).filter(([k, v]) => k !== WHOSE && !same(v, start[k])));
    leave.current = true;
    navigate(`${base}/edit/${chosen}`, { replace: true, state: Object.keys(edits).length ? { carried: edits } : null });
    // Only the choice moves the screen; the other values are read as they are when it is made.
  }, [chosen]);
  const submit = useCallback(
    async (data: JsonObject, options?: SubmitOptions) => {
      setSaving(true);
      setServerErrors([]);
      setConflict(undefined);
      try {
        let saved: WireRecord;
        if (mode === 'create') saved = await client.create(module, datatype, data);
        else saved = await client.save(module, datatype, key!, data, isNew ? 0 : record.data?.meta.version);
        queryClient.setQueryData(keys.record(module, datatype, saved.key), saved);
        // A record addressed by its user key may answer a key of its own (a state certificate, kept
        // per employee and state): the screen's own address then holds the saved version too.
        if (mode !== 'create' && key && key !== saved.key)
          queryClient.setQueryData(keys.record(module, datatype, key), saved);
        listsAfterChange(queryClient, module, datatype);
        // The views derived from records (the homes' checklist and pipeline) change with any save.
        void queryClient.invalidateQueries({ queryKey: keys.checklist() });
        void queryClient.invalidateQueries({ queryKey: keys.pipeline() });
        notify({ type: 'positive', message: options?.savedMessage?.(saved) ?? SAVED_MESSAGE });
        const fresh = model ? formDataOf(saved.data, model) : saved.data;
        // After a create the screen goes on as the new record's edit screen, whose form (with the
        // fields a create form hides) starts from the record once the edit model is built.
        if (mode !== 'create') {
          setInitial({ for: `${saved.key}@${saved.meta.version}`, model, data: fresh });
          setFormData(fresh);
          interacted.current = false;
        }
        if (mode === 'create') {
          leave.current = true;
          const edit = !!meta.data?.can.edit;
          const held =
            edit && options?.heldFiles && Object.keys(options.heldFiles).length ? options.heldFiles : undefined;
          navigate(`${base}/${edit ? 'edit' : 'view'}/${saved.key}`, {
            replace: true,
            ...(held ? { state: { heldFiles: held } } : {}),
          });
        }
        return saved;
      } catch (e) {
        const f = e as DataFailure | Error;
        if (isFailure(f, 409) && /version/i.test(f.message)) {
          setConflict(CONFLICT_MESSAGE);
          notify({ type: 'negative', message: CONFLICT_MESSAGE });
        } else if (isFailure(f, 400)) {
          answered.current = data;
          setServerErrors(f.errors);
          notify({ type: 'negative', message: INVALID_MESSAGE });
        } else if (isFailure(f, 409)) {
          // A duplicate (an account with this e-mail): the form is kept; a message that names a field
          // is said once, beside the field and in the summary, and the notice only points there.
          const onFields = f.errors.filter((x) => x.path);
          answered.current = data;
          setServerErrors(onFields);
          notify({ type: 'negative', message: onFields.length ? INVALID_MESSAGE : f.message });
        } else if (isFailure(f, 0)) notify({ type: 'negative', message: NETWORK_MESSAGE });
        else if (isFailure(f, 401)) notify({ type: 'negative', message: SIGNED_OUT_MESSAGE });
        else notify({ type: 'negative', message: f instanceof Error ? f.message : 'The record was not saved.' });
        return undefined;
      } finally {
        setSaving(false);
      }
    },
    [mode, client, module, datatype, key, isNew, record.data, queryClient, notify, model, navigate, base, meta.data],
  );

  const startFor = initial?.for;
  const change = useCallback(
    (d: JsonObject) => {
      if (!interacted.current && startFor) setBaseline({ for: startFor, data: d });
      setFormData(d);
      // The server's answer was about what was sent: once a field changes, its errors are the
      // form's own to find again (or the next Save's), not a stale verdict listed beside the new.
      const sent = answered.current;
      if (sent)
        setServerErrors((errors) => {
          const kept = errors.filter((e) => {
            const field = (e.path ?? '').split('/')[1];
            return !field || same(d[field], sent[field]);
          });
          return kept.length === errors.length ? errors : kept;
        });
    },
    [startFor],
  );
  /** Their change and mine: the latest version with my changed fields on top, to save again. */
  const keepBoth = async () => {
    if (!initial || !model) return;
    const latest = await record.refetch();
    if (!latest.data) return;
    const theirs = formDataOf(latest.data.data, model);
    const merged = keepBothData(initial.data, theirs, formData) as JsonObject;
    const version = `${latest.data.key}@${latest.data.meta.version}`;
    setInitial({ for: version, model, data: theirs, start: merged });
    setBaseline(undefined);
    setFormData(merged);
    interacted.current = true;
    setConflict(undefined);
  };
  const remove = async (): Promise<boolean> => {
    if (!key || !record.data) return false;
    try {
      await client.remove(module, datatype, key, record.data.meta.version);
      leave.current = true;
      queryClient.removeQueries({ queryKey: keys.record(module, datatype, key), exact: true });
      listsAfterChange(queryClient, module, datatype);
      notify({ type: 'positive', message: DELETED_MESSAGE });
      if (meta.data?.can.list && !datatype.startsWith('my_')) navigate(`${base}/list`, { replace: true });
      else navigate('/home', { replace: true });
      return true;
    } catch (e) {
      const f = e as DataFailure | Error;
      if (isFailure(f, 409) && f.message === VERSION_CONFLICT_MESSAGE) {
        setConflict(DELETE_CONFLICT);
        notify({ type: 'negative', message: DELETE_CONFLICT });
      } else if (isFailure(f, 404)) notify({ type: 'negative', message: DELETE_GONE });
      else if (isFailure(f, 403) && f.message === NOT_AUTHORIZED_MESSAGE)
        notify({ type: 'negative', message: DELETE_FORBIDDEN });
      // A rule refused it (time off already taken, a plan still in use, a record kept for retention): its words.
      else if (isFailure(f, 403) || isFailure(f, 409))
        notify({ type: 'negative', message: `Not deleted: ${failureText(f)}` });
      else
        notify({
          type: 'negative',
          message: f instanceof Error && f.message ? f.message : 'The record was not deleted.',
        });
      return false;
    }
  };
  const actions: RecordActions = {
    change,
    submit,
    remove,
    cancel: () => {
      if (mode === 'edit' && meta.data?.can.read && !isNew) navigate(`${base}/view/${key}`);
      else if (meta.data?.can.list && !datatype.startsWith('my_')) navigate(`${base}/list`);
      else navigate(-1);
    },
    reload: async () => {
      await record.refetch();
      setConflict(undefined);
    },
    fileChanged: async () => {
      const was = initial?.data ?? {};
      keepEdits.current = Object.fromEntries(Object.entries(formData).filter(([k, v]) => !same(v, was[k])));
      listsAfterChange(queryClient, module, datatype);
      await record.refetch();
    },
    keepBoth,
    interact: () => (interacted.current = true),
    allowLeave: () => (leave.current = true),
    leaveAllowed: () => leave.current,
  };

  // While the form holds changes of the person's own, they are kept for this address (./drafts.ts);
  // none, and nothing is. Leaving the screen while signed in (a save, a cancel, a confirmed leave,
  // signing out) lets them go; a sign-in ending under it keeps them for the next one.
  const isDirty =
    mode !== 'view' &&
    initialReady &&
    unsaved(
      formData,
      baseline && baseline.for === initial?.for && !initial.start ? baseline.data : initial?.data,
      fileNames,
    );
  useEffect(() => {
    // Not before the form has started from the record and the draft was read.
    if (!draft || !initialReady || !meta.data || !draftRead.current) return;
    if (isDirty && interacted.current) keepDraft(draft, formData, initial!.data, meta.data.schema);
    else if (!isDirty) dropDraft(draft);
  }, [draft, isDirty, formData, initialReady]);
  useEffect(
    () => () => {
      if (draft && readStoredAuth().token) dropDraft(draft);
    },
    [draft],
  );
  useEffect(() => {
    const back = restored.current;
    if (!back || !initialReady) return;
    restored.current = undefined;
    notify({ type: 'info', message: DRAFT_RESTORED + (back.withoutSensitive ? DRAFT_RESTORED_SENSITIVE : '') });
  }, [initialReady, initial?.for]);

  let state: RecordState;
  if (meta.isError) state = { status: 'error', error: meta.error as DataFailure, retry: () => void meta.refetch() };
  else if (record.isError && !isNew)
    state = { status: 'error', error: record.error as DataFailure, retry: () => void record.refetch() };
  else if (!meta.data || !model || (mode !== 'create' && !record.data && !isNew) || !initialReady)
    state = { status: 'loading' };
  else {
    state = {
      status: 'ready',
      mode,
      meta: meta.data,
      model,
      record: record.data,
      isNew,
      initialData: initial!.start ?? initial!.data,
      // The mode too: after a create the same screen goes on as the edit screen of the new record.
      formKey: `${mode}:${initial!.for}`,
      prefilled: initial!.prefilled ?? {},
      formData,
      dirty: isDirty,
      saving,
      serverErrors,
      conflict,
    };
  }
  return { state, actions };
}
