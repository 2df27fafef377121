import { UPLOAD_MAX_BYTES } from '@shoebox/contracts';
import { describe, expect, test } from 'vitest';
import { checkFile, sniffKind } from './file-check';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('file signatures', () => {
  test('JPEG, PNG and HEIC are told by their first bytes', () => {
    expect(sniffKind(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('jpeg');
    expect(sniffKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffKind(bytes(0, 0, 0, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0))).toBe('heic');
    expect(sniffKind(bytes(0, 0, 0, 0x18, ...ascii('ftypmif1')))).toBe('heic');
  });

  test('anything else is not a photo we take', () => {
    expect(sniffKind(bytes(...ascii('hello world')))).toBeUndefined();
    expect(sniffKind(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBeUndefined(); // GIF
    expect(sniffKind(bytes(0, 0, 0, 0x18, ...ascii('ftypisom')))).toBeUndefined(); // MP4
    expect(sniffKind(bytes())).toBeUndefined();
  });

  test('a renamed text file, an empty file and an oversize file are refused before upload', async () => {
    expect(await checkFile(new File(['just some notes'], 'holiday.jpg', { type: 'image/jpeg' }))).toEqual({ refusal: 'notAPhoto' });
    expect(await checkFile(new File([], 'empty.png', { type: 'image/png' }))).toEqual({ refusal: 'notAPhoto' });
    const huge = new File([new Uint8Array(8)], 'huge.jpg');
    Object.defineProperty(huge, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    expect(await checkFile(huge)).toEqual({ refusal: 'tooLarge' });
    expect(await checkFile(new File([bytes(0xff, 0xd8, 0xff, 0xdb)], 'IMG_1.JPG', { type: '' }))).toEqual({ kind: 'jpeg' });
  });
});
