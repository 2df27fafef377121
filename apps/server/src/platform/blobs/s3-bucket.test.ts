import { describe, expect, it } from 'vitest';
import { s3BucketUrl } from './s3-bucket.js';

describe('s3BucketUrl', () => {
  it('is virtual-hosted on AWS, in the bucket region', () => {
    expect(s3BucketUrl({ bucket: 'photos', region: 'eu-west-1', forcePathStyle: false })).toBe('https://photos.s3.eu-west-1.amazonaws.com');
  });

  it('is path-style when asked, keeping the port and any base path of the endpoint', () => {
    expect(s3BucketUrl({ bucket: 'photos', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true })).toBe('http://minio:9000/photos');
    expect(s3BucketUrl({ bucket: 'photos', region: 'us-east-1', endpoint: 'https://gw.example/s3/', forcePathStyle: true })).toBe('https://gw.example/s3/photos');
  });

  it('is path-style for a bucket name with a dot, which no wildcard certificate covers', () => {
    expect(s3BucketUrl({ bucket: 'photos.printhaven', region: 'eu-west-1', forcePathStyle: false })).toBe('https://s3.eu-west-1.amazonaws.com/photos.printhaven');
  });

  it('is virtual-hosted on an S3-compatible endpoint when path-style is off', () => {
    expect(s3BucketUrl({ bucket: 'photos', region: 'auto', endpoint: 'https://storage.example', forcePathStyle: false })).toBe('https://photos.storage.example');
  });
});
