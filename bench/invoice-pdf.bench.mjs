// Opening a business invoice of 50 lines as its customer does: GET /api/v1/HistoricalInvoice/me/pdf/{id}/{channel}
// (the PDF call: checks the customer and answers a link signed for them) and then the link (the PDF, made
// afresh with pdfkit for each opening: nothing is cached across customers or openings). The demo business
// customer nora@example.com gets one invoice of 50 lines (written through the server's own invoice code
// from the build, on a channel in Dutch and euros), signs in through the real sign-in page, and opens it:
// one keep-alive connection, one request at a time, p50/p95/p99 of 200 openings after 20 warm-ups.
// Baseline: support/replay-server.mjs answering the same two requests with the exact status, headers
// and bytes captured from the real server in this run (the PDF bytes replayed, not made), interleaved
// opening by opening, alternating which goes first.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { createDatabase } from '../apps/server/dist/platform/db/database.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { invoiceRepository } from '../apps/server/dist/modules/invoices/invoice.repository.js';
import { historicalInvoiceRow } from '../apps/server/dist/modules/invoices/invoice.service.js';
import { accessToken } from './support/access-token.mjs';
import { replayable, startReplay } from './support/replay-load.mjs';
import { startShoebox } from './support/server.mjs';
import { percentile, row } from './support/stats.mjs';
import { tempDir } from './support/temp.mjs';

const NORA = { email: 'nora@example.com', password: 'shoebox-demo', greeting: 'Hello Nora' };
const CHANNEL = 'www.printhaven.nl';
const LINES = 50;
const OPENINGS = 200;
const WARMUP_OPENINGS = 20;
const BUDGET_P95_MS = 150;
const REQUEST_TIMEOUT_MS = 10_000;

const newPool = (origin) => new Pool(origin, { connections: 1, pipelining: 1, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: 60_000 });

async function send(pool, url, headers = {}) {
  const t0 = performance.now();
  const response = await pool.request({ method: 'GET', path: url, headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { ms: performance.now() - t0, status: response.statusCode, headers: response.headers, body };
}

function expectStatus(r, status, what) {
  if (r.status !== status) throw new Error(`${what} answered ${r.status}, expected ${status}: ${r.body.toString('utf8').slice(0, 300)}`);
  return r;
}

/** The bench's invoice: 50 different lines at the Dutch standard and reduced rates. */
const benchLines = () =>
  Array.from({ length: LINES }, (_, i) => ({ description: `Photo prints 10x15 cm, event ${i + 1}`, quantity: (i % 9) + 1, unitPrice: 1895 + i * 7, vatRate: i % 4 === 0 ? 900 : 2100 }));

async function addInvoice(dataDir) {
  const db = await createDatabase(loadConfig({ DATA_DIR: dataDir }).database);
  try {
    const customer = await db.selectFrom('customers').selectAll().where('email', '=', NORA.email).executeTakeFirstOrThrow();
    const id = randomUUID();
    await invoiceRepository(db).insertHistorical(
      historicalInvoiceRow({
        id,
        customerId: customer.id,
        invoiceNumber: `INV-BENCH-${id.slice(0, 8)}`,
        orderCode: 'B2B-BENCH-50',
        channel: CHANNEL,
        issuedAt: new Date().toISOString(),
        billedTo: { company: customer.business_company, vat: customer.business_vat, name: `${customer.first_name} ${customer.last_name}`, email: customer.email },
        lines: benchLines(),
      }),
    );
    return id;
  } finally {
    await db.destroy();
  }
}

const stats = (samples) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) });

