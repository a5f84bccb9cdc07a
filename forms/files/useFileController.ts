/**
 * The file field's controller: its state as a discriminated union (empty, chosen file on its way
 * with progress, stored, failed) and its actions (choose, cancel, remove, download, preview).
 * The view (FileField.tsx) only draws it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { accepts, DEFAULT_ACCEPT, isFileValue, type FileValue } from '../../engine/files.ts';
import type { ApiClient } from '../../renderers/api/client.ts';
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
}

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
  if (file.size > rules.maxBytes)
    return `This file is ${sizeText(file.size)}; files here may have at most ${sizeText(rules.maxBytes)}.`;
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
  const [state, setState] = useState<FileState>(stored ? { status: 'stored', value: stored } : { status: 'empty' });
  const abort = useRef<AbortController | undefined>(undefined);
  const [shown, setShown] = useState<Preview>();

  // A new value from the form (the record loaded again) shows unless an upload is running.
  useEffect(() => {
    setState((s) =>
      s.status === 'uploading' ? s : stored ? { status: 'stored', value: stored } : { status: 'empty' },
    );
    // Keyed by content, not by the object identity the form hands down on every render.
  }, [stored?.sha256, stored?.uploaded_time]);

  // Object URLs are released when replaced and when the field goes away.
  useEffect(() => () => void (shown && URL.revokeObjectURL(shown.url)), [shown]);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = useCallback(
    async (file: File) => {
      if (!target || !client) return;
      const refused = precheck(file, rules);
      if (refused) return setState({ status: 'failed', message: refused, value: stored });
      const kind = previewKind(file.type);
      const preview = kind ? { kind, url: URL.createObjectURL(file) } : undefined;
      setShown(preview);
      const ctl = new AbortController();
      abort.current = ctl;
      setState({ status: 'uploading', name: file.name, progress: 0, preview });
      try {
        const v = await uploadFile({
          url: client.filePath(target.module, target.type, target.key, rules.field),
          headers: client.authHeaders(),
          file,
          signal: ctl.signal,
          onProgress: (progress) => setState((s) => (s.status === 'uploading' ? { ...s, progress } : s)),
        });
        setState({ status: 'stored', value: v });
        onStored(v);
        target.changed();
      } catch (e) {
        setShown(undefined);
        if (e instanceof DOMException && e.name === 'AbortError') {
          setState(stored ? { status: 'stored', value: stored } : { status: 'empty' });
          // The server may have put the record's status back: show what it holds now.
          target.changed();
        } else {
          setState({ status: 'failed', message: e instanceof UploadFailed ? e.message : String(e), value: stored });
          target.changed();
        }
      } finally {
        abort.current = undefined;
      }
    },
    [target, client, rules, stored, onStored],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);

  const remove = useCallback(async () => {
    if (!target || !client) return;
    try {
      await client.removeFile(target.module, target.type, target.key, rules.field);
      setShown(undefined);
      setState({ status: 'empty' });
      onStored(undefined);
      target.changed();
    } catch (e) {
      setState({ status: 'failed', message: (e as Error).message, value: stored });
    }
  }, [target, client, rules.field, stored, onStored]);

  /** Opens the stored file through a single-use link (the token never goes into a URL). */
  const download = useCallback(async () => {
    if (!target || !client) return;
    try {
      const { url } = await client.fileDownloadKey(target.module, target.type, target.key, rules.field);
      const a = document.createElement('a');
      a.href = url;
      a.rel = 'noopener';
      a.download = stored?.name ?? '';
      document.body.append(a);
      a.click();
      a.remove();
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
  };
}
