/**
 * The file field's controller: its state as a discriminated union (empty, chosen file on its way
 * with progress, stored, failed) and its actions (choose, cancel, remove, download, preview).
 * The view (FileField.tsx) only draws it.
 */
import { useCallback, useEffect, useState } from 'react';
import { accepts, DEFAULT_ACCEPT, isFileValue, type FileValue } from '../../engine/files.ts';
import type { ApiClient } from '../../renderers/api/client.ts';
import { saveStoredFile } from '../../renderers/api/save-file.ts';
import type { FileTarget } from '../../renderers/contract/record-parts.ts';
import { uploadFile, UploadFailed } from './upload-file.ts';

export type FileState =
  | { status: 'empty' }
  | { status: 'uploading'; name: string; progress: number; preview?: Preview }
  | { status: 'stored'; value: FileValue }
  | { status: 'failed'; message: string; value?: FileValue };

export interface Preview {
  kind: 'image' | 'pdf';
  url: string;
}

export interface FileRules {
  field: string;
  accept: readonly string[];
  maxBytes: number;
  /** The field moves a status of the record (x-file.status): uploading while the bytes travel. */
  tracksStatus?: boolean;
}

/** How often the record is read again while an upload runs, to show the status the server set (ms). */
export const STATUS_POLL_MS = 1500;

/** What an upload under way tells the fields watching it. */
type UploadEvent =
  | { kind: 'progress' }
  | { kind: 'stored'; value: FileValue }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/** An upload under way, kept apart from the field that started it. */
interface Upload {
  name: string;
  progress: number;
  preview?: Preview;
  ctl: AbortController;
  watchers: Set<(e: UploadEvent) => void>;
  /** Cancels the upload once no field has watched it for a moment (the page was left). */
  orphaned?: ReturnType<typeof setTimeout>;
}

/**
 * Uploads under way by field address (module/type/key/field). The record screen draws its form
 * again when it reads a new version of the record (as the server marks it uploading), so the field
 * drawn again picks up the upload its earlier self started instead of losing it.
 */
const uploads = new Map<string, Upload>();

/**
 * The fields shown for each address, told when an upload starts there. A file chosen in a dialog
 * opened before the form was drawn again reaches the input drawn before (FileField keeps listening
 * to it): the upload it starts is the field's drawn now, which shows it.
 */
const starting = new Map<string, Set<(news: FieldNews) => void>>();

/** What a field shown hears of a file chosen for its address: an upload started, or the file refused at once. */
type FieldNews = { kind: 'upload'; upload: Upload } | { kind: 'refused'; message: string };

/**
 * Why the last upload of a field address failed, until the next one starts: the record is read again
 * after a failure (the server put its status back), the form is drawn again, and the field drawn
 * again still says why.
 */
const failures = new Map<string, string>();

/**
 * Fields whose file was just removed, by address, with the time: the Remove button the person
 * pressed is gone, so the focus goes to "choose one" (to attach another), in the field drawn again
 * too when the record is read again and the form replaced; not on a later visit.
 */
const removedAt = new Map<string, number>();
const REFOCUS_MS = 5000;

/** How long an upload outlives the last field watching it before it is cancelled (ms). */
const ORPHAN_MS = 1000;

/** Images and PDFs can be shown; anything else is only downloaded. */
export function previewKind(type: string): Preview['kind'] | undefined {
  if (type === 'application/pdf') return 'pdf';
  if (/^image\/(png|jpeg|gif|webp)$/.test(type)) return 'image';
  return undefined;
}

/** A size for people: 1.2 MB, 340 KB, 12 bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** What a chosen file breaks before it is sent (the server checks again, by content). */
export function precheck(file: File, rules: FileRules): string | undefined {
  if (file.size > rules.maxBytes) {
    // Rounded, a file just over the limit read as the limit itself ("25.0 MB; at most 25.0 MB").
    const [size, limit] =
      sizeText(file.size) === sizeText(rules.maxBytes)
        ? [`${file.size.toLocaleString('en-US')} bytes`, `${rules.maxBytes.toLocaleString('en-US')} bytes`]
        : [sizeText(file.size), sizeText(rules.maxBytes)];
    return `This file is ${size}; files here may have at most ${limit}.`;
  }
  const accept = rules.accept.length ? rules.accept : DEFAULT_ACCEPT;
  if (file.type && !accepts(accept, file.type)) return `Files of type ${file.type} cannot be attached here.`;
  return undefined;
}

