import { describe, expect, test } from 'vitest';
import { makePhoto } from '../../../test/photo-library';
import { thumbnailUrl } from './thumbnails';

describe('thumbnail sizes', () => {
  test('300 for small and medium grids, 800 for large ones, 1300 in the preview, by the box the longest edge fits', () => {
    const photo = makePhoto('p1');
    photo.thumbnails = [
      { id: 'p1-300', url: 'http://img.test/s.jpg', width: 225, height: 300 },
      { id: 'p1-800', url: 'http://img.test/m.jpg', width: 600, height: 800 },
      { id: 'p1-1300', url: 'http://img.test/l.jpg', width: 975, height: 1300 },
    ];
    expect(thumbnailUrl(photo, 300)).toBe('http://img.test/s.jpg');
    expect(thumbnailUrl(photo, 800)).toBe('http://img.test/m.jpg');
    expect(thumbnailUrl(photo, 1300)).toBe('http://img.test/l.jpg');
  });

  test('a photo smaller than a size uses its largest rendition, and without any the photo itself', () => {
    const small = makePhoto('p2');
    small.thumbnails = [{ id: 'p2-300', url: 'http://img.test/tiny.jpg', width: 200, height: 150 }];
    expect(thumbnailUrl(small, 1300)).toBe('http://img.test/tiny.jpg');
    expect(thumbnailUrl({ ...small, thumbnails: [] }, 300)).toBe(small.url);
  });
});
