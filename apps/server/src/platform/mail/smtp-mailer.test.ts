import { describe, expect, it, vi } from 'vitest';
import { transportMailer } from './smtp-mailer.js';

describe('the SMTP mailer', () => {
  it("sends a message's stable id as its Message-ID, written as a valid one, so a repeated send is recognisably the same mail", async () => {
    const sendMail = vi.fn(async () => ({}));
    const mailer = transportMailer({ sendMail }, 'shop@example.com');
    await mailer.send({ to: 'a@example.com', subject: 'S', text: 'T', id: 'reminder:c1:2026-12-01:1' });
    await mailer.send({ to: 'a@example.com', subject: 'S', text: 'T' });
    expect(sendMail).toHaveBeenNthCalledWith(1, expect.objectContaining({ messageId: '<reminder%3Ac1%3A2026-12-01%3A1@shoebox>', to: 'a@example.com', from: 'shop@example.com' }));
    expect(sendMail.mock.calls[1]).not.toHaveProperty([0, 'messageId']);
  });
});