export function useFileController(opts: {
  value: unknown;
  rules: FileRules;
  target: FileTarget | undefined;
  client: ApiClient | undefined;
  onStored(value: FileValue | undefined): void;
}) {
  const { value, rules, target, client, onStored } = opts;
  const stored = isFileValue(value) ? value : undefined;
  const address = target ? `${target.module}/${target.type}/${target.key}/${rules.field}` : undefined;
  const [job, setJob] = useState<Upload | undefined>(() => (address ? uploads.get(address) : undefined));
  const [state, setState] = useState<FileState>(() => {
    const failed = address ? failures.get(address) : undefined;
    if (job) return { status: 'uploading', name: job.name, progress: job.progress, preview: job.preview };
    if (failed) return { status: 'failed', message: failed, value: stored };
    return stored ? { status: 'stored', value: stored } : { status: 'empty' };
  });
  const [shown, setShown] = useState<Preview | undefined>(job?.preview);

  // A new value from the form (the record loaded again) shows unless an upload is running, or one
  // failed over the same file (or none): its message stays.
  useEffect(() => {
    setState((s) =>
      s.status === 'uploading' || (s.status === 'failed' && s.value?.sha256 === stored?.sha256)
        ? s
        : stored
          ? { status: 'stored', value: stored }
          : { status: 'empty' },
    );
    // Keyed by content, not by the object identity the form hands down on every render.
  }, [stored?.sha256, stored?.uploaded_time]);

  // Object URLs are released when replaced and when the field goes away (not an upload's preview
  // while the upload runs: the field drawn again shows it).
  useEffect(
    () => () => {
      if (shown && ![...uploads.values()].some((u) => u.preview === shown)) URL.revokeObjectURL(shown.url);
    },
    [shown],
  );

  // An upload started for this address by a field no longer shown (its dialog answered late).
  useEffect(() => {
    if (!address) return;
    const start = (news: FieldNews) => {
      if (news.kind === 'refused') {
        setState((s) => ({
          status: 'failed',
          message: news.message,
          value: s.status === 'stored' ? s.value : undefined,
        }));
        return;
      }
      const { upload } = news;
      setJob(upload);
      setShown(upload.preview);
      setState({ status: 'uploading', name: upload.name, progress: upload.progress, preview: upload.preview });
    };
    const set = starting.get(address) ?? new Set();
    starting.set(address, set);
    set.add(start);
    return () => {
      set.delete(start);
      if (!set.size) starting.delete(address);
    };
  }, [address]);

  // Watches the upload under way, whichever field started it.
  useEffect(() => {
    if (!job) return;
    clearTimeout(job.orphaned);
    const watch = (e: UploadEvent) => {
      if (e.kind === 'progress') {
        setState({ status: 'uploading', name: job.name, progress: job.progress, preview: job.preview });
        return;
      }
      setJob(undefined);
      if (e.kind === 'stored') return setState({ status: 'stored', value: e.value });
      setShown(undefined);
      if (e.kind === 'cancelled') setState(stored ? { status: 'stored', value: stored } : { status: 'empty' });
      else setState({ status: 'failed', message: e.message, value: stored });
    };
    job.watchers.add(watch);
    return () => {
      job.watchers.delete(watch);
      const underWay = [...uploads.values()].includes(job);
      if (underWay && !job.watchers.size) job.orphaned = setTimeout(() => job.ctl.abort(), ORPHAN_MS);
    };
    // `stored` is read when the upload ends; the watcher is the job's, not the value's.
  }, [job]);

  const choose = useCallback(
    async (file: File) => {
      if (!target || !client || !address) return;
      removedAt.delete(address);
      const refused = precheck(file, rules);
      if (refused) {
        setState({ status: 'failed', message: refused, value: stored });
        starting.get(address)?.forEach((start) => start({ kind: 'refused', message: refused }));
        return;
      }
      const kind = previewKind(file.type);
      const preview = kind ? { kind, url: URL.createObjectURL(file) } : undefined;
      setShown(preview);
      const upload: Upload = { name: file.name, progress: 0, preview, ctl: new AbortController(), watchers: new Set() };
      const tell = (e: UploadEvent) => upload.watchers.forEach((w) => w(e));
      uploads.set(address, upload);
      failures.delete(address);
      setJob(upload);
      setState({ status: 'uploading', name: file.name, progress: 0, preview });
      starting.get(address)?.forEach((start) => start({ kind: 'upload', upload }));
      // The server marks the record as uploading once it takes the upload: read it again while
      // the bytes travel, so the form and the lists show that status rather than the one before.
      const poll = rules.tracksStatus ? setInterval(() => target.changed(), STATUS_POLL_MS) : undefined;
      try {
        const v = await uploadFile({
          url: client.filePath(target.module, target.type, target.key, rules.field),
          headers: client.authHeaders(),
          file,
          signal: upload.ctl.signal,
          onProgress: (progress) => {
            upload.progress = progress;
            tell({ kind: 'progress' });
          },
        });
        uploads.delete(address);
        tell({ kind: 'stored', value: v });
        onStored(v);
      } catch (e) {
        uploads.delete(address);
        if (e instanceof DOMException && e.name === 'AbortError') tell({ kind: 'cancelled' });
        else {
          const message = e instanceof UploadFailed ? e.message : String(e);
          failures.set(address, message);
          tell({ kind: 'failed', message });
        }
      } finally {
        clearInterval(poll);
        // The record has a new version (or the server put its status back): show what it holds now.
        target.changed();
      }
    },
    [target, client, address, rules, stored, onStored],
  );

  const cancel = useCallback(() => job?.ctl.abort(), [job]);

  const remove = useCallback(async () => {
    if (!target || !client) return;
    try {
      await client.removeFile(target.module, target.type, target.key, rules.field);
      if (address) removedAt.set(address, Date.now());
      setShown(undefined);
      setState({ status: 'empty' });
      onStored(undefined);
      target.changed();
    } catch (e) {
      setState({ status: 'failed', message: (e as Error).message, value: stored });
    }
  }, [target, client, address, rules.field, stored, onStored]);

  /** Whether the field should take the focus now: its file was removed a moment ago. */
  const focusAfterRemoval = useCallback(() => {
    const at = address ? removedAt.get(address) : undefined;
    if (at === undefined) return false;
    if (Date.now() - at > REFOCUS_MS) {
      removedAt.delete(address!);
      return false;
    }
    return true;
  }, [address]);

  /** Opens the stored file through a single-use link (the token never goes into a URL). */
  const download = useCallback(async () => {
    if (!target || !client) return;
    try {
      await saveStoredFile(client, target, rules.field, stored);
    } catch (e) {
      setState({ status: 'failed', message: (e as Error).message, value: stored });
    }
  }, [target, client, rules.field, stored]);

  /** Shows the stored image or PDF, fetched with the session's headers into an object URL. */
  const preview = useCallback(async () => {
    if (!target || !client || !stored) return;
    const kind = previewKind(stored.type);
    if (!kind) return;
    try {
      const blob = await client.file(target.module, target.type, target.key, rules.field);
      setShown({ kind, url: URL.createObjectURL(new Blob([blob], { type: stored.type })) });
    } catch (e) {
      setState({ status: 'failed', message: (e as Error).message, value: stored });
    }
  }, [target, client, rules.field, stored]);

  return {
    state,
    shown,
    canPreview: !!stored && !!previewKind(stored.type),
    choose,
    cancel,
    remove,
    download,
    preview,
    focusAfterRemoval,
  };
}
