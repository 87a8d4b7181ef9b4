// Sets of search documents as the database keeps them for choosing candidates: for each word of a
// store and the tier of the best field holding it, one row per chunk of 65,536 document ids, whose
// bytes are the documents' offsets in the chunk: sorted 16-bit numbers (little-endian) while there
// are at most 4,095 of them, else a bitset of 8,192 bytes (roaring's two containers). A word held
// by 25,000 of a million documents is 16 rows of about 3 KB; the documents holding every word of a
// query are then worked out here, exactly, whatever their age (docs/decisions/search.md, search-15).
// Pure code: no I/O; the reader and the writer are in adapters/persistence.

/** Document ids per chunk (offsets are 16-bit). */
export const CHUNK_SIZE = 65_536;
/** The largest offset list kept as sorted numbers; above it, a bitset. */
export const ARRAY_MAX = 4_095;
const BITSET_BYTES = CHUNK_SIZE / 8;

export const chunkOf = (docId: number): number => Math.floor(docId / CHUNK_SIZE);
export const offsetOf = (docId: number): number => docId % CHUNK_SIZE;

const isBitset = (bytes: Uint8Array): boolean => bytes.length === BITSET_BYTES;

/** Calls `visit` with each offset of a chunk's bytes, in ascending order. */
export const forEachOffset = (bytes: Uint8Array, visit: (offset: number) => void): void => {
  if (isBitset(bytes)) {
    for (let i = 0; i < BITSET_BYTES; i++) {
      let byte = bytes[i]!;
      while (byte !== 0) {
        const low = byte & -byte;
        visit(i * 8 + (31 - Math.clz32(low)));
        byte ^= low;
      }
    }
    return;
  }
  for (let i = 0; i + 1 < bytes.length; i += 2) visit(bytes[i]! | (bytes[i + 1]! << 8));
};

/** The offsets of a chunk's bytes, ascending. */
export const offsetsOf = (bytes: Uint8Array): number[] => {
  const out: number[] = [];
  forEachOffset(bytes, (offset) => out.push(offset));
  return out;
};

/** The bytes of a chunk holding `offsets` (ascending, distinct); undefined when there are none. */
export const encodeOffsets = (offsets: readonly number[]): Uint8Array | undefined => {
  if (offsets.length === 0) return undefined;
  if (offsets.length > ARRAY_MAX) {
    const bits = new Uint8Array(BITSET_BYTES);
    for (const offset of offsets) bits[offset >> 3]! |= 1 << (offset & 7);
    return bits;
  }
  const out = new Uint8Array(offsets.length * 2);
  for (let i = 0; i < offsets.length; i++) {
    out[2 * i] = offsets[i]! & 0xff;
    out[2 * i + 1] = offsets[i]! >> 8;
  }
  return out;
};

const ascending = (a: number, b: number): number => a - b;

/**
 * A chunk's bytes with offsets added and removed (an offset in both is added); undefined when
 * nothing is left. `bytes` is left as it is.
 */
export const withChanges = (bytes: Uint8Array | undefined, added: readonly number[], removed: readonly number[]): Uint8Array | undefined => {
  const remove = new Set(removed);
  for (const offset of added) remove.delete(offset);
  const add = [...new Set(added)].sort(ascending);
  if (bytes !== undefined && isBitset(bytes)) return bitsetWithChanges(bytes, add, remove);
  const count = bytes === undefined ? 0 : bytes.length / 2;
  const last = count === 0 ? -1 : bytes![bytes!.length - 2]! | (bytes![bytes!.length - 1]! << 8);
  // Documents newer than every one held, nothing removed: a new product's usual case (an import's
  // every batch), the bytes appended.
  if (remove.size === 0 && (add.length === 0 || add[0]! > last) && count + add.length <= ARRAY_MAX) {
    if (add.length === 0) return count === 0 ? undefined : bytes;
    const out = new Uint8Array((count + add.length) * 2);
    if (bytes !== undefined) out.set(bytes);
    for (let k = 0; k < add.length; k++) {
      out[2 * (count + k)] = add[k]! & 0xff;
      out[2 * (count + k) + 1] = add[k]! >> 8;
    }
    return out;
  }
  // A merge of two ascending lists, leaving out what is removed.
  const before = bytes === undefined ? [] : offsetsOf(bytes);
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < add.length) {
    let next: number;
    if (j >= add.length || (i < before.length && before[i]! < add[j]!)) next = before[i++]!;
    else if (i < before.length && before[i] === add[j]) {
      next = before[i++]!;
      j++;
    } else next = add[j++]!;
    if (!remove.has(next)) out.push(next);
  }
  return encodeOffsets(out);
};

