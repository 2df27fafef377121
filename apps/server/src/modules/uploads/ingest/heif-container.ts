/**
 * Reads what ingest needs from a HEIF/HEIC container (ISO BMFF) without decoding any pixels:
 * the brands, the primary image's coding and stored size (ispe) and rotation (irot), the size of
 * the largest image item, whether every item's bytes lie inside the file, and the EXIF block.
 *
 * The EXIF block is extracted here (honouring iloc base offsets and idat storage) because exifr's
 * own HEIC reader ignores iloc base_offset, which libheif-based writers use.
 */

export interface HeifContainer {
  majorBrand: string;
  compatibleBrands: string[];
  /** The primary item's type, e.g. 'hvc1' (HEVC), 'grid' (tiles), 'av01' (AVIF), 'jpeg'. */
  primaryItemType: string;
  /** True when the primary image is HEVC, directly or as a grid/overlay/derivation of HEVC items. */
  isHevc: boolean;
  /** Stored size of the primary image (before irot). */
  width: number;
  height: number;
  /** Counter-clockwise rotation the decoder applies (irot), in degrees. */
  rotation: 0 | 90 | 180 | 270;
  /** Most pixels declared by any single image item (a grid's tiles, a thumbnail, the primary). */
  largestItemPixels: number;
  /** False when an item's data lies (partly) past the end of the file: the file is cut off. */
  itemsWithinFile: boolean;
  /** The EXIF item as a TIFF block ('II*\0' or 'MM\0*'), or null. */
  exif: Buffer | null;
}

export class HeifFormatError extends Error {}

interface Box {
  type: string;
  /** First byte of the box's payload (after size, type and any large size). */
  start: number;
  /** One past the box's last byte. */
  end: number;
}

interface ItemLocation {
  constructionMethod: number;
  extents: { offset: number; length: number }[];
}

const DERIVED_ITEM_TYPES = new Set(['grid', 'iovl', 'iden']);

/** Throws HeifFormatError when the container is malformed or lacks what a HEIF image must have. */
export function readHeifContainer(file: Buffer): HeifContainer {
  const top = childBoxes(file, 0, file.length);
  const ftyp = top.find((box) => box.type === 'ftyp');
  if (!ftyp || ftyp.end - ftyp.start < 8) throw new HeifFormatError('no ftyp box');
  const majorBrand = fourCc(file, ftyp.start);
  const compatibleBrands: string[] = [];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) compatibleBrands.push(fourCc(file, at));

  const meta = top.find((box) => box.type === 'meta');
  if (!meta) throw new HeifFormatError('no meta box');
  const metaChildren = childBoxes(file, meta.start + 4, meta.end);
  const child = (type: string) => metaChildren.find((box) => box.type === type);

  const pitm = child('pitm');
  if (!pitm) throw new HeifFormatError('no pitm box');
  const primaryId = fullBoxVersion(file, pitm) === 0 ? readUint(file, pitm.start + 4, 2, pitm.end) : readUint(file, pitm.start + 4, 4, pitm.end);

  const itemTypes = readItemTypes(file, child('iinf'));
  const primaryItemType = itemTypes.get(primaryId);
  if (!primaryItemType) throw new HeifFormatError('the primary item is not described');
  const hasHevcItem = [...itemTypes.values()].includes('hvc1');
  const isHevc = primaryItemType === 'hvc1' || (DERIVED_ITEM_TYPES.has(primaryItemType) && hasHevcItem);

  const { properties, associations } = readItemProperties(file, child('iprp'));
  let size: { width: number; height: number } | undefined;
  let rotation: HeifContainer['rotation'] = 0;
  for (const index of associations.get(primaryId) ?? []) {
    const property = properties[index - 1];
    if (property?.type === 'ispe') size = readIspe(file, property);
    if (property?.type === 'irot') rotation = ((readUint(file, property.start, 1, property.end) & 3) * 90) as HeifContainer['rotation'];
  }
  if (!size) throw new HeifFormatError('the primary image has no size (ispe)');
  let largestItemPixels = size.width * size.height;
  for (const property of properties) {
    if (property.type !== 'ispe') continue;
    const itemSize = readIspe(file, property);
    largestItemPixels = Math.max(largestItemPixels, itemSize.width * itemSize.height);
  }

  const locations = readItemLocations(file, child('iloc'));
  const idat = child('idat');
  let itemsWithinFile = true;
  for (const location of locations.values()) {
    for (const extent of location.extents) {
      if (location.constructionMethod === 0 && extent.offset + extent.length > file.length) itemsWithinFile = false;
      if (location.constructionMethod === 1 && (!idat || idat.start + extent.offset + extent.length > idat.end)) itemsWithinFile = false;
    }
  }

  const exifId = [...itemTypes].find(([, type]) => type === 'Exif')?.[0];
  const exifLocation = exifId === undefined ? undefined : locations.get(exifId);
  const exif = exifLocation ? readExifItem(file, exifLocation, idat) : null;

  return { majorBrand, compatibleBrands, primaryItemType, isHevc, ...size, rotation, largestItemPixels, itemsWithinFile, exif };
}

