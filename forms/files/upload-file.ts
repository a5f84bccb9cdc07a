/**
 * One upload of a file field's bytes (PUT /{module}/api/files/{type}/{key}/{field}) with progress
 * and cancel: XMLHttpRequest, because fetch reports no upload progress. The file goes as its own
 * body (streamed by the browser), its name percent-encoded in x-file-name.
 */
import type { FileValue } from '../../engine/files.ts';

export interface UploadRequest {
  url: string;
  headers: Record<string, string>;
  file: File;
  /** Fraction sent, 0 to 1. */
  onProgress(fraction: number): void;
  signal: AbortSignal;
}

/** Why an upload did not store the file: the server's message (413, 415, 403), or the network's. */
export class UploadFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadFailed';
  }
}

export function uploadFile({ url, headers, file, onProgress, signal }: UploadRequest): Promise<FileValue> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total ? e.loaded / e.total : 0);
    xhr.onload = () => {
      let body: { message?: string; errors?: { message: string }[] } & Partial<FileValue> = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      if (xhr.status === 200) return resolve(body as FileValue);
      const detail = body.errors?.[0]?.message;
      reject(new UploadFailed(detail ?? body.message ?? `Upload failed (${xhr.status})`, xhr.status));
    };
    xhr.onerror = () => reject(new UploadFailed('The upload was interrupted. Try again.', 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