/** Bits set in each byte value. */
const BITS_IN = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let x = b; x !== 0; x &= x - 1) n++;
  return n;
});

/** A bitset's bytes with offsets set and cleared in a copy; sorted numbers again when few enough are left. */
const bitsetWithChanges = (bytes: Uint8Array, add: readonly number[], remove: ReadonlySet<number>): Uint8Array | undefined => {
  const bits = Uint8Array.from(bytes);
  for (const offset of add) bits[offset >> 3]! |= 1 << (offset & 7);
  for (const offset of remove) bits[offset >> 3]! &= ~(1 << (offset & 7));
  let count = 0;
  for (let i = 0; i < BITSET_BYTES; i++) count += BITS_IN[bits[i]!]!;
  if (count > ARRAY_MAX) return bits;
  return encodeOffsets(offsetsOf(bits));
};

/**
 * A row's tier code: the best field holding the word (the postings' tiers: name 4, SKU 3, brand,
 * tags and category 2, attributes 1), and for the name its length in words, stop words aside
 * (`NAME_CODES` + length, up to 15), so that among documents holding the same query words in the
 * same fields, those whose names hold fewer other words can be chosen first, as BM25 ranks them.
 */
export const NAME_TIER = 4;
export const NAME_CODES = 16;
export const MAX_NAME_WORDS = 15;
export const tierCode = (tier: number, nameWords: number): number =>
  tier === NAME_TIER ? NAME_CODES + Math.max(1, Math.min(MAX_NAME_WORDS, nameWords)) : tier;
/** The field tier a code stands for. */
const tierOfCode = (code: number): number => (code >= NAME_CODES ? NAME_TIER : code);

/** One stored row: a word's key, its tier code (`tierCode`), the chunk and its bytes. */
export interface BitmapRow {
  readonly termKey: number;
  readonly tier: number;
  readonly chunk: number;
  readonly bits: Uint8Array;
}

export interface ChosenDocuments {
  /** The chosen documents, best first (see `chooseDocuments`). */
  readonly docIds: number[];
  /** Documents holding at least one of the groups' words. */
  readonly holdingAny: number;
  /** Documents holding a word of every group. */
  readonly holdingAll: number;
  /** For each group, the documents holding one of its words. */
  readonly holdingEach: number[];
}

/** Query words counted in a document's order of choice; more are left out of it. */
export const MAX_GROUPS = 12;
/** Name lengths told apart in the order of choice (longer ones count as this). */
const LENGTHS = MAX_NAME_WORDS + 1;

// Scratch space of `chooseDocuments` (synchronous, so one set serves every call): each is left
// zeroed where it was written.
const bestTier = new Uint8Array(CHUNK_SIZE);
const nameWords = new Uint8Array(CHUNK_SIZE);
const held = new Uint8Array(CHUNK_SIZE);
const tierSum = new Uint16Array(CHUNK_SIZE);
const groupTouched = new Int32Array(CHUNK_SIZE);
const touched = new Int32Array(CHUNK_SIZE);

/**
 * Adds one row's documents to the current group (`bestTier`, `nameWords`, `groupTouched`) and
 * answers how many documents the group has touched. With `newcomers` false, a document no earlier
 * group held can no longer be chosen: it is only counted (`countOnly`), not followed. Written as
 * plain loops over the bytes (a callback per document was most of a search's CPU at a million
 * products).
 */
