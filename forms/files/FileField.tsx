/**
 * The file field of a form ("ui:field": "file", on an x-file property): drop a file or choose one,
 * a progress bar while it uploads (with Cancel), a preview of images and PDFs, Download and Remove
 * once stored. The file is uploaded to the stored record at once (its own call, not the form's
 * Save); before the record exists it is held (FormContext.heldFiles) and uploaded once Save has
 * stored the record.
 */
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { errorId, type FieldProps } from '@rjsf/utils';
import { DEFAULT_ACCEPT, DEFAULT_MAX_BYTES } from '../../engine/files.ts';
import type { FormContext } from '../../renderers/contract/record-parts.ts';
import { useOptionalServices } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { precheck, sizeText, useFileController, type FileRules } from './useFileController.ts';

interface XFile {
  accept?: string[];
  maxBytes?: number;
  status?: unknown;
}

/** File inputs already listened to (a callback ref runs again on each render). */
const listened = new WeakSet<HTMLInputElement>();

export function FileField(props: FieldProps) {
  useFormsStyles();
  const { formData, onChange, fieldPathId, schema, readonly, disabled, name, registry, rawErrors } = props;
  // A message at the field (the server refused the file, or the form's check): the drop zone is
  // marked invalid and described by it.
  const invalid = (rawErrors ?? []).some(Boolean);
  const x = (schema['x-file'] ?? {}) as XFile;
  const rules: FileRules = {
    field: name,
    accept: x.accept ?? DEFAULT_ACCEPT,
    maxBytes: x.maxBytes ?? DEFAULT_MAX_BYTES,
    tracksStatus: x.status !== undefined,
  };
  const ctx = registry.formContext as FormContext | undefined;
  const target = ctx?.files;
  const held = !target && ctx?.heldFiles?.open ? ctx.heldFiles : undefined;
  const client = useOptionalServices()?.client;
  const c = useFileController({
    value: formData,
    rules,
    target,
    client,
    onStored: (v) => onChange(v, fieldPathId.path),
  });
  // Before the record exists a file chosen is held for the Save (checked now as an upload would be).
  const [waiting, setWaiting] = useState<File | undefined>(() => held?.get(name));
  const [refused, setRefused] = useState<string>();
  const hold = useCallback(
    async (file: File | undefined) => {
      const why = file && precheck(file, rules);
      setRefused(why);
      if (why) return;
      ctx?.heldFiles?.set(name, file);
      setWaiting(file);
    },
    [ctx?.heldFiles, name, rules],
  );
  // The record stored now, a file held for it goes up at once (taken, so that it goes once), and so
  // does one held afterwards by the create screen's field (its file dialog answered late).
  const heldFiles = ctx?.heldFiles;
  const chooseNow = useRef(c.choose);
  chooseNow.current = c.choose;
  useEffect(() => {
    if (!target || !heldFiles) return;
    const take = () => {
      const file = heldFiles.get(name);
      if (!file) return;
      heldFiles.set(name, undefined);
      setWaiting(undefined);
      void chooseNow.current(file);
    };
    take();
    return heldFiles.subscribe(take);
  }, [target, heldFiles, name]);
  const input = useRef<HTMLInputElement | null>(null);
  // The file dialog answers the input that opened it, even once the form has been drawn again
  // (after a save or a refusal the record's version changes and the form, keyed by it, is replaced):
  // React no longer hears an input taken off the page, so each input is listened to directly, and
  // hands its file to the latest choose, whose upload the field drawn now shows.
  const chooseLatest = useRef(c.choose);
  chooseLatest.current = held ? hold : c.choose;
  const listenTo = useCallback((el: HTMLInputElement | null) => {
    input.current = el;
    if (!el || listened.has(el)) return;
    listened.add(el);
    el.addEventListener('change', () => {
      const file = el.files?.[0];
      el.value = '';
      if (file) void chooseLatest.current(file);
    });
  }, []);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [over, setOver] = useState(false);
  const hint = useId();
  const locked = !!(readonly || disabled);
  const title = schema.title ?? name;
  const s = c.state;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !locked) void chooseLatest.current(file);
  };

  const stored = s.status === 'stored' ? s.value : s.status === 'failed' ? s.value : undefined;
  // Remove took its own button away: the focus goes on to "choose one" rather than to the page,
  // here and in the field drawn again once the record is read again (where it would start over).
  const { focusAfterRemoval } = c;
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!stored && chooseButton.current && lost && focusAfterRemoval()) chooseButton.current.focus();
  });
  // The buttons have ids of their own: when the record is read again (a new version) and the form is
  // drawn anew, the record screen gives the focus back to the one that had it (Cancel, mid-upload).
  return (
    <div className="file-field" id={fieldPathId.$id}>
      <span className="file-field__label">{title}</span>
      {stored && (
        <div className="file-field__stored">
          <span className="file-field__name">{stored.name}</span>{' '}
          <span className="file-field__meta">
            {sizeText(stored.size)} · {stored.type}
          </span>
          <div className="file-field__actions">
            <button type="button" id={`${fieldPathId.$id}__download`} onClick={() => void c.download()}>
              Download
            </button>
            {c.canPreview && (
              <button type="button" id={`${fieldPathId.$id}__preview`} onClick={() => void c.preview()}>
                Preview
              </button>
            )}
            {!locked && (
              <button type="button" id={`${fieldPathId.$id}__remove`} onClick={() => void c.remove()}>
                Remove
              </button>
            )}
          </div>
        </div>
      )}
      {s.status === 'uploading' && (
        <div className="file-field__progress">
          <span>Uploading {s.name}…</span>
          <progress max={1} value={s.progress} aria-label={`Uploading ${s.name}`} />
          <span>{Math.round(s.progress * 100)}%</span>
          <button type="button" id={`${fieldPathId.$id}__cancel`} onClick={c.cancel} aria-label="Cancel upload">
            Cancel
          </button>
        </div>
      )}
      {s.status === 'failed' && (
        <p className="file-field__error" role="alert">
          {s.message}
        </p>
      )}
      {held && waiting && (
        <div className="file-field__stored">
          <span className="file-field__name">{waiting.name}</span>{' '}
          <span className="file-field__meta">{sizeText(waiting.size)} · attached when you save</span>
          {!locked && (
            <div className="file-field__actions">
              <button type="button" id={`${fieldPathId.$id}__remove`} onClick={() => void hold(undefined)}>
                Remove
              </button>
            </div>
          )}
        </div>
      )}
      {held && refused && (
        <p className="file-field__error" role="alert">
          {refused}
        </p>
      )}
      {!locked && !target && !held && <p className="file-field__hint">Save the record first, then attach the file.</p>}
      {!locked && (target || held) && s.status !== 'uploading' && (
        <div
          className={`file-field__drop${over ? ' file-field__drop--over' : ''}`}
          role="group"
          aria-label={`Drop a file for ${title}`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${errorId(fieldPathId)} ${hint}` : hint}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <span id={hint}>
            Drop a file here or{' '}
            <button
              type="button"
              ref={chooseButton}
              id={`${fieldPathId.$id}__choose`}
              className="file-field__choose"
              onClick={() => input.current?.click()}
            >
              choose one
            </button>{' '}
            (at most {sizeText(rules.maxBytes)})
          </span>
          <input
            ref={listenTo}
            type="file"
            hidden
            aria-describedby={hint}
            aria-label={`${stored || waiting ? 'Replace' : 'Attach'} ${title}`}
            accept={rules.accept.join(',')}
          />
        </div>
      )}
      {c.shown?.kind === 'image' && (
        <img className="file-field__preview" src={c.shown.url} alt={`Preview of ${title}`} />
      )}
      {c.shown?.kind === 'pdf' && (
        <iframe className="file-field__preview" src={c.shown.url} title={`Preview of ${title}`} />
      )}
    </div>
  );
}
