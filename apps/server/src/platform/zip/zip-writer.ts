import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file of an archive: its bytes are read once, in order, as the archive is read. */
export interface ZipEntry {
  /** The name inside the archive, already safe (see unique-entry-names.ts); stored as UTF-8. */
  name: string;
  source: Readable;
  /** Stored as the entry's DOS time; the time of writing when omitted. */
  date?: Date;
  /**
   * The size when known in advance. Unknown, or 4 GiB and over: the local header announces ZIP64
   * sizes, because a streamed entry must say before its bytes how its data descriptor is shaped.
   */
  bytes?: number;
}

export interface ZipOptions {
  /** ZIP64 extra fields on every entry and the ZIP64 end records even for a small archive (tests). */
  forceZip64?: boolean;
}

/** The archive's chunks stay as read: big reads (1 MiB) pass through, headers are small. */
const ZIP_HIGH_WATER_MARK = 1024 * 1024;

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
const ZIP64_EXTRA = 0x0001;
/** 0xFFFFFFFF and 0xFFFF are the "see the ZIP64 record" markers, so those values themselves need ZIP64. */
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Bit 3: sizes and CRC follow the data (streaming). Bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const STORED = 0;
const VERSION_PLAIN = 20;
const VERSION_ZIP64 = 45;
/** Made on Unix (high byte 3), so the external attributes below are read as a file's mode. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = (0o100644 << 16) >>> 0;
/** Central directory records are sent in batches about this big, not one small write per photo. */
const CENTRAL_BATCH_BYTES = 64 * 1024;

interface Written {
  name: Buffer;
  time: number;
  date: number;
  crc: number;
  size: number;
  offset: number;
  zip64Local: boolean;
}

/** MS-DOS date and time (local time, 2-second steps), clamped to the years the format can say: 1980–2107. */
export function dosDateTime(d: Date): { date: number; time: number } {
  const year = d.getFullYear();
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
  };
}

function localHeader(name: Buffer, time: number, date: number, zip64: boolean): Buffer {
  const extra = zip64 ? 20 : 0;
  const b = Buffer.alloc(30 + name.length + extra);
  b.writeUInt32LE(LOCAL_HEADER, 0);
  b.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(STORED, 8);
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC and sizes are in the data descriptor; a ZIP64 entry marks its 32-bit sizes as "see the extra field".
  b.writeUInt32LE(zip64 ? MAX_32 : 0, 18);
  b.writeUInt32LE(zip64 ? MAX_32 : 0, 22);
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(extra, 28);
  name.copy(b, 30);
  if (zip64) {
    // Sizes 0 here: the real ones follow the data, as 8-byte values because this field is present.
    b.writeUInt16LE(ZIP64_EXTRA, 30 + name.length);
    b.writeUInt16LE(16, 32 + name.length);
  }
  return b;
}

