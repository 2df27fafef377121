import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  BOOK_PAGE_PHOTO_SIZE,
  channelForHost,
  emailAddressSchema,
  SERVICE_BASE_PATHS,
  SHARED_BOOK_WEB_PATH,
  WIDGET_SHARE_LINK_VALID_DAYS,
  WIDGET_SHARE_WINDOW_MINUTES,
  WIDGET_SHARES_PER_WINDOW,
  textProblem,
  type SharedBook,
  type ThumbnailSize,
  type WidgetShareList,
  type WidgetShareQuery,
} from '@shoebox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod/mini';
import type { Readable } from 'node:stream';
import type { Identity } from '../../platform/auth/access-token.js';
import { BlobNotFoundError, type BlobStore } from '../../platform/blobs/blob-store.js';
import { AppError, badRequest, notFound, TooManyRequests } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { RecipientLimit } from '../../platform/mail/recipient-limit.js';
import { consumerOnly } from './consumers-only.js';
import { shareMail } from './share-mail.js';
import type { WidgetRepository } from './widget.repository.js';
import type { WidgetView } from './widget-view.js';

/** 256 random bits: a link can be guessed no sooner than the heat death of the universe (decision 065). */
const SHARE_TOKEN_BYTES = 32;
/** When to try again after the mail server failed. */
export const MAIL_RETRY_AFTER_SECONDS = 60;
const WINDOW_MS = WIDGET_SHARE_WINDOW_MINUTES * 60_000;
const DAY_MS = 86_400_000;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
/** Canonical base64 (RFC 4648 §4) with its padding; anything else is refused rather than guessed at. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const emailSchema = emailAddressSchema();

const invalid = (path: string, message: string) => badRequest('Invalid query', [{ path, message }]);

/** The recipient's address from the base64 the share call carries (spec §7.8), or a 400. */
export function decodeRecipient(value: string): string {
  const bad = () => invalid('toEmailAddress', 'Must be the base64 of an email address');
  if (!BASE64.test(value)) throw bad();
  const bytes = Buffer.from(value, 'base64');
  // Unused low bits set make another string that decodes the same: not what any encoder writes.
  if (bytes.toString('base64') !== value) throw bad();
  let address: string;
  try {
    address = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bad();
  }
  if (textProblem(address) || !z.safeParse(emailSchema, address).success) throw bad();
  return address;
}

class MailUnavailable extends AppError {
  override readonly retryAfterSeconds = MAIL_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, 'mail_unavailable', 'The email could not be sent right now; nothing was shared. Please try again in a minute.', undefined, { retryAfterSeconds: MAIL_RETRY_AFTER_SECONDS });
  }
}

interface ShareDeps {
  repo: WidgetRepository;
  view: WidgetView;
  mailer: Mailer;
  blobs: BlobStore;
  publicUrl: string;
  /** The customer's storefront (channel code or host). */
  channelOf: (identity: Identity) => Promise<{ channel: string }>;
  log: FastifyBaseLogger;
  /** Mails to one address, whoever asks (decision 076). */
  recipients: RecipientLimit;
  now?: () => Date;
}

