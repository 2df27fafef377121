import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { presignGet } from './sigv4-presign.js';

const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

describe('presignGet (Signature Version 4, query string)', () => {
  it("gives AWS's documented example signature", () => {
    const url = presignGet({
      objectUrl: 'https://examplebucket.s3.amazonaws.com/test.txt',
      region: 'us-east-1',
      credentials,
      date: new Date('2013-05-24T00:00:00Z'),
      expiresSeconds: 86400,
    });
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });

  it("signs exactly as the AWS SDK's presigner does, for a path-style endpoint, an odd key and a download name", async () => {
    const client = new S3Client({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:4569', forcePathStyle: true, credentials });
    const key = "photos/c-1/p-1/original (1)!'*.heic";
    const disposition = `attachment; filename*=UTF-8''${encodeURIComponent('Strand & Zee ✓.heic')}`;
    const date = new Date('2026-11-22T09:00:00Z');
    const expected = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'shoebox', Key: key, ResponseContentDisposition: disposition }), {
      expiresIn: 25_200,
      signingDate: date,
    });
    const ours = presignGet({
      objectUrl: `http://127.0.0.1:4569/shoebox/${key.split('/').map(encodeURIComponent).join('/')}`,
      region: 'eu-central-1',
      credentials,
      date,
      expiresSeconds: 25_200,
      // The SDK signs three parameters of its own as well; given the same, the signatures must agree.
      query: { 'response-content-disposition': disposition, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' },
    });
    const params = (u: string) => Object.fromEntries([...new URL(u).searchParams].sort());
    expect(params(ours)).toEqual(params(expected));
    expect(new URL(ours).pathname).toBe(new URL(expected).pathname);
    expect(new URL(ours).searchParams.get('X-Amz-Signature')).toBe(new URL(expected).searchParams.get('X-Amz-Signature'));
  });

  it('refuses a lifetime S3 would refuse: under a second or over seven days', () => {
    const base = { objectUrl: 'https://examplebucket.s3.amazonaws.com/test.txt', region: 'us-east-1', credentials, date: new Date() };
    expect(() => presignGet({ ...base, expiresSeconds: 0 })).toThrow('1 to 604800 seconds');
    expect(() => presignGet({ ...base, expiresSeconds: 604_801 })).toThrow('1 to 604800 seconds');
    expect(() => presignGet({ ...base, expiresSeconds: 604_800 })).not.toThrow();
  });
});