function childBoxes(file: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = file.readUInt32BE(at);
    const type = fourCc(file, at + 4);
    let start = at + 8;
    if (size === 1) {
      size = readUint(file, at + 8, 8, to);
      start += 8;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < start - at) throw new HeifFormatError(`box ${type} has an impossible size`);
    // A box that runs past its parent is only acceptable for the last top-level box (mdat of a cut-off file).
    const end = Math.min(at + size, to);
    if (at + size > to && type !== 'mdat') throw new HeifFormatError(`box ${type} runs past the end of its container`);
    boxes.push({ type, start, end });
    at += size;
  }
  return boxes;
}

function readItemTypes(file: Buffer, iinf: Box | undefined): Map<number, string> {
  if (!iinf) throw new HeifFormatError('no iinf box');
  const version = fullBoxVersion(file, iinf);
  const countSize = version === 0 ? 2 : 4;
  const count = readUint(file, iinf.start + 4, countSize, iinf.end);
  const entries = childBoxes(file, iinf.start + 4 + countSize, iinf.end).filter((box) => box.type === 'infe');
  if (entries.length < count) throw new HeifFormatError('iinf lists fewer items than it declares');
  const types = new Map<number, string>();
  for (const infe of entries) {
    const infeVersion = fullBoxVersion(file, infe);
    if (infeVersion < 2) continue; // versions 0 and 1 carry no item type (MIME-less legacy items)
    const idSize = infeVersion === 2 ? 2 : 4;
    const id = readUint(file, infe.start + 4, idSize, infe.end);
    types.set(id, fourCc(file, infe.start + 4 + idSize + 2, infe.end));
  }
  return types;
}

function readItemProperties(file: Buffer, iprp: Box | undefined): { properties: Box[]; associations: Map<number, number[]> } {
  if (!iprp) throw new HeifFormatError('no iprp box');
  const iprpChildren = childBoxes(file, iprp.start, iprp.end);
  const ipco = iprpChildren.find((box) => box.type === 'ipco');
  if (!ipco) throw new HeifFormatError('no ipco box');
  const properties = childBoxes(file, ipco.start, ipco.end);
  const associations = new Map<number, number[]>();
  for (const ipma of iprpChildren.filter((box) => box.type === 'ipma')) {
    const version = fullBoxVersion(file, ipma);
    const flags = readUint(file, ipma.start + 1, 3, ipma.end);
    let at = ipma.start + 4;
    const entryCount = readUint(file, at, 4, ipma.end);
    at += 4;
    for (let entry = 0; entry < entryCount; entry += 1) {
      const idSize = version < 1 ? 2 : 4;
      const id = readUint(file, at, idSize, ipma.end);
      at += idSize;
      const count = readUint(file, at, 1, ipma.end);
      at += 1;
      const indexes = associations.get(id) ?? [];
      for (let n = 0; n < count; n += 1) {
        if (flags & 1) {
          indexes.push(readUint(file, at, 2, ipma.end) & 0x7fff);
          at += 2;
        } else {
          indexes.push(readUint(file, at, 1, ipma.end) & 0x7f);
          at += 1;
        }
      }
      associations.set(id, indexes);
    }
  }
  return { properties, associations };
}