/** Share links: mailed to anyone, opening the book without an account until they expire or the book goes. */
export function widgetShareService({ repo, view, mailer, blobs, publicUrl, channelOf, log, recipients, now = () => new Date() }: ShareDeps) {
  const liveShare = async (token: string) => {
    const share = await repo.openShare(hash(token), now().toISOString());
    if (!share) throw notFound('This link has expired or does not exist');
    return share;
  };

  /** A photo's bytes, or a 404 when it has none (no such position, or deleted since). */
  async function readPhoto(key: string | undefined, missing: string): Promise<Readable> {
    if (!key) throw notFound(missing);
    try {
      return await blobs.read(key);
    } catch (err) {
      // Deleted from the library between the look-up and the read.
      if (err instanceof BlobNotFoundError) throw notFound(missing);
      throw err;
    }
  }

  /** Counted atomically per customer, so a flood of requests at once sends at most the limit of mails. */
  async function throttle(customerId: string, at: number): Promise<void> {
    const windowStart = Math.floor(at / WINDOW_MS) * WINDOW_MS;
    const count = await repo.countShare(customerId, new Date(windowStart).toISOString());
    if (count > WIDGET_SHARES_PER_WINDOW) {
      throw new TooManyRequests('Too many photo books shared; please try again later', Math.max(1, Math.ceil((windowStart + WINDOW_MS - at) / 1000)));
    }
  }

  return {
    async share(identity: Identity, widgetId: string, query: WidgetShareQuery): Promise<{ shareId: string; expiresAt: string }> {
      const customerId = consumerOnly(identity);
      // Malformed input is a 400 whichever book it names.
      const to = decodeRecipient(query.toEmailAddress);
      const channel = channelForHost('', (await channelOf(identity)).channel);
      if (query.vendorId !== channel.vendorId) throw invalid('vendorId', "Must be the vendor of the customer's storefront");
      const book = await repo.find(customerId, widgetId);
      if (!book) throw notFound('Photo book not found');
      const at = now();
      await throttle(customerId, at.getTime());
      const giveBack = await recipients.reserve(to);

      const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
      const expiresAt = new Date(at.getTime() + WIDGET_SHARE_LINK_VALID_DAYS * DAY_MS);
      const share = {
        id: randomUUID(),
        widget_id: book.id,
        customer_id: customerId,
        token_hash: hash(token),
        vendor_id: channel.vendorId,
        sender_name: query.fromName,
        personal_message: query.personalMessage,
        recipient_email: to,
        created_at: at.toISOString(),
        expires_at: expiresAt.toISOString(),
        sent_at: null,
      };
      // Stored before the mail goes, unusable until it has: a link in a sent mail always opens.
      if (!(await repo.insertShare(share))) {
        await giveBack();
        throw notFound('Photo book not found');
      }
      const link = `${publicUrl}${SHARED_BOOK_WEB_PATH}/${token}`;
      try {
        await mailer.send(shareMail(to, channel.locale, { title: book.title, senderName: query.fromName, personalMessage: query.personalMessage, link, expiresAt }));
      } catch (err) {
        log.error({ err, shareId: share.id }, 'Sending a photo book share failed');
        await repo.deleteShare(share.id);
        await giveBack();
        throw new MailUnavailable();
      }
      await repo.markShareSent(share.id, now().toISOString());
      return { shareId: share.id, expiresAt: share.expires_at };
    },

    /** The links to the customer's book that still open it, so one can be revoked. */
    async list(identity: Identity, widgetId: string): Promise<WidgetShareList> {
      const customerId = consumerOnly(identity);
      if (!(await repo.find(customerId, widgetId))) throw notFound('Photo book not found');
      const rows = await repo.liveShares(customerId, widgetId, now().toISOString());
      return { items: rows.map((r) => ({ id: r.id, recipient: r.recipient_email, created: r.created_at, expires: r.expires_at })) };
    },

    /** Stops one link opening the book at once; the book and its other links stay. Another customer's, an unknown or a revoked link is a 404. */
    async revoke(identity: Identity, widgetId: string, shareId: string): Promise<void> {
      const customerId = consumerOnly(identity);
      if (!(await repo.revokeShare(customerId, widgetId, shareId))) throw notFound('Share link not found');
    },

    /** The book behind a link, for whoever holds it: nothing that names its owner. */
    async open(token: string): Promise<SharedBook> {
      const share = await liveShare(token);
      // The library's signed addresses carry the owner's customer id in their path: the recipient gets the link's own ones.
      const ofLink = `${publicUrl}${SERVICE_BASE_PATHS.widgets}/v1/shared-books/${encodeURIComponent(token)}`;
      // The size pages show keeps the address without a query, the one links answered with before sizes were offered.
      const sized = (address: string, size: ThumbnailSize) => (size === BOOK_PAGE_PHOTO_SIZE ? address : `${address}?size=${size}`);
      const [cover, pages] = await Promise.all([
        view.cover(share.customer_id, share.cover_photo_id, (size) => sized(`${ofLink}/cover`, size)),
        view.pages(share.customer_id, share.widget_id, (_photo, page, photo, size) => sized(`${ofLink}/photos/${page}/${photo}`, size)),
      ]);
      return { title: share.title, senderName: share.sender_name, personalMessage: share.personal_message, cover, pages, expiresAt: share.expires_at };
    },

    /** The bytes of the photo at that position of a shared book, at that size, for whoever holds the link, while it works. */
    async photo(token: string, pageIndex: number, photoIndex: number, size: ThumbnailSize): Promise<Readable> {
      const share = await liveShare(token);
      return readPhoto(await view.pagePhotoKey(share.customer_id, share.widget_id, pageIndex, photoIndex, size), 'This photo is not in the book');
    },

    /** The bytes of a shared book's cover photo, at that size, for whoever holds the link, while it works. */
    async cover(token: string, size: ThumbnailSize): Promise<Readable> {
      const share = await liveShare(token);
      return readPhoto(await view.coverKey(share.customer_id, share.cover_photo_id, size), 'This book has no cover photo');
    },
  };
}
export type WidgetShareService = ReturnType<typeof widgetShareService>;