const addRow = (bits: Uint8Array, tier: number, length: number, nGroup: number, newcomers: boolean): number => {
  if (isBitset(bits)) {
    for (let i = 0; i < BITSET_BYTES; i++) {
      let byte = bits[i]!;
      while (byte !== 0) {
        const low = byte & -byte;
        const offset = i * 8 + (31 - Math.clz32(low));
        byte ^= low;
        if (!newcomers && held[offset] === 0) {
          countOnly(offset);
          continue;
        }
        const was = bestTier[offset]!;
        if (was === 0) groupTouched[nGroup++] = offset;
        if (tier > was) bestTier[offset] = tier;
        if (length > 0) nameWords[offset] = length;
      }
    }
    return nGroup;
  }
  for (let i = 0; i + 1 < bits.length; i += 2) {
    const offset = bits[i]! | (bits[i + 1]! << 8);
    if (!newcomers && held[offset] === 0) {
      countOnly(offset);
      continue;
    }
    const was = bestTier[offset]!;
    if (was === 0) groupTouched[nGroup++] = offset;
    if (tier > was) bestTier[offset] = tier;
    if (length > 0) nameWords[offset] = length;
  }
  return nGroup;
};

// Counts of documents only counted: marks stamped per group and per chunk (no clearing needed).
const groupMark = new Uint32Array(CHUNK_SIZE);
const chunkMark = new Uint32Array(CHUNK_SIZE);
let groupStamp = 0;
let chunkStamp = 0;
let countedInGroup = 0;
let countedInChunk = 0;
const countOnly = (offset: number): void => {
  if (groupMark[offset] === groupStamp) return;
  groupMark[offset] = groupStamp;
  countedInGroup++;
  if (chunkMark[offset] === chunkStamp) return;
  chunkMark[offset] = chunkStamp;
  countedInChunk++;
};
/** New stamps (the marks are cleared when the counter wraps). */
const nextStamp = (stamp: number, marks: Uint32Array): number => {
  if (stamp >= 0xfffffffe) {
    marks.fill(0);
    return 1;
  }
  return stamp + 1;
};

/**
 * The `limit` documents best placed to answer a query, from the rows of its words: a group per
 * query word (its alternatives' keys: the word, its completions and corrections). A document is
 * placed by the number of groups it holds a word of, then by the sum of each such group's best
 * tier (a word in the name above one in the tags), then by the fewest words in its name (when a
 * query word is in it), then newest first: so the documents holding every word come first
 * whatever their age, and age only breaks ties.
 */