function dataDescriptor(e: Written): Buffer {
  const b = Buffer.alloc(e.zip64Local ? 24 : 16);
  b.writeUInt32LE(DATA_DESCRIPTOR, 0);
  b.writeUInt32LE(e.crc, 4);
  if (e.zip64Local) {
    b.writeBigUInt64LE(BigInt(e.size), 8);
    b.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    b.writeUInt32LE(e.size, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

function centralHeader(e: Written, force: boolean): Buffer {
  const bigSize = force || e.size >= MAX_32;
  const bigOffset = force || e.offset >= MAX_32;
  // The ZIP64 extra holds exactly the fields whose 32-bit value is the marker, in this order.
  const fields = [...(bigSize ? [e.size, e.size] : []), ...(bigOffset ? [e.offset] : [])];
  const extra = fields.length ? 4 + 8 * fields.length : 0;
  const b = Buffer.alloc(46 + e.name.length + extra);
  b.writeUInt32LE(CENTRAL_HEADER, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(extra || e.zip64Local ? VERSION_ZIP64 : VERSION_PLAIN, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(STORED, 10);
  b.writeUInt16LE(e.time, 12);
  b.writeUInt16LE(e.date, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(bigSize ? MAX_32 : e.size, 20);
  b.writeUInt32LE(bigSize ? MAX_32 : e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt16LE(extra, 30);
  // Comment length, disk number, internal attributes: 0.
  b.writeUInt32LE(FILE_MODE, 38);
  b.writeUInt32LE(bigOffset ? MAX_32 : e.offset, 42);
  e.name.copy(b, 46);
  if (extra) {
    let at = 46 + e.name.length;
    b.writeUInt16LE(ZIP64_EXTRA, at);
    b.writeUInt16LE(8 * fields.length, at + 2);
    at += 4;
    for (const value of fields) {
      b.writeBigUInt64LE(BigInt(value), at);
      at += 8;
    }
  }
  return b;
}

function endRecords(count: number, centralOffset: number, centralSize: number, force: boolean): Buffer {
  const zip64 = force || count >= MAX_16 || centralOffset >= MAX_32 || centralSize >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(zip64 ? MAX_16 : count, 8);
  end.writeUInt16LE(zip64 ? MAX_16 : count, 10);
  end.writeUInt32LE(zip64 ? MAX_32 : centralSize, 12);
  end.writeUInt32LE(zip64 ? MAX_32 : centralOffset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(ZIP64_END, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  // This disk and the central directory's disk: 0.
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(centralSize), 40);
  record.writeBigUInt64LE(BigInt(centralOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(ZIP64_LOCATOR, 0);
  locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, force: boolean): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    try {
      const name = Buffer.from(entry.name, 'utf8');
      if (name.length === 0 || name.length > MAX_16) throw new Error(`A zip entry name must be 1 to ${MAX_16} bytes: ${JSON.stringify(entry.name)}`);
      const zip64Local = force || entry.bytes === undefined || entry.bytes >= MAX_32;
      const { date, time } = dosDateTime(entry.date ?? new Date());
      const header = localHeader(name, time, date, zip64Local);
      const e: Written = { name, time, date, crc: 0, size: 0, offset, zip64Local };
      yield header;
      offset += header.length;
      for await (const chunk of entry.source) {
        const bytes = chunk as Buffer;
        if (bytes.length === 0) continue;
        e.crc = crc32(bytes, e.crc);
        e.size += bytes.length;
        yield bytes;
      }
      // A 32-bit descriptor cannot say this size: fail rather than write an archive no one can read.
      if (!zip64Local && e.size >= MAX_32) throw new Error(`${entry.name} is ${e.size} bytes, more than the ${entry.bytes} announced`);
      offset += e.size;
      const descriptor = dataDescriptor(e);
      yield descriptor;
      offset += descriptor.length;
      written.push(e);
    } finally {
      // Also when the archive is abandoned mid-entry: the source's file or connection is released.
      entry.source.destroy();
    }
  }
  const centralOffset = offset;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  for (const e of written) {
    const record = centralHeader(e, force);
    batch.push(record);
    batchBytes += record.length;
    offset += record.length;
    if (batchBytes < CENTRAL_BATCH_BYTES) continue;
    yield Buffer.concat(batch, batchBytes);
    batch = [];
    batchBytes = 0;
  }
  if (batchBytes) yield Buffer.concat(batch, batchBytes);
  yield endRecords(written.length, centralOffset, offset - centralOffset, force);
}

/**
 * A ZIP archive of the entries, made as it is read: STORE only (photos are compressed already), sizes
 * and CRC-32 after each entry's bytes (no entry is read twice or held), ZIP64 exactly when a size, an
 * offset or the count needs it. Nothing is read before the reader asks, so a slow destination slows the
 * reads instead of filling memory. Destroying the stream closes the entry being read.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, o: ZipOptions = {}): Readable {
  return Readable.from(zipChunks(entries, o.forceZip64 ?? false), { objectMode: false, highWaterMark: ZIP_HIGH_WATER_MARK });
}
