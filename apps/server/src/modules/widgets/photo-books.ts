import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../platform/auth/access-token.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import type { Db } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RecipientLimit } from '../../platform/mail/recipient-limit.js';
import { galleryRepository } from './gallery.repository.js';
import { startShareSweeper } from './share-sweeper.js';
import { galleryService } from './gallery.service.js';
import { widgetShareService } from './widget-share.service.js';
import { widgetView, type ToPhoto } from './widget-view.js';
import { widgetRepository } from './widget.repository.js';
import { widgetService } from './widget.service.js';

interface PhotoBookDeps {
  db: Db;
  /** The photo library's view of a photo, with its signed addresses. */
  toPhoto: ToPhoto;
  mailer: Mailer;
  /** Where the photos' bytes are, served to a shared book's recipient through the link. */
  blobs: BlobStore;
  publicUrl: string;
  channelOf: (identity: Identity) => Promise<{ channel: string }>;
  log: FastifyBaseLogger;
  recipients: RecipientLimit;
}

/** Online photo books wired together: the services the composition root hands its routes, and what account deletion erases. */
export function photoBooks({ db, toPhoto, mailer, blobs, publicUrl, channelOf, log, recipients }: PhotoBookDeps) {
  const repo = widgetRepository(db);
  const view = widgetView(repo, toPhoto);
  const shares = widgetShareService({ repo, view, mailer, blobs, publicUrl, channelOf, log, recipients });
  const gallery = galleryService(galleryRepository(db), repo);
  return {
    widgets: widgetService(repo, view),
    shares,
    gallery,
    deleteAllOf: repo.deleteAllOf,
    /** Forgets shares whose links no longer open, periodically; started with the server's other background work. */
    startShareSweeper: () => startShareSweeper(repo, log),
  };
}
