/**
 * Where a file's bytes live, behind a small interface: the disk store under DATA_DIR (the default,
 * ./disk-blob-store.ts) and an S3-compatible store for deployments (./s3-blob-store.ts). Blobs are
 * content-addressed (the id is the SHA-256 of the bytes stored) and kept per organization, so one
 * company's blob is never addressed from another's. Which records point at a blob is the server's
 * bookkeeping (./references.ts), not the store's.
 */
import type { Readable } from 'node:stream';

/** Bytes written to a temporary place, not yet visible under their id. */
export interface StagedBlob {
  /** Hex SHA-256 of the bytes staged. */
  id: string;
  size: number;
  /** Makes the blob visible under its id (atomically: whole or not at all). */
  keep(): Promise<void>;
  /** Drops the staged bytes. */
  discard(): Promise<void>;
}

export interface BlobStore {
  /**
   * Streams the source into a temporary place, hashing as it goes; memory stays bounded whatever
   * the size. A source that throws (too large, wrong type, aborted) leaves nothing behind.
   */
  stage(org: string, source: AsyncIterable<Uint8Array>): Promise<StagedBlob>;
  /** The blob's bytes as a stream; BlobMissing when there is none. */
  open(org: string, id: string): Promise<Readable>;
  /** Deletes the blob; a missing one is no error. */
  remove(org: string, id: string): Promise<void>;
  /** Whether the blob exists (tests, the sweep). */
  has(org: string, id: string): Promise<boolean>;
  /** Every blob of every organization, with when it was last written (ms since the epoch): the sweep's walk. */
  list(): AsyncIterable<ListedBlob>;
}

export interface ListedBlob {
  org: string;
  id: string;
  modified: number;
}

/** Staged bytes untouched this long (ms) belong to an upload that stopped: a start removes them. */
export const ABANDONED_MS = 3_600_000;

export class BlobMissing extends Error {
  constructor(org: string, id: string) {
    super(`blob store: no blob ${id} in ${org}`);
    this.name = 'BlobMissing';
  }
}

export const ORG = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ID = /^[0-9a-f]{64}$/;

/** The object name of a blob, `<org>/<first two hex>/<id>`, after checking both parts' shapes. */
export function blobName(org: string, id: string): string {
  if (!ORG.test(org) || !ID.test(id)) throw new Error(`blob store: bad blob address ${org}/${id}`);
  return `${org}/${id.slice(0, 2)}/${id}`;
}
