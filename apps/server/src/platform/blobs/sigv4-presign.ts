import { createHash, createHmac } from 'node:crypto';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** RFC 3986 encoding, as Signature Version 4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

/** The signing key depends on the day, the region and the secret only: derived once, not per URL (a page signs thousands). */
let lastKey: { day: string; region: string; secret: string; key: Buffer } | undefined;
function signingKey(day: string, region: string, secret: string): Buffer {
  if (lastKey?.day !== day || lastKey.region !== region || lastKey.secret !== secret) {
    lastKey = { day, region, secret, key: hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request') };
  }
  return lastKey.key;
}

/** 20130524T000000Z */
const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * A presigned GET of an S3 object (AWS Signature Version 4, query-string form), made synchronously:
 * photo listings sign hundreds of URLs per answer, and the SDK's presigner is asynchronous per URL.
 * `objectUrl` is the object's address (path-style or virtual-hosted); `query` adds signed parameters
 * such as response-content-disposition.
 */
export function presignGet(o: {
  objectUrl: string;
  region: string;
  credentials: S3Credentials;
  date: Date;
  expiresSeconds: number;
  query?: Record<string, string>;
}): string {
  // S3's own limits: a presigned URL lives at least a second and at most seven days.
  if (!Number.isInteger(o.expiresSeconds) || o.expiresSeconds < 1 || o.expiresSeconds > MAX_EXPIRES_SECONDS) {
    throw new Error(`A presigned URL must live 1 to ${MAX_EXPIRES_SECONDS} seconds, not ${o.expiresSeconds}`);
  }
  const url = new URL(o.objectUrl);
  const stamp = amzDate(o.date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${o.region}/s3/aws4_request`;
  const params: Record<string, string> = {
    ...o.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${o.credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': stamp,
    'X-Amz-Expires': String(o.expiresSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonicalQuery = Object.keys(params)
    .sort()
    .map((k) => `${encode(k)}=${encode(params[k] as string)}`)
    .join('&');
  // S3 signs the path as sent: each segment encoded once, the slashes kept.
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = ['GET', canonicalPath, canonicalQuery, `host:${url.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(day, o.region, o.credentials.secretAccessKey)).update(stringToSign).digest('hex');
  return `${url.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
