import { findChannel, STORAGE_STATUS_PATH } from '@shoebox/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { DELETE_BATCH, cpuDutyCycle } from '../../platform/jobs/pacing.js';
import { lockLiveCustomer } from '../customers/customer.service.js';
import { periodEndIn } from '../deletion-info/deletion-info.service.js';
import type { PhotoService } from '../photos/photo.service.js';
import { libraryEmptiedMail, reminderMail } from './retention-mails.js';
import type { RetentionRepository } from './retention.repository.js';
import { walkCustomers, type Customer, type PlannedAction } from './retention-plan.js';

/** Mails failing in a row before a run stops: the mail server is down, and the queue tries the run again later. */
export const MAIL_FAILURES_BEFORE_STOP = 5;
/**
 * The run works in a process of its own (decision 072), in the idle scheduling class; even there its CPU
 * slows the server's requests (the cores' caches, the disk, the database's one writer), so it uses at most
 * half a core: `RUN_CHUNK_MS` of CPU, then a pause `RUN_PAUSE_PER_WORK` times as long.
 */
const RUN_CHUNK_MS = 50;
const RUN_PAUSE_PER_WORK = 1;

export interface RetentionDeps {
  repo: RetentionRepository;
  photos: Pick<PhotoService, 'libraryOriginals' | 'deletePhotosIf'>;
  /** Removes the files of deleted photos, the run's own among them, here rather than in the server. */
  deletedPhotoFiles: { sweep(): Promise<number> };
  /** The customer's archive downloads and exports: rows, files and queued jobs. */
  downloads: { deleteAllOf(customerId: string): Promise<number> };
  exports: { deleteAllOf(customerId: string): Promise<number> };
  mailer: Mailer;
  /** The account area's address, for the mails' links. */
  publicUrl: string;
  log: { info(obj: Record<string, unknown>, msg: string): void; warn(obj: Record<string, unknown>, msg: string): void };
}

type Pacer = ReturnType<typeof cpuDutyCycle>;

/**
 * The daily run (decision 071): walks every customer by id, from the day's cursor, and for each at most one
 * step — a reminder, the library emptied, or the owed last mail (retention-plan.ts decides which).
 */
