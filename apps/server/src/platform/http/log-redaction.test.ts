import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { REDACTED, redactText, redactUrl } from './log-redaction.js';

const token = () => randomBytes(32).toString('base64url');

describe('what a log line may say of an address', () => {
  test('a token in the path is redacted; ids, names and the shape of the call stay', () => {
    const id = randomUUID();
    expect(redactUrl(`/api/auth/v2/identities/embedded/${id}/emailchanges/${token()}/actions/confirm`)).toBe(
      `/api/auth/v2/identities/embedded/${id}/emailchanges/${REDACTED}/actions/confirm`,
    );
    expect(redactUrl(`/shared-photo-book/${token()}`)).toBe(`/shared-photo-book/${REDACTED}`);
    expect(redactUrl(`/api/widgets/v1/shared-books/${randomBytes(24).toString('base64url')}/photos/0/1`)).toBe(`/api/widgets/v1/shared-books/${REDACTED}/photos/0/1`);
    expect(redactUrl('/assets/photos-page-BxYz123aQ.js')).toBe('/assets/photos-page-BxYz123aQ.js');
    expect(redactUrl(`/api/photo-management/photos/${id}`)).toBe(`/api/photo-management/photos/${id}`);
    // A route's long hyphenated name is not a token.
    expect(redactUrl('/oidc/.well-known/openid-configuration')).toBe('/oidc/.well-known/openid-configuration');
    expect(redactUrl('/api/photo-management/shared-album-downloads')).toBe('/api/photo-management/shared-album-downloads');
  });

  test('an escaped token or email address in the path is redacted too', () => {
    expect(redactUrl(`/api/email-gateway/api/v1/Profiles/emma%40example.com/subscription/confirm/${token()}`)).toBe(
      `/api/email-gateway/api/v1/Profiles/${REDACTED}/subscription/confirm/${REDACTED}`,
    );
    expect(redactUrl(`/x/${encodeURIComponent(token())}%2D`)).toBe(`/x/${REDACTED}`);
  });

  test('every query value is redacted, its name kept', () => {
    expect(redactUrl('/blobs/photos/a/original.jpg?e=1767225600&s=abc&d=IMG_1.jpg')).toBe(`/blobs/photos/a/original.jpg?e=${REDACTED}&s=${REDACTED}&d=${REDACTED}`);
    expect(redactUrl('/auth/callback?code=xyz&state=abc&flag')).toBe(`/auth/callback?code=${REDACTED}&state=${REDACTED}&flag`);
    expect(redactUrl('/oidc/session/end?id_token_hint=eyJhbGciOi.eyJzdWIi.sig')).toBe(`/oidc/session/end?id_token_hint=${REDACTED}`);
  });

  test('an address quoted in a message is redacted; a stack trace keeps its file names', () => {
    const secret = token();
    expect(redactText(`Route GET:/shared-photo-book/${secret}?x=1 not found`)).toBe(`Route GET:/shared-photo-book/${REDACTED}?x=${REDACTED} not found`);
    const stack = 'Error: boom\n    at handler (/srv/shoebox/apps/server/dist/modules/widgets/widget.routes.js:12:5)';
    expect(redactText(stack)).toBe(stack);
  });
});
