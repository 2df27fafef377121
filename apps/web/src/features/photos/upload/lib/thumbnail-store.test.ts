// @vitest-environment jsdom
// On jsdom (the web tests' default is happy-dom): the upload's files, their bytes and object URLs are made as jsdom makes them, which the tus client and the thumbnail maker read as in a browser.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ThumbnailStore, THUMBNAIL_CONCURRENCY } from './thumbnail-store';

/** A thumbnail maker whose calls the test ends one by one. */
function controlledMaker() {
  const calls: { file: Blob; resolve: (blob: Blob) => void; reject: (error: Error) => void }[] = [];
  const make = (file: Blob) => new Promise<Blob>((resolve, reject) => calls.push({ file, resolve, reject }));
  return { make, calls };
}

const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An IntersectionObserver the test moves elements in and out of view with. */
class FakeIntersectionObserver {
  static current: FakeIntersectionObserver | undefined;
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.current = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  show(elements: Element[], isIntersecting = true) {
    this.callback(elements.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry), this as unknown as IntersectionObserver);
  }
}

let urls = 0;
let revoked: string[];
beforeEach(() => {
  urls = 0;
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:thumbnail-${++urls}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.current = undefined;
});

describe('the upload list thumbnails', () => {
  test('2,000 chosen photos are never decoded all at once: at most THUMBNAIL_CONCURRENCY at a time, the next as one ends', async () => {
    const { make, calls } = controlledMaker();
    const store = new ThumbnailStore({ make });
    for (let i = 0; i < 2000; i++) store.watch(document.createElement('span'), `k${i}`, file(`p${i}.jpg`));
    expect(calls).toHaveLength(THUMBNAIL_CONCURRENCY);

    calls[0]!.resolve(new Blob(['x']));
    await settle();
    expect(calls).toHaveLength(THUMBNAIL_CONCURRENCY + 1);
    expect(store.get('k0')).toEqual({ state: 'ready', url: 'blob:thumbnail-1' });
    expect(store.get('k1')).toEqual({ state: 'pending' });
  });

  test('only rows in or near view are made; a row scrolled away before its turn leaves the line', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { make, calls } = controlledMaker();
    const store = new ThumbnailStore({ make, concurrency: 1 });
    const rows = Array.from({ length: 50 }, (_, i) => ({ element: document.createElement('span'), key: `k${i}`, file: file(`p${i}.jpg`) }));
    for (const row of rows) store.watch(row.element, row.key, row.file);
    expect(calls).toHaveLength(0);

    const observer = FakeIntersectionObserver.current!;
    observer.show([rows[0]!.element, rows[1]!.element, rows[2]!.element]);
    expect(calls.map((c) => (c.file as File).name)).toEqual(['p0.jpg']);
    // Scrolled on before rows 1 and 2 had their turn: the rows now in view come next, not the ones passed.
    observer.show([rows[1]!.element, rows[2]!.element], false);
    observer.show([rows[40]!.element]);
    calls[0]!.resolve(new Blob(['x']));
    await settle();
    expect(calls.map((c) => (c.file as File).name)).toEqual(['p0.jpg', 'p40.jpg']);
  });

  test('a file the browser cannot draw is marked failed (the row shows its placeholder), and the line goes on', async () => {
    const { make, calls } = controlledMaker();
    const store = new ThumbnailStore({ make, concurrency: 1 });
    const listener = vi.fn();
    store.subscribe('heic', listener);
    store.watch(document.createElement('span'), 'heic', file('night.heic'));
    store.watch(document.createElement('span'), 'jpeg', file('harbour.jpg'));
    calls[0]!.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
    await settle();
    expect(store.get('heic')).toEqual({ state: 'failed' });
    expect(listener).toHaveBeenCalled();
    expect(calls).toHaveLength(2);
  });

  test("a removed row's object URL is revoked, and closing revokes every other; what ends after closing makes none", async () => {
    const { make, calls } = controlledMaker();
    const store = new ThumbnailStore({ make, concurrency: 3 });
    for (const key of ['a', 'b', 'c']) store.watch(document.createElement('span'), key, file(`${key}.jpg`));
    calls[0]!.resolve(new Blob(['a']));
    calls[1]!.resolve(new Blob(['b']));
    await settle();
    store.release('a');
    expect(revoked).toEqual(['blob:thumbnail-1']);
    expect(store.get('a')).toEqual({ state: 'pending' });

    store.dispose();
    expect(revoked).toEqual(['blob:thumbnail-1', 'blob:thumbnail-2']);
    calls[2]!.resolve(new Blob(['c']));
    await settle();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(2);
    expect(store.get('c')).toEqual({ state: 'pending' });
  });
});
