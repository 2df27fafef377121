import type { Channel } from '@shoebox/contracts';

/**
 * The FTP order drop the instructions describe. The spec names the page, not its values; these are
 * decision 067's choices.
 */

/** The FTP server of a storefront: its own domain, so a business customer sees the brand they signed up with. */
export const ftpHostFor = (channel: Pick<Channel, 'host'>) => `ftp.${channel.host.replace(/^www\./, '')}`;

/** FTPS with explicit TLS starts on the standard FTP control port. */
export const FTP_PORT = 21;

/** The folders every business account has, in the order a file passes through them. */
export const FTP_FOLDERS = ['incoming', 'processing', 'done', 'rejected'] as const;
export type FtpFolder = (typeof FTP_FOLDERS)[number];

/** How long a processed file stays in /done before it is removed. */
export const FTP_DONE_RETENTION_DAYS = 30;

/** The longest file name accepted, extension included. */
export const FTP_FILE_NAME_MAX_LENGTH = 100;

/** An order file named as the instructions ask: reference, product code, copies. */
export const FTP_FILE_NAME_EXAMPLE = 'PO-2026-0142_PHOTOBOOK-A4_25.pdf';
