// The photo timeline in Chromium, signed in as the bench customer of the seeded library (100,000
// photos; `npm run seed`, cached). Each run opens /my-photos/photos in a new page (HTTP cache off)
// and records, in the page:
//   - first thumbnails: performance.now() (from navigation start) of the first animation frame in
//     which a photo thumbnail (an <img> from /blobs/photos/, at least 40 px, in the viewport) has
//     loaded and can be painted;
//   - then scrolls the whole library top to bottom in STEPS steps (scrollTop of the page's biggest
//     scroller, two animation frames after each) and records the most elements the DOM had
//     (document.getElementsByTagName('*').length), the longest main-thread task of the whole visit
//     (PerformanceObserver 'longtask', load and scroll), and the JS heap at the end (CDP
//     Runtime.getHeapUsage after a forced garbage collection).
// Baseline: the same measurements, the same way, on a static page holding a plain, non-virtualized
// grid of the first BASELINE_PHOTOS thumbnails (the same 300 px files), served with the page by a
// tiny server in this run. Runs alternate baseline and timeline; figures are medians of RUNS.
// Until the timeline screen exists (the route shows the 'not available yet' page) its rows say so.
// The measuring is shared with album-browser: support/grid-scroll.mjs.
import { launchBrowser, newContext } from './support/chromium.mjs';
import { alternateVisits, BASELINE_PHOTOS, gridRows, listPhotos, serveBaseline, thumbnailFiles } from './support/grid-scroll.mjs';
import { ensureLibrary } from './support/library.mjs';
import { startShoebox } from './support/server.mjs';
import { signInContext } from './support/sign-in.mjs';

const TIMELINE_PATH = '/my-photos/photos';
const API = '/api/photo-management';

export default async function timelineBrowser({ log }) {
  const library = await ensureLibrary({ log });
  log(library.reused ? `library reused (built earlier in ${library.seedSeconds.toFixed(1)} s)` : `library seeded in ${library.seedSeconds.toFixed(1)} s`);
  const server = await startShoebox({ dataDir: library.dataDir, env: { SEED_DEMO_DATA: 'false' } });
  const { browser, close } = await launchBrowser();
  let baseline;
  try {
    const context = await newContext(browser);
    const token = await signInContext(context, server.baseUrl, library.account);
    log(`signed in as ${library.account.email}`);

    // The first photos of the timeline (date taken, newest first).
    const photos = await listPhotos(server.baseUrl, token, `${API}/photos`, BASELINE_PHOTOS, { sortKey: 'dateTaken', sortOrder: 'desc' });
    const files = thumbnailFiles(library.dataDir, photos);
    baseline = await serveBaseline(files);
    log(`baseline: plain grid of ${files.length} thumbnails`);

    const { ours, base, unbuilt, failure } = await alternateVisits({ context, baselineUrl: baseline.baseUrl, baseUrl: server.baseUrl, screenPath: TIMELINE_PATH, what: 'timeline', log });
    return {
      rows: gridRows({ name: TIMELINE_PATH, count: library.photos.bench.toLocaleString('en'), what: 'timeline', ours, base, baselineLabel: `plain grid of ${files.length}`, unbuilt, failure }),
      details: { library: { dataDir: library.dataDir, photos: library.photos, seedSeconds: library.seedSeconds, reused: library.reused }, unbuilt, failure, timeline: ours, baseline: base },
    };
  } finally {
    await close();
    await baseline?.close();
    await server.stop();
  }
}
