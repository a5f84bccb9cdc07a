/**
 * The records of a checksum-verified snapshot file as they were read: the file's text in a few
 * large strings, and per record only numbers in typed arrays (where its line is, its organization,
 * where its key is) with an open-addressing hash table over the keys. Loading 100k employees this
 * way takes no JavaScript object or string per record: half the time of a Map of texts and ~35 MiB
 * less memory (measured on the bench's 57 MB file), and V8's young generation, which grows with
 * every byte that survives it, stays small.
 *
 * A table only shrinks: a record written after the load lives in the collection's maps, and its
 * slot here is marked (replaced or gone) so that the text is never served again.
 *
 * A sealed table can be saved as an index file (`toIndexFile`) and rebuilt from it over the same
 * text (`restore`): a later start then reads the snapshot's text but goes through none of its lines.
 */
import { crc32 } from 'node:zlib';
import { lineHead } from './lazy-record.ts';

/** What a slot holds: its text, a newer record kept by the collection, or nothing. */
export const Slot = { Text: 0, Replaced: 1, Gone: 2 } as const;
export type SlotState = (typeof Slot)[keyof typeof Slot];

const KEY_INFIX = '","key":"';
const DATA_INFIX = '","data":{';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class TextTable {
  private readonly texts: string[] = [];
  private count = 0;
  private chunkOf!: Uint32Array;
  private lineStart!: Uint32Array;
  private lineEnd!: Uint32Array;
  private keyStart!: Uint32Array;
  private keyEnd!: Uint32Array;
  private orgOf!: Uint32Array;
  private state!: Uint8Array;
  private readonly orgs: string[] = [];
  private readonly orgIds = new Map<string, number>();
  private lastOrg = -1;
  /** Slot + 1 per hash bucket, 0 = empty; built by `seal`. */
  private buckets = new Int32Array(0);
  /** Each organization's slots, in file order; built by `seal`. */
  private readonly slotsByOrg = new Map<string, Uint32Array>();
  /** Matches the start of a line of this collection up to its data (lazy-record.ts's recordText). */
  private readonly linePattern: RegExp;
  private readonly headLength: number;

  /**
   * `expectedLines`, an upper bound, sizes the arrays once: growing them on the way costs more than
   * the untouched memory of a generous bound (allocated zeroed pages take no memory until written).
   */
  constructor(
    readonly collection: string,
    expectedLines = 1024,
  ) {
    this.allocate(Math.max(16, expectedLines));
    const head = lineHead(collection);
    this.headLength = head.length;
    this.linePattern = new RegExp(
      `${escapeRegExp(head)}[^"\\\\]+${escapeRegExp(KEY_INFIX)}[^"\\\\]+${escapeRegExp(DATA_INFIX)}`,
      'y',
    );
  }

  get size(): number {
    return this.count;
  }

  get chunkCount(): number {
    return this.texts.length;
  }

  /** The strings the lines are slices of, as `addChunk` received them. */
  chunks(): readonly string[] {
    return this.texts;
  }

  /**
   * Adds the line `text[start, end)`, `text` being the string added last with `addChunk`; false (and
   * nothing added) when the line does not start the way lazy-record.ts's `recordText` writes one
   * or its organization or key holds an escape: the caller parses that line instead.
   */
  addLine(text: string, start: number, end: number): boolean {
    // One sticky regular expression checks the whole start of the line, escapes included: at a few
    // thousand records this runs before V8 has optimized it, where every JavaScript operation counts.
    const pattern = this.linePattern;
    pattern.lastIndex = start;
    if (!pattern.test(text) || pattern.lastIndex > end) return false;
    const keyEnd = pattern.lastIndex - DATA_INFIX.length;
    const orgStart = start + this.headLength;
    const orgEnd = text.indexOf('"', orgStart);
    const keyStart = orgEnd + KEY_INFIX.length;
    // Consecutive records mostly share their organization: no string is made for it then.
    const last = this.orgs.length - 1;
    let orgId = this.lastOrg;
    if (orgId < 0 || orgEnd - orgStart !== this.orgs[orgId].length || !text.startsWith(this.orgs[orgId], orgStart)) {
      const org = text.slice(orgStart, orgEnd);
      orgId = this.orgIds.get(org) ?? -1;
      if (orgId < 0) {
        orgId = last + 1;
        this.orgs.push(org);
        this.orgIds.set(org, orgId);
      }
      this.lastOrg = orgId;
    }
    if (this.count === this.state.length) this.grow();
    const slot = this.count++;
    this.chunkOf[slot] = this.texts.length - 1;
    this.lineStart[slot] = start;
    this.lineEnd[slot] = end;
    this.keyStart[slot] = keyStart;
    this.keyEnd[slot] = keyEnd;
    this.orgOf[slot] = orgId;
    return true;
  }

  /** The string the next lines are slices of; it is kept, so no line is ever copied. */
  addChunk(text: string): void {
    this.texts.push(text);
  }

  /**
   * Builds the key hash and the per-organization lists once every line is in. A key listed twice
   * (a file edited by hand) keeps its last line, as a JSON parse of the file would.
   */
  seal(): void {
    const count = this.count;
    const mask = 2 ** Math.ceil(Math.log2(Math.max(2, count * 2))) - 1;
    const buckets = new Int32Array(mask + 1);
    // Fields in locals, the hash inline: this loop runs once per record, mostly before V8 has
    // optimized it, where each property read and call costs (5k users: about 10 ms down to 4).
    const { texts: chunks, chunkOf, keyStart, keyEnd, state } = this;
    for (let slot = 0; slot < count; slot++) {
      const text = chunks[chunkOf[slot]];
      const from = keyStart[slot];
      const to = keyEnd[slot];
      let hash = to - from;
      for (let i = to - HASHED_CHARS > from ? to - HASHED_CHARS : from; i < to; i++) {
        hash = (hash * 31 + text.charCodeAt(i)) | 0;
      }
      let bucket = hash & mask;
      for (;;) {
        const other = buckets[bucket] - 1;
        if (other < 0) break;
        // Equal hashes of different keys are rare: a string for the comparison is fine there.
        if (this.sameKey(other, text.slice(from, to))) {
          state[other] = Slot.Gone;
          break;
        }
        bucket = (bucket + 1) & mask;
      }
      buckets[bucket] = slot + 1;
    }
    this.buckets = buckets;
    this.allocate(this.count);
    this.listByOrg();
  }

  /** Each organization's slots, in file order. */
  private listByOrg(): void {
    const { count, orgOf } = this;
    const counts = new Uint32Array(this.orgs.length);
    for (let slot = 0; slot < count; slot++) counts[orgOf[slot]]++;
    const lists = Array.from(counts, (n) => new Uint32Array(n));
    const filled = new Uint32Array(this.orgs.length);
    for (let slot = 0; slot < count; slot++) {
      const org = orgOf[slot];
      lists[org][filled[org]++] = slot;
    }
    this.orgs.forEach((org, id) => this.slotsByOrg.set(org, lists[id]));
  }

  /**
   * The sealed table as an index file (see `restore`): what a later start needs to skip reading the
   * snapshot line by line. `snapshot` names the snapshot it was read from; `extra` holds
   * (chunk, start, end) of the lines the table did not take, which the reader parsed.
   */
  toIndexFile(snapshot: SnapshotId, extra: readonly number[]): Buffer {
    const orgsJson = Buffer.from(JSON.stringify(this.orgs), 'utf8');
    const words = [
      INDEX_MAGIC,
      INDEX_VERSION,
      snapshot.size % 2 ** 32,
      Math.floor(snapshot.size / 2 ** 32),
      snapshot.crc,
      this.texts.length,
      this.count,
      this.buckets.length,
      orgsJson.length,
      extra.length,
    ];
    const parts: Uint8Array[] = [
      new Uint8Array(Uint32Array.from(words).buffer),
      new Uint8Array(Uint32Array.from(this.texts, (chunk) => chunk.length).buffer),
    ];
    for (const array of [this.chunkOf, this.lineStart, this.lineEnd, this.keyStart, this.keyEnd, this.orgOf]) {
      parts.push(new Uint8Array(array.buffer, array.byteOffset, this.count * 4));
    }
    parts.push(new Uint8Array(this.buckets.buffer, this.buckets.byteOffset, this.buckets.byteLength));
    parts.push(new Uint8Array(Uint32Array.from(extra).buffer));
    parts.push(padded(this.state.subarray(0, this.count)), padded(orgsJson));
    const body = Buffer.concat(parts);
    const tail = Buffer.alloc(4);
    tail.writeUInt32LE(crc32(body));
    return Buffer.concat([body, tail]);
  }

  /**
   * The table an index file describes, over `chunks` (the snapshot's text as `addChunk` received
   * it), with the lines it did not take; undefined when the file is not an intact index of exactly
   * this snapshot read into exactly these chunks. Nothing is trusted before all of that is checked.
   */
  static restore(
    collection: string,
    chunks: readonly string[],
    file: Buffer,
    snapshot: SnapshotId,
  ): { table: TextTable; extra: Uint32Array } | undefined {
    if (file.length < 48 || file.length % 4 !== 0) return undefined;
    if (crc32(file.subarray(0, file.length - 4)) !== file.readUInt32LE(file.length - 4)) return undefined;
    // Views need 4-byte alignment, which a Buffer from the pool may not have.
    const bytes = file.byteOffset % 4 === 0 ? file : Buffer.from(file);
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    const [magic, version, sizeLow, sizeHigh, crc, chunkCount, count, bucketCount, orgsBytes, extraCount] = words;
    if (magic !== INDEX_MAGIC || version !== INDEX_VERSION || crc !== snapshot.crc) return undefined;
    if (sizeLow + sizeHigh * 2 ** 32 !== snapshot.size || chunkCount !== chunks.length) return undefined;
    const expected = 10 + chunkCount + 6 * count + bucketCount + extraCount + Math.ceil(count / 4);
    if (extraCount % 3 !== 0 || expected + Math.ceil(orgsBytes / 4) + 1 !== words.length) return undefined;
    let at = 10;
    const take = (n: number) => words.subarray(at, (at += n));
    const lengths = take(chunkCount);
    for (let i = 0; i < chunkCount; i++) if (lengths[i] !== chunks[i].length) return undefined;
    const table = new TextTable(collection, 0);
    table.texts.push(...chunks);
    table.count = count;
    table.chunkOf = take(count);
    table.lineStart = take(count);
    table.lineEnd = take(count);
    table.keyStart = take(count);
    table.keyEnd = take(count);
    table.orgOf = take(count);
    table.buckets = new Int32Array(take(bucketCount));
    const extra = take(extraCount);
    table.state = new Uint8Array(bytes.buffer, bytes.byteOffset + at * 4, count).slice();
    at += Math.ceil(count / 4);
    const orgsAt = bytes.byteOffset + at * 4;
    table.orgs.push(...(JSON.parse(Buffer.from(bytes.buffer, orgsAt, orgsBytes).toString('utf8')) as string[]));
    table.orgs.forEach((org, id) => table.orgIds.set(org, id));
    table.listByOrg();
    return { table, extra };
  }

  /** The slot of `key`, whatever its state, or -1. */
  slotOf(key: string): number {
    const size = this.buckets.length;
    if (size === 0) return -1;
    let bucket = hashOf(key) & (size - 1);
    for (;;) {
      const slot = this.buckets[bucket] - 1;
      if (slot < 0) return -1;
      if (this.sameKey(slot, key)) return slot;
      bucket = (bucket + 1) & (size - 1);
    }
  }

  stateOf(slot: number): SlotState {
    return this.state[slot] as SlotState;
  }

  setState(slot: number, state: SlotState): void {
    this.state[slot] = state;
  }

  text(slot: number): string {
    return this.texts[this.chunkOf[slot]].slice(this.lineStart[slot], this.lineEnd[slot]);
  }

  key(slot: number): string {
    return this.texts[this.chunkOf[slot]].slice(this.keyStart[slot], this.keyEnd[slot]);
  }

  org(slot: number): string {
    return this.orgs[this.orgOf[slot]];
  }

  /** `org`'s slots in file order (every state), or an empty list. */
  slotsOf(org: string): Uint32Array {
    return this.slotsByOrg.get(org) ?? EMPTY;
  }

  /** The organizations that have slots. */
  organizations(): readonly string[] {
    return this.orgs;
  }

  private sameKey(slot: number, key: string): boolean {
    const start = this.keyStart[slot];
    return this.keyEnd[slot] - start === key.length && this.texts[this.chunkOf[slot]].startsWith(key, start);
  }

  private grow(): void {
    this.allocate(this.state.length * 2);
  }

  /**
   * Arrays of `capacity` slots holding the slots filled so far: grown while lines are added, and
   * cut to the count once the table is complete.
   */
  private allocate(capacity: number): void {
    const count = Math.min(this.count, capacity);
    const next = <T extends Uint32Array | Uint8Array>(old: T | undefined, array: T): T => {
      if (old !== undefined && count > 0) array.set(old.subarray(0, count));
      return array;
    };
    this.chunkOf = next(this.chunkOf, new Uint32Array(capacity));
    this.lineStart = next(this.lineStart, new Uint32Array(capacity));
    this.lineEnd = next(this.lineEnd, new Uint32Array(capacity));
    this.keyStart = next(this.keyStart, new Uint32Array(capacity));
    this.keyEnd = next(this.keyEnd, new Uint32Array(capacity));
    this.orgOf = next(this.orgOf, new Uint32Array(capacity));
    this.state = next(this.state, new Uint8Array(capacity));
  }
}

const EMPTY = new Uint32Array(0);

/** Which snapshot file an index file was made from: its size and its CRC-32. */
export interface SnapshotId {
  size: number;
  crc: number;
}

/** "DFIX", and the layout's version: an index file of another layout is rebuilt, not read. */
const INDEX_MAGIC = 0x58494644;
const INDEX_VERSION = 1;

/** The bytes, zero-padded to a multiple of 4. */
function padded(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  out.set(bytes);
  return out;
}

/** How many characters of a key (its end: the random part of a UUID) the hash reads. */
const HASHED_CHARS = 8;

/** The hash `seal` computes inline for the keys of the table. */
function hashOf(key: string): number {
  let hash = key.length;
  for (let i = key.length > HASHED_CHARS ? key.length - HASHED_CHARS : 0; i < key.length; i++) {
    hash = (hash * 31 + key.charCodeAt(i)) | 0;
  }
  return hash;
}
