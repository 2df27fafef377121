import { text } from '@shoebox/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod/mini';

/** The query of a signed owner link (`platform/auth/owner-link.ts`): its expiry and signature, checked by the signer. */
export const ownerLinkQuerySchema = z.object({ e: z.optional(text().check(z.maxLength(20))), s: z.optional(text().check(z.maxLength(100))) });

/**
 * Answers one of a customer's files opened from a signed link: never cached by anything shared, never sniffed
 * as another type, named for the browser with a file name reduced to safe characters.
 */
export function sendCustomerFile(reply: FastifyReply, file: { type: string; fileName: string; body: Buffer | NodeJS.ReadableStream; bytes?: number; disposition: 'inline' | 'attachment' }) {
  reply
    .type(file.type)
    .header('Content-Disposition', `${file.disposition}; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (file.bytes !== undefined) reply.header('Content-Length', file.bytes);
  return reply.send(file.body);
}