export default async function invoicePdf({ log }) {
  const data = tempDir('data');
  let server;
  let replay;
  const pools = [];
  try {
    server = await startShoebox({ dataDir: data.dir });
    log(`server up in ${server.startupMs.toFixed(0)} ms`);
    const invoiceId = await addInvoice(data.dir);
    const token = await accessToken(server.baseUrl, NORA);
    log(`signed in as ${NORA.email}; invoice ${invoiceId} has ${LINES} lines`);
    const auth = { authorization: `Bearer ${token}` };
    const ours = newPool(server.baseUrl);
    pools.push(ours);
    const callUrl = `/api/invoices/api/v1/HistoricalInvoice/me/pdf/${invoiceId}/${CHANNEL}`;

    // Captured once: the call's answer, and the PDF behind its link, as the baseline will replay them.
    const call = expectStatus(await send(ours, callUrl, auth), 200, `GET ${callUrl}`);
    const capturedLink = new URL(JSON.parse(call.body.toString('utf8')).url);
    const pdf = expectStatus(await send(ours, capturedLink.pathname + capturedLink.search), 200, 'GET the PDF link');
    if (pdf.body.subarray(0, 5).toString() !== '%PDF-') throw new Error('The link did not answer a PDF');
    log(`PDF ${(pdf.body.length / 1024).toFixed(1)} KB`);
    const forReplay = (r) => replayable(r.status, Object.entries(r.headers), r.body);
    replay = await startReplay({ [callUrl]: forReplay(call), [capturedLink.pathname + capturedLink.search]: forReplay(pdf) });
    const base = newPool(replay.origin);
    pools.push(base);

    const samples = { open: [], pdf: [], baseOpen: [], basePdf: [] };
    const realOpening = async (record) => {
      const c = expectStatus(await send(ours, callUrl, auth), 200, `GET ${callUrl}`);
      const link = new URL(JSON.parse(c.body.toString('utf8')).url);
      const p = expectStatus(await send(ours, link.pathname + link.search), 200, 'GET the PDF link');
      if (p.body.length < 1000) throw new Error('The PDF came back empty');
      if (record) {
        samples.open.push(c.ms + p.ms);
        samples.pdf.push(p.ms);
      }
    };
    const baseOpening = async (record) => {
      const c = expectStatus(await send(base, callUrl, auth), 200, 'baseline call');
      const link = new URL(JSON.parse(c.body.toString('utf8')).url);
      const p = expectStatus(await send(base, link.pathname + link.search), 200, 'baseline PDF');
      if (record) {
        samples.baseOpen.push(c.ms + p.ms);
        samples.basePdf.push(p.ms);
      }
    };
    for (let i = -WARMUP_OPENINGS; i < OPENINGS; i++) {
      const record = i >= 0;
      if (i % 2) {
        await realOpening(record);
        await baseOpening(record);
      } else {
        await baseOpening(record);
        await realOpening(record);
      }
      if (record && (i + 1) % 50 === 0) log(`${i + 1}/${OPENINGS}: p95 so far ${percentile(samples.open, 95).toFixed(1)} ms, baseline ${percentile(samples.baseOpen, 95).toFixed(1)} ms`);
    }

    const open = stats(samples.open);
    const baseOpen = stats(samples.baseOpen);
    const alone = stats(samples.pdf);
    const baseAlone = stats(samples.basePdf);
    const label = 'replayed bytes';
    return {
      rows: [
        row({ name: `open a ${LINES}-line invoice PDF (call + link), p95`, value: open.p95, unit: 'ms', baseline: baseOpen.p95, baselineLabel: label, budget: BUDGET_P95_MS, samples: samples.open, baselineSamples: samples.baseOpen }),
        row({ name: `open a ${LINES}-line invoice PDF, p50`, value: open.p50, unit: 'ms', baseline: baseOpen.p50, baselineLabel: label }),
        row({ name: `open a ${LINES}-line invoice PDF, p99`, value: open.p99, unit: 'ms', baseline: baseOpen.p99, baselineLabel: label }),
        row({ name: 'the PDF link alone (made with pdfkit), p95', value: alone.p95, unit: 'ms', baseline: baseAlone.p95, baselineLabel: label }),
      ],
      details: { pdfBytes: pdf.body.length, lines: LINES, openings: OPENINGS },
    };
  } finally {
    await Promise.all(pools.map((p) => p.close().catch(() => undefined)));
    await replay?.stop();
    await server?.stop();
    await data.remove();
  }
}