export const chooseDocuments = (groups: ReadonlyArray<readonly number[]>, rows: readonly BitmapRow[], limit: number): ChosenDocuments => {
  const used = groups.slice(0, MAX_GROUPS);
  // Which groups a key stands for (an alternative may be shared by two query words).
  const groupsOf = new Map<number, number[]>();
  used.forEach((keys, g) => {
    for (const key of keys) {
      const list = groupsOf.get(key);
      if (list === undefined) groupsOf.set(key, [g]);
      else if (!list.includes(g)) list.push(g);
    }
  });
  // Rows by chunk, the newest chunk first; within a chunk, by group.
  const byChunk = new Map<number, Array<Array<{ tier: number; bits: Uint8Array }>>>();
  for (const row of rows) {
    const owners = groupsOf.get(row.termKey);
    if (owners === undefined) continue;
    let perGroup = byChunk.get(row.chunk);
    if (perGroup === undefined) byChunk.set(row.chunk, (perGroup = used.map(() => [])));
    for (const g of owners) perGroup[g]!.push({ tier: row.tier, bits: row.bits });
  }
  const chunks = [...byChunk.keys()].sort((a, b) => b - a);
  // The rarest groups first: once the documents that can still be chosen hold some groups
  // already, a commoner group only adds to those (its other documents are counted, not followed).
  const size = used.map(() => 0);
  for (const row of rows) for (const g of groupsOf.get(row.termKey) ?? []) size[g]! += row.bits.length;
  const rarestFirst = used.map((_, g) => g).sort((a, b) => size[a]! - size[b]!);
  const span = (NAME_TIER * used.length + 1) * LENGTHS;

  // A place: (groups held × tier sums + tier sum) × name lengths + (shorter names higher).
  const tierSpan = NAME_TIER * used.length + 1;
  const maxPlace = (used.length + 1) * tierSpan * LENGTHS;
  const buckets: Array<number[] | undefined> = new Array(maxPlace);
  const counts = new Float64Array(maxPlace);
  let floor = 0;
  let holdingAny = 0;
  let holdingAll = 0;
  const holdingEach = used.map(() => 0);

  for (const chunk of chunks) {
    const perGroup = byChunk.get(chunk)!;
    let nTouched = 0;
    chunkStamp = nextStamp(chunkStamp, chunkMark);
    countedInChunk = 0;
    // The fewest groups a document must hold to be chosen (those of the lowest place kept).
    const needed = Math.floor(floor / span);
    for (let j = 0; j < rarestFirst.length; j++) {
      const g = rarestFirst[j]!;
      const list = perGroup[g]!;
      if (list.length === 0) continue;
      // A document first met now holds at most the groups from here on.
      const newcomers = used.length - j >= needed;
      groupStamp = nextStamp(groupStamp, groupMark);
      countedInGroup = 0;
      let nGroup = 0;
      for (const { tier: code, bits } of list) nGroup = addRow(bits, tierOfCode(code), code >= NAME_CODES ? code - NAME_CODES : 0, nGroup, newcomers);
      holdingEach[g] += nGroup + countedInGroup;
      for (let i = 0; i < nGroup; i++) {
        const offset = groupTouched[i]!;
        if (held[offset] === 0) touched[nTouched++] = offset;
        held[offset]!++;
        tierSum[offset]! += bestTier[offset]!;
        bestTier[offset] = 0;
      }
    }
    // Newest first within the chunk: a short list sorted, a long one read off the chunk in order
    // (sorting tens of thousands of offsets cost more than walking 65,536).
    holdingAny += countedInChunk;
    let order: Int32Array;
    if (nTouched <= ARRAY_MAX) order = touched.subarray(0, nTouched).sort().reverse();
    else {
      let n = 0;
      for (let offset = CHUNK_SIZE - 1; offset >= 0; offset--) if (held[offset] !== 0) touched[n++] = offset;
      order = touched.subarray(0, n);
    }
    const base = chunk * CHUNK_SIZE;
    for (let i = 0; i < order.length; i++) {
      const offset = order[i]!;
      const groupsHeld = held[offset]!;
      const length = nameWords[offset]!;
      const place = (groupsHeld * tierSpan + tierSum[offset]!) * LENGTHS + (length === 0 ? 0 : LENGTHS - length);
      held[offset] = 0;
      tierSum[offset] = 0;
      nameWords[offset] = 0;
      holdingAny++;
      if (groupsHeld === used.length) holdingAll++;
      if (place < floor) continue;
      counts[place]!++;
      // Older documents of a place that already has `limit` are never chosen.
      const bucket = (buckets[place] ??= []);
      if (bucket.length < limit) bucket.push(base + offset);
    }
    // The lowest place still needed for `limit` documents: places below it are dropped.
    let sum = 0;
    for (let place = maxPlace - 1; place >= floor; place--) {
      sum += counts[place]!;
      if (sum >= limit) {
        for (let p = floor; p < place; p++) {
          buckets[p] = undefined;
          counts[p] = 0;
        }
        floor = place;
        break;
      }
    }
  }
  const docIds: number[] = [];
  for (let place = maxPlace - 1; place >= floor && docIds.length < limit; place--) {
    const bucket = buckets[place];
    if (bucket === undefined) continue;
    for (let i = 0; i < bucket.length && docIds.length < limit; i++) docIds.push(bucket[i]!);
  }
  return { docIds, holdingAny, holdingAll, holdingEach };
};