function readIspe(file: Buffer, ispe: Box): { width: number; height: number } {
  const width = readUint(file, ispe.start + 4, 4, ispe.end);
  const height = readUint(file, ispe.start + 8, 4, ispe.end);
  if (width < 1 || height < 1) throw new HeifFormatError('an image has no pixels');
  return { width, height };
}

function readItemLocations(file: Buffer, iloc: Box | undefined): Map<number, ItemLocation> {
  const locations = new Map<number, ItemLocation>();
  if (!iloc) return locations;
  const version = fullBoxVersion(file, iloc);
  if (version > 2) throw new HeifFormatError(`unknown iloc version ${version}`);
  let at = iloc.start + 4;
  const sizes = readUint(file, at, 2, iloc.end);
  at += 2;
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 0 ? 0 : sizes & 0xf;
  const itemCount = readUint(file, at, version < 2 ? 2 : 4, iloc.end);
  at += version < 2 ? 2 : 4;
  for (let item = 0; item < itemCount; item += 1) {
    const id = readUint(file, at, version < 2 ? 2 : 4, iloc.end);
    at += version < 2 ? 2 : 4;
    let constructionMethod = 0;
    if (version > 0) {
      constructionMethod = readUint(file, at, 2, iloc.end) & 0xf;
      at += 2;
    }
    at += 2; // data_reference_index
    const baseOffset = readUint(file, at, baseOffsetSize, iloc.end);
    at += baseOffsetSize;
    const extentCount = readUint(file, at, 2, iloc.end);
    at += 2;
    const extents: ItemLocation['extents'] = [];
    for (let n = 0; n < extentCount; n += 1) {
      at += indexSize;
      const offset = readUint(file, at, offsetSize, iloc.end);
      at += offsetSize;
      const length = readUint(file, at, lengthSize, iloc.end);
      at += lengthSize;
      extents.push({ offset: baseOffset + offset, length });
    }
    locations.set(id, { constructionMethod, extents });
  }
  return locations;
}

function readExifItem(file: Buffer, location: ItemLocation, idat: Box | undefined): Buffer | null {
  const parts: Buffer[] = [];
  for (const extent of location.extents) {
    let start: number;
    let end: number;
    if (location.constructionMethod === 0) {
      start = extent.offset;
      end = extent.length === 0 ? file.length : extent.offset + extent.length;
    } else if (location.constructionMethod === 1 && idat) {
      start = idat.start + extent.offset;
      end = extent.length === 0 ? idat.end : start + extent.length;
    } else {
      return null;
    }
    if (end > file.length || start > end) return null;
    parts.push(file.subarray(start, end));
  }
  const item = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  if (item.length < 4) return null;
  // The item starts with the offset of the TIFF header from the end of this 4-byte field. Android's
  // writer puts a JPEG APP1 segment there instead (FF E1, its length, 'Exif\0\0', the TIFF header);
  // no offset field starts FF E1, as that would point 4 GB in.
  const tiffStart = item.readUInt16BE(0) === 0xffe1 ? 10 : 4 + item.readUInt32BE(0);
  const tiff = item.subarray(tiffStart);
  const byteOrder = tiff.subarray(0, 4).toString('latin1');
  return byteOrder === 'II*\0' || byteOrder === 'MM\0*' ? tiff : null;
}

function fullBoxVersion(file: Buffer, box: Box): number {
  return readUint(file, box.start, 1, box.end);
}

function fourCc(file: Buffer, at: number, end = file.length): string {
  if (at + 4 > end) throw new HeifFormatError('a box is cut short');
  return file.toString('latin1', at, at + 4);
}

function readUint(file: Buffer, at: number, size: number, end: number): number {
  if (size === 0) return 0;
  if (at + size > end || at + size > file.length) throw new HeifFormatError('a box is cut short');
  if (size === 8) {
    const value = file.readBigUInt64BE(at);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new HeifFormatError('a size or offset is out of range');
    return Number(value);
  }
  if (size !== 1 && size !== 2 && size !== 3 && size !== 4) throw new HeifFormatError(`unsupported field size ${size}`);
  return file.readUIntBE(at, size);
}
