import type { FastifyInstance } from 'fastify';
import type { DevMailbox } from '../../config.js';
import { notFound } from '../http/errors.js';
import type { StoredMail } from './outbox-mailer.js';

const MAILBOX_SIZE = 50;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const linkify = (s: string) => escape(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The peer's own address, never a forwarded one: a proxy on this machine must not make everyone local. */
const isLoopbackPeer = (address: string | undefined) => address === '::1' || /^(::ffff:)?127\./.test(address ?? '');

/**
 * Development only: the outbox as a page, so the links in sent email can be followed. It shows every
 * confirmation link, so it answers 404 unless decision 032 allows the caller to read it.
 */
export function registerMailboxPage(app: FastifyInstance, list: (limit: number) => Promise<StoredMail[]>, access: DevMailbox): void {
  if (access === 'off') return;
  app.get('/dev/mailbox', { config: { unannounced: true } }, async (request, reply) => {
    if (access === 'local' && !isLoopbackPeer(request.socket.remoteAddress)) throw notFound(`No route GET /dev/mailbox`);
    const mails = await list(MAILBOX_SIZE);
    const items = mails
      .map((m) => `<article><h2>${escape(m.subject)}</h2><p>To ${escape(m.to)} · ${escape(m.sentAt)}</p><pre>${linkify(m.text)}</pre></article>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title><link rel="stylesheet" href="/oidc-assets/sign-in.css"></head><body><main class="card wide"><h1>Development mailbox</h1>${items || '<p>No email has been sent yet.</p>'}</main></body></html>`);
  });
}
