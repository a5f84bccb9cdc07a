/**
 * Saving what the server or the page made as a file on the person's machine: one anchor with
 * `download`, clicked and removed. A stored file is fetched through a single-use link (the session's
 * token never goes into a URL) and saved under the name of what it is (engine/files.ts
 * `nameForType`): a same-site link's `download` name wins over the server's header, so a file stored
 * as `bonus.html` before names followed types would otherwise be saved as a web page.
 */
import { nameForType, type FileValue } from '../../engine/files.ts';
import type { ApiClient } from './client.ts';

/** Has the browser save what `url` answers, under `name`. */
export function saveFrom(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** A record's stored file, saved through a single-use link under the name of its type. */
export async function saveStoredFile(
  client: ApiClient,
  target: { module: string; type: string; key: string },
  field: string,
  file: FileValue | undefined,
): Promise<void> {
  const { url } = await client.fileDownloadKey(target.module, target.type, target.key, field);
  saveFrom(url, file ? nameForType(file.name, file.type) : '');
}