export function retentionRun(d: RetentionDeps) {
  const links = (channelCode: string) => {
    const storefront = findChannel(channelCode);
    return { order: `https://${storefront?.host ?? new URL(d.publicUrl).host}/`, export: `${d.publicUrl}${STORAGE_STATUS_PATH}`, library: `${d.publicUrl}/my-photos/photos` };
  };

  /** Empties the library in paced batches while the period is still over; false when an order (or upload) reprieved it. */
  async function empty(customerId: string, periodEnd: string, signal: AbortSignal, day: string, pace: Pacer): Promise<boolean> {
    const stillDue = async (trx: Transaction<Database>) => (await lockLiveCustomer(trx, customerId)) && (await periodEndIn(trx, customerId))?.toISOString() === periodEnd;
    for (;;) {
      const batch = await d.photos.libraryOriginals(customerId, null, DELETE_BATCH);
      if (batch.length === 0) break;
      const gone = await d.photos.deletePhotosIf(customerId, batch.map((p) => p.photoId), stillDue);
      if (gone === undefined) return false;
      await d.repo.count(day, 'photos_deleted', gone);
      await pace(signal);
    }
    await d.deletedPhotoFiles.sweep();
    await d.downloads.deleteAllOf(customerId);
    await d.exports.deleteAllOf(customerId);
    return true;
  }

  /** The count noted when this sequence's emptying began, if a stopped run began it (one noted by an earlier emptying is older than this sequence's reminders). */
  const notedCount = (c: Customer, periodEnd: string) =>
    c.emptied_photos != null && c.period_end === periodEnd && (!c.emptied_at || (c.reminded_at !== null && c.emptied_at < c.reminded_at)) ? c.emptied_photos : undefined;

  async function act(planned: { customer: Customer; action: PlannedAction }, now: Date, day: string, signal: AbortSignal, pace: Pacer): Promise<'mailed' | 'mail-failed' | 'done'> {
    const { customer, action } = planned;
    const link = links(customer.channel);
    const at = now.toISOString();
    if (action.action === 'remind') {
      const photos = await d.repo.photoCount(customer.id);
      try {
        await d.mailer.send({
          ...reminderMail({ to: customer.email, channel: customer.channel, stage: action.stage as 1 | 2 | 3, deletionAt: new Date(action.deletionAt), photos, orderLink: link.order, exportLink: link.export }),
          id: `storage-reminder-${customer.id}-${action.periodEnd}-${action.stage}`,
        });
      } catch (err) {
        d.log.warn({ err, customerId: customer.id }, 'A storage reminder could not be sent; it is tried again on the next run');
        await d.repo.count(day, 'deferred');
        return 'mail-failed';
      }
      if (await d.repo.recordReminder(customer.id, { periodEnd: action.periodEnd, deletionAt: action.deletionAt, stage: action.stage, at })) await d.repo.count(day, 'reminded');
      return 'mailed';
    }
    if (action.action === 'empty') {
      const photos = notedCount(customer, action.periodEnd) ?? (await d.repo.photoCount(customer.id));
      await d.repo.noteEmptying(customer.id, action.periodEnd, photos);
      if (!(await empty(customer.id, action.periodEnd, signal, day, pace))) {
        await d.repo.forgetEmptying(customer.id, action.periodEnd);
        await d.repo.count(day, 'reprieved');
        return 'done';
      }
      await d.repo.recordEmptied(customer.id, { periodEnd: action.periodEnd, at, photos });
      await d.repo.count(day, 'emptied');
      return photos > 0 ? confirm(customer, at, photos, day) : 'done';
    }
    return confirm(customer, action.emptiedAt, customer.emptied_photos ?? 0, day, at);
  }

  async function confirm(customer: Customer, emptiedAt: string, photos: number, day: string, at = emptiedAt): Promise<'mailed' | 'mail-failed'> {
    try {
      await d.mailer.send({
        ...libraryEmptiedMail({ to: customer.email, channel: customer.channel, photos, emptiedAt: new Date(emptiedAt), libraryLink: links(customer.channel).library }),
        id: `storage-emptied-${customer.id}-${emptiedAt}`,
      });
    } catch (err) {
      d.log.warn({ err, customerId: customer.id }, 'The mail saying the library was emptied could not be sent; it is tried again on the next run');
      await d.repo.count(day, 'deferred');
      return 'mail-failed';
    }
    await d.repo.recordEmptiedMail(customer.id, emptiedAt, at);
    return 'mailed';
  }

  return {
    /** Runs (or goes on with) the day's run, with the clock `now`; a finished day does nothing. */
    run: runDay,
  };

  async function runDay(day: string, now: () => Date, signal: AbortSignal): Promise<void> {
    const run = await d.repo.startRun(day, now().toISOString());
    const pace = cpuDutyCycle({ chunkMs: RUN_CHUNK_MS, pausePerWork: RUN_PAUSE_PER_WORK });
    if (run.finished_at) return;
    let failuresInARow = 0;
    for await (const page of walkCustomers(d.repo, run.cursor, now())) {
      for (const planned of page.planned) {
        signal.throwIfAborted();
        const outcome = await act(planned, now(), day, signal, pace);
        await pace(signal);
        failuresInARow = outcome === 'mail-failed' ? failuresInARow + 1 : outcome === 'mailed' ? 0 : failuresInARow;
        if (failuresInARow >= MAIL_FAILURES_BEFORE_STOP) throw new Error(`${MAIL_FAILURES_BEFORE_STOP} storage period mails failed in a row; the run goes on later`);
      }
      await d.repo.advance(day, page.cursor, page.seen);
      await pace(signal);
    }
    await d.repo.finishRun(day, now().toISOString());
    const done = await d.repo.run(day);
    d.log.info({ run: done }, 'The storage period run finished');
  }
}
export type RetentionRun = ReturnType<typeof retentionRun>;
