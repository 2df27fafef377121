/**
 * Every string a client can send, in every route that takes one, with characters that have no place in
 * it: a NUL (PostgreSQL cannot store it), other control characters, and in names other people see,
 * bidirectional overrides that disguise them. Each answers 400 in the one error shape on both databases,
 * and the database is left exactly as it was.
 */
import { randomUUID } from 'node:crypto';
import { apiErrorSchema, encodeShareEmail, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALBUMS, insertAlbum, PHOTOS, SHARED_ALBUMS, USERS } from '../../test/albums.js';
import { databases } from '../../test/databases.js';
import { UPLOAD_PATH } from '../../modules/uploads/upload.routes.js';
import { encodeMetadata, insertPhotoRows, newCustomer, type TestCustomer, useLibraryServer } from '../../test/photo-library.js';
import { startSignIn } from '../../test/sign-in.js';
import type { TestShoebox } from '../../test/test-server.js';
import { FULFILMENT_KEY_SECRET } from '../../modules/fulfilment/back-office-credential.js';

/**
 * Refused in every text field: one character of each range the rule names, so each field is shown to be
 * wired to the rule. Every character of every range is checked against the rule itself, in
 * packages/contracts/src/text.test.ts, where it costs microseconds rather than a request and two reads of
 * the database per character and field.
 */
const CONTROLS = {
  // C0, and the one PostgreSQL cannot store at all.
  NUL: 'Trip\u0000x',
  // DEL and C1; NEL breaks a line where C1 is read as a line ending.
  'next line': 'Trip\u0085x',
  // Unicode's line and paragraph separators break a line as a line feed does (in a mail's subject, too).
  'line separator': 'Trip\u2028x',
  // Half of a surrogate pair: stored, it would come back as U+FFFD, other than it was sent.
  'lone surrogate': 'Trip\uD800x',
};
/** Refused too in names other people see, where they make text read other than it is stored. */
const BIDI = {
  'right-to-left override': 'Trip\u202Egpj.exe',
};

interface Context {
  who: TestCustomer;
  albumId: string;
  sharedAlbumId: string;
  photoId: string;
  loginUrl: string;
  /** The back office's service credential, as the server keeps it. */
  backOfficeKey: string;
}

interface Field {
  route: string;
  field: string;
  /** A name other people may see: bidirectional controls are refused too. */
  display?: boolean;
  /** Read outside the contracts (the sign-in provider, the storefront configuration): only the NUL safety net applies. */
  netOnly?: boolean;
  /**
   * An OAuth endpoint: it answers as OAuth says for a client or token it does not know (invalid_client
   * 401, invalid_grant 400, revocation 200), in OAuth's shape, whatever the characters.
   */
  oauth?: boolean;
  request(bad: string, c: Context): InjectOptions;
}

const NEWSLETTER = `${SERVICE_BASE_PATHS.emailGateway}/api/v1/Profiles`;
const DOWNLOADS = `${SERVICE_BASE_PATHS.downloads}/downloads`;
const SHARED_DOWNLOADS = `${SERVICE_BASE_PATHS.downloads}/shared-album-downloads`;
const BACKUPS = `${SERVICE_BASE_PATHS.photoManagement}/backups`;
const TEMP_SELECTIONS = `${SERVICE_BASE_PATHS.photoManagement}/temp-selections`;
const PROJECTS_API = `${SERVICE_BASE_PATHS.projects}/api/v2`;
const ORDERS = SERVICE_BASE_PATHS.orders;
const ME = `${SERVICE_BASE_PATHS.customers}/customers/me`;
const ADDRESS_BOOK = `${ME}/addresses`;
const PAYMENT_METHOD = `${ME}/payment-method`;
/** A card that would be accepted (valid number, expiry ahead), for the field replaced. */
const CARD = { kind: 'card', number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, holder: 'Jo Doe' };
/** An order nobody has: a clean call on it is answered 404 and changes nothing. */
const NO_ORDER = 'order-nobody-has';
const ADDRESS = { firstName: 'Ann', lastName: 'Smit', street: 'Baker Street', houseNumber: '221B', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: '+44 20 7946 0018' };
/** A back-office call: the service credential, never the customer's token. */
const backOffice = (c: Context, o: InjectOptions): InjectOptions => ({ ...o, headers: { authorization: `Bearer ${c.backOfficeKey}` } });
const addressChange = (c: Context, o: object, code = NO_ORDER) => json(c, 'PUT', `${ORDERS}/v1/superorders/${e(code)}/deliveryAddress`, { ...ADDRESS, ...o });
/** A project as the editor saves it, with one field replaced. */
const projectBody = (o: object) => ({ id: randomUUID(), title: 'Trip', productCode: 'PAP_910', channel: 'www.printhaven.co.uk', pageCount: 1, thumbnailPhotoId: null, editorState: {}, ...o });
/** A prints order as the embedded editor places it, from a selection nobody has (a clean one is a 404), with its parts replaced. */
const printsOrder = (c: Context, o: { order?: object; line?: object; address?: object } = {}) =>
  json(c, 'POST', `${SERVICE_BASE_PATHS.orders}/prints-orders`, {
    requestId: randomUUID(),
    tempSelectionId: randomUUID(),
    productCode: 'PAP_910',
    channel: 'www.printhaven.co.uk',
    lines: [{ photoId: c.photoId, size: '10x15', quantity: 1, ...o.line }],
    deliveryType: 'Home',
    deliveryAddress: { firstName: 'Jo', lastName: 'Doe', street: 'Baker Street', houseNumber: '221b', postalCode: 'NW1 6XE', city: 'London', countryCode: 'GB', phone: null, ...o.address },
    ...o.order,
  });
/** A photo nobody has: a clean download request is then answered 404 and makes no archive. */
const NO_PHOTO = 'photo-nobody-has';
const e = encodeURIComponent;
/** A cursor as this server encodes one, carrying the text where a date and an id belong. */
const forgedCursor = (bad: string) => Buffer.from(JSON.stringify([bad, bad])).toString('base64url');
const tokenRequest = (form: Record<string, string>, path = ''): InjectOptions => ({
  method: 'POST',
  url: `/oidc/token${path}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(form).toString(),
});
/** Starts a tus upload as tus-js-client does, its metadata base64-encoded in a header. */
const tusCreate = (c: Context, metadata: Record<string, string>) =>
  as(c, { method: 'POST', url: UPLOAD_PATH, headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': encodeMetadata(metadata) } });
const as = (c: Context, o: InjectOptions): InjectOptions => ({ ...o, headers: { ...c.who.headers, ...o.headers } });
const json = (c: Context, method: InjectOptions['method'], url: string, payload: object) => as(c, { method, url, payload });

const WIDGETS = `${SERVICE_BASE_PATHS.widgets}/v1`;
/** A photo book nobody has: a clean call on it is answered 404 and changes nothing. */
const NO_BOOK = 'book-nobody-has';
/** A share of a book nobody has, as the web sends it, with one query field replaced. */
const share = (c: Context, o: { id?: string; vendorId?: string; fromName?: string; personalMessage?: string; toEmailAddress?: string }) => {
  const { id = NO_BOOK, ...query } = o;
  const params = new URLSearchParams({ vendorId: 'printhaven-gb', fromName: 'Ann', personalMessage: 'Hi', toEmailAddress: encodeShareEmail('ann@example.org'), ...query });
  return as(c, { method: 'PUT', url: `${WIDGETS}/widget/${e(id)}/share?${params}` });
};
const galleryEntry = (o: object) => ({ widgetId: NO_BOOK, categoryId: 'travel', title: 'Porto', channel: 'www.printhaven.co.uk', ...o });

/** The caller's own identity path (its token's idp claims) for the email change and deletion requests, idpSub replaceable. */
const identityPath = (c: Context, idpSub?: string) => {
  const claims = JSON.parse(Buffer.from(c.who.token.split('.')[1] ?? '', 'base64url').toString()) as { idp_type: string; idp_sub: string };
  return `${SERVICE_BASE_PATHS.identities}/v2/identities/${e(claims.idp_type)}/${e(idpSub ?? claims.idp_sub)}`;
};
/** A confirmation token nobody was mailed, long enough to be read as one. */
const NO_TOKEN = '0123456789abcdef';

const FIELDS: Field[] = [
  { route: 'PUT /customers/me', field: 'firstName', display: true, request: (bad, c) => json(c, 'PUT', `${SERVICE_BASE_PATHS.customers}/customers/me`, { firstName: bad, lastName: 'Doe', phone: null }) },
  { route: 'PUT /customers/me', field: 'lastName', display: true, request: (bad, c) => json(c, 'PUT', `${SERVICE_BASE_PATHS.customers}/customers/me`, { firstName: 'Jo', lastName: bad, phone: null }) },
  { route: 'PUT /customers/me', field: 'phone', request: (bad, c) => json(c, 'PUT', `${SERVICE_BASE_PATHS.customers}/customers/me`, { firstName: 'Jo', lastName: 'Doe', phone: bad }) },
  { route: 'PATCH /customers/me', field: 'callbackUrl', request: (bad, c) => json(c, 'PATCH', ME, { callbackUrl: `https://hooks.example.com/${bad}`, callbackFormat: 'json' }) },
  { route: 'PATCH /customers/me', field: 'callbackFormat', request: (bad, c) => json(c, 'PATCH', ME, { callbackUrl: 'https://hooks.example.com/a', callbackFormat: bad }) },
  { route: 'POST /customers/me/addresses', field: 'firstName', display: true, request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, firstName: bad }) },
  { route: 'POST /customers/me/addresses', field: 'lastName', display: true, request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, lastName: bad }) },
  { route: 'POST /customers/me/addresses', field: 'street', display: true, request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, street: bad }) },
  { route: 'POST /customers/me/addresses', field: 'houseNumber', request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, houseNumber: bad }) },
  { route: 'POST /customers/me/addresses', field: 'postalCode', request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, postalCode: bad }) },
  { route: 'POST /customers/me/addresses', field: 'city', display: true, request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, city: bad }) },
  { route: 'POST /customers/me/addresses', field: 'countryCode', request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, countryCode: bad }) },
  { route: 'POST /customers/me/addresses', field: 'phone', request: (bad, c) => json(c, 'POST', ADDRESS_BOOK, { ...ADDRESS, phone: bad }) },
  { route: 'PUT /customers/me/addresses/:id', field: 'id', request: (bad, c) => json(c, 'PUT', `${ADDRESS_BOOK}/${e(bad)}`, ADDRESS) },
  { route: 'PUT /customers/me/addresses/:id', field: 'firstName', display: true, request: (bad, c) => json(c, 'PUT', `${ADDRESS_BOOK}/${randomUUID()}`, { ...ADDRESS, firstName: bad }) },
  { route: 'PUT /customers/me/addresses/:id', field: 'street', display: true, request: (bad, c) => json(c, 'PUT', `${ADDRESS_BOOK}/${randomUUID()}`, { ...ADDRESS, street: bad }) },
  { route: 'PUT /customers/me/addresses/:id', field: 'city', display: true, request: (bad, c) => json(c, 'PUT', `${ADDRESS_BOOK}/${randomUUID()}`, { ...ADDRESS, city: bad }) },
  { route: 'DELETE /customers/me/addresses/:id', field: 'id', request: (bad, c) => as(c, { method: 'DELETE', url: `${ADDRESS_BOOK}/${e(bad)}` }) },
  { route: 'PUT /customers/me/payment-method', field: 'kind', request: (bad, c) => json(c, 'PUT', PAYMENT_METHOD, { kind: bad }) },
  { route: 'PUT /customers/me/payment-method', field: 'number', request: (bad, c) => json(c, 'PUT', PAYMENT_METHOD, { ...CARD, number: `4111 1111 ${bad}` }) },
  { route: 'PUT /customers/me/payment-method', field: 'holder', display: true, request: (bad, c) => json(c, 'PUT', PAYMENT_METHOD, { ...CARD, holder: bad }) },
  { route: 'PUT /customers/me/payment-method', field: 'iban', request: (bad, c) => json(c, 'PUT', PAYMENT_METHOD, { kind: 'sepaDirectDebit', iban: `NL91ABNA04${bad}`, holder: 'Jo Doe' }) },
  { route: 'PUT /customers/me/payment-method', field: 'email', request: (bad, c) => json(c, 'PUT', PAYMENT_METHOD, { kind: 'paypal', email: `${bad}@example.com` }) },
  { route: 'POST /albums', field: 'name', display: true, request: (bad, c) => json(c, 'POST', ALBUMS, { name: bad }) },
  { route: 'PATCH /albums/:id', field: 'name', display: true, request: (bad, c) => json(c, 'PATCH', `${ALBUMS}/${c.albumId}`, { name: bad }) },
  { route: 'PATCH /albums/:id', field: 'id', request: (bad, c) => json(c, 'PATCH', `${ALBUMS}/${e(bad)}`, { name: 'Renamed' }) },
  { route: 'GET /albums', field: 'cursor', request: (bad, c) => as(c, { url: `${ALBUMS}?cursor=${e(bad)}` }) },
  { route: 'GET /albums', field: 'displaySharedData', request: (bad, c) => as(c, { url: `${ALBUMS}?displaySharedData=${e(bad)}` }) },
  { route: 'GET /albums/:id', field: 'id', request: (bad, c) => as(c, { url: `${ALBUMS}/${e(bad)}` }) },
  { route: 'DELETE /albums/:id', field: 'id', request: (bad, c) => as(c, { method: 'DELETE', url: `${ALBUMS}/${e(bad)}` }) },
  { route: 'GET /albums/:id/photos', field: 'id', request: (bad, c) => as(c, { url: `${ALBUMS}/${e(bad)}/photos` }) },
  { route: 'GET /albums/:id/photos', field: 'cursor', request: (bad, c) => as(c, { url: `${ALBUMS}/${c.albumId}/photos?cursor=${e(bad)}` }) },
  { route: 'GET /albums/:id/photos', field: 'sortKey', request: (bad, c) => as(c, { url: `${ALBUMS}/${c.albumId}/photos?sortKey=${e(bad)}` }) },
  { route: 'POST /albums/:id/photos', field: 'id', request: (bad, c) => json(c, 'POST', `${ALBUMS}/${e(bad)}/photos`, { photoIds: [c.photoId] }) },
  { route: 'POST /albums/:id/photos', field: 'photoIds[]', request: (bad, c) => json(c, 'POST', `${ALBUMS}/${c.albumId}/photos`, { photoIds: [c.photoId, bad] }) },
  { route: 'DELETE /albums/:id/photos', field: 'photoIds[]', request: (bad, c) => json(c, 'DELETE', `${ALBUMS}/${c.albumId}/photos`, { photoIds: [bad] }) },
  { route: 'GET /shared-albums', field: 'cursor', request: (bad, c) => as(c, { url: `${SHARED_ALBUMS}?cursor=${e(bad)}` }) },
  { route: 'GET /shared-albums/:id', field: 'id', request: (bad, c) => as(c, { url: `${SHARED_ALBUMS}/${e(bad)}` }) },
  { route: 'GET /shared-albums/:id/participants', field: 'id', request: (bad, c) => as(c, { url: `${SHARED_ALBUMS}/${e(bad)}/participants` }) },
  { route: 'GET /shared-albums/:id/photos', field: 'cursor', request: (bad, c) => as(c, { url: `${SHARED_ALBUMS}/${c.sharedAlbumId}/photos?cursor=${e(bad)}` }) },
  { route: 'DELETE /shared-albums/:id', field: 'id', request: (bad, c) => as(c, { method: 'DELETE', url: `${SHARED_ALBUMS}/${e(bad)}` }) },
  { route: 'GET /users/timeline', field: 'sortKey', request: (bad, c) => as(c, { url: `${USERS}/timeline?sortKey=${e(bad)}` }) },
  { route: 'GET /photos/timeline/:year/:month', field: 'month', request: (bad, c) => as(c, { url: `${PHOTOS}/timeline/2024/${e(bad)}` }) },
  { route: 'GET /photos/timeline/:year/:month', field: 'cursor', request: (bad, c) => as(c, { url: `${PHOTOS}/timeline/2024/6?cursor=${e(bad)}` }) },
  { route: 'GET /photos', field: 'cursor', request: (bad, c) => as(c, { url: `${PHOTOS}?cursor=${e(bad)}` }) },
  { route: 'GET /photos', field: 'cursor (decoded)', request: (bad, c) => as(c, { url: `${PHOTOS}?cursor=${forgedCursor(bad)}` }) },
  { route: 'GET /albums', field: 'cursor (decoded)', request: (bad, c) => as(c, { url: `${ALBUMS}?cursor=${forgedCursor(bad)}` }) },
  { route: 'GET /photos', field: 'sortOrder', request: (bad, c) => as(c, { url: `${PHOTOS}?sortOrder=${e(bad)}` }) },
  { route: 'DELETE /photos', field: 'photoIds[]', request: (bad, c) => json(c, 'DELETE', PHOTOS, { photoIds: [bad] }) },
  { route: 'DELETE /photos/:id', field: 'id', request: (bad, c) => as(c, { method: 'DELETE', url: `${PHOTOS}/${e(bad)}` }) },
  { route: 'POST /uploads (tus)', field: 'Upload-Metadata filename', display: true, request: (bad, c) => tusCreate(c, { filename: `${bad}.jpg` }) },
  { route: 'POST /uploads (tus)', field: 'Upload-Metadata albumId', request: (bad, c) => tusCreate(c, { filename: 'IMG_0001.jpg', albumId: bad }) },
  { route: 'POST /downloads', field: 'name', display: true, request: (bad, c) => json(c, 'POST', DOWNLOADS, { id: randomUUID(), name: bad, photos: [NO_PHOTO] }) },
  { route: 'POST /downloads', field: 'photos[]', request: (bad, c) => json(c, 'POST', DOWNLOADS, { id: randomUUID(), photos: [NO_PHOTO, bad] }) },
  { route: 'POST /downloads', field: 'id', request: (bad, c) => json(c, 'POST', DOWNLOADS, { id: bad, photos: [NO_PHOTO] }) },
  { route: 'POST /shared-album-downloads', field: 'name', display: true, request: (bad, c) => json(c, 'POST', SHARED_DOWNLOADS, { id: randomUUID(), name: bad, photos: [{ photoId: NO_PHOTO, ownerId: c.who.id }] }) },
  { route: 'POST /shared-album-downloads', field: 'photos[].photoId', request: (bad, c) => json(c, 'POST', SHARED_DOWNLOADS, { id: randomUUID(), photos: [{ photoId: bad, ownerId: c.who.id }] }) },
  { route: 'POST /shared-album-downloads', field: 'photos[].ownerId', request: (bad, c) => json(c, 'POST', SHARED_DOWNLOADS, { id: randomUUID(), photos: [{ photoId: NO_PHOTO, ownerId: bad }] }) },
  { route: 'GET /downloads/:id/url', field: 'id', request: (bad, c) => as(c, { url: `${DOWNLOADS}/${e(bad)}/url` }) },
  { route: 'GET /api/v1/HistoricalInvoice/me', field: 'page', request: (bad, c) => as(c, { url: `${SERVICE_BASE_PATHS.invoices}/api/v1/HistoricalInvoice/me?page=${e(`1${bad}`)}` }) },
  { route: 'GET /api/v1/HistoricalInvoice/me/pdf/:id/:channel', field: 'id', request: (bad, c) => as(c, { url: `${SERVICE_BASE_PATHS.invoices}/api/v1/HistoricalInvoice/me/pdf/${e(bad)}/www.printhaven.nl` }) },
  { route: 'GET /api/v1/HistoricalInvoice/me/pdf/:id/:channel', field: 'channel', request: (bad, c) => as(c, { url: `${SERVICE_BASE_PATHS.invoices}/api/v1/HistoricalInvoice/me/pdf/${randomUUID()}/${e(bad)}` }) },
  { route: 'GET /api/v1/InvoiceGroupFiles/me/:id', field: 'id', request: (bad, c) => as(c, { url: `${SERVICE_BASE_PATHS.invoices}/api/v1/InvoiceGroupFiles/me/${e(bad)}` }) },
  { route: 'GET invoice PDF link', field: 'id', request: (bad) => ({ url: `${SERVICE_BASE_PATHS.invoices}/pdf-links/historical/${e(bad)}?e=1&s=x` }) },
  { route: 'GET invoice PDF link', field: 's', request: (bad) => ({ url: `${SERVICE_BASE_PATHS.invoices}/pdf-links/historical/${randomUUID()}?e=1&s=${e(bad)}` }) },
  { route: 'POST /temp-selections', field: 'photoIds[]', request: (bad, c) => json(c, 'POST', TEMP_SELECTIONS, { photoIds: [c.photoId, bad], channel: 'www.printhaven.co.uk' }) },
  { route: 'POST /temp-selections', field: 'channel', request: (bad, c) => json(c, 'POST', TEMP_SELECTIONS, { photoIds: [c.photoId], channel: `www.printhaven.co.uk${bad}` }) },
  { route: 'GET /temp-selections/:id', field: 'id', request: (bad, c) => as(c, { url: `${TEMP_SELECTIONS}/${e(bad)}` }) },
  { route: 'GET /backups/:id', field: 'id', request: (bad, c) => as(c, { url: `${BACKUPS}/${e(bad)}` }) },
  { route: 'GET /backups/:id/chunks/:chunk/url', field: 'id', request: (bad, c) => as(c, { url: `${BACKUPS}/${e(bad)}/chunks/1/url` }) },
  { route: 'GET /backups/:id/chunks/:chunk/url', field: 'chunk', request: (bad, c) => as(c, { url: `${BACKUPS}/${randomUUID()}/chunks/${e(bad)}/url` }) },
  { route: 'GET /api/v2/projects/:accountId', field: 'accountId', request: (bad, c) => as(c, { url: `${PROJECTS_API}/projects/${e(bad)}` }) },
  { route: 'POST /api/v2/projects', field: 'title', display: true, request: (bad, c) => json(c, 'POST', `${PROJECTS_API}/projects`, projectBody({ title: bad })) },
  { route: 'POST /api/v2/projects', field: 'id', request: (bad, c) => json(c, 'POST', `${PROJECTS_API}/projects`, projectBody({ id: bad })) },
  { route: 'POST /api/v2/projects', field: 'productCode', request: (bad, c) => json(c, 'POST', `${PROJECTS_API}/projects`, projectBody({ productCode: bad })) },
  { route: 'POST /api/v2/projects', field: 'channel', request: (bad, c) => json(c, 'POST', `${PROJECTS_API}/projects`, projectBody({ channel: bad })) },
  { route: 'POST /api/v2/projects', field: 'thumbnailPhotoId', request: (bad, c) => json(c, 'POST', `${PROJECTS_API}/projects`, projectBody({ thumbnailPhotoId: bad })) },
  { route: 'GET /api/v2/project/:id', field: 'id', request: (bad, c) => as(c, { url: `${PROJECTS_API}/project/${e(bad)}` }) },
  { route: 'PUT /api/v2/project/:id', field: 'id', request: (bad, c) => json(c, 'PUT', `${PROJECTS_API}/project/${e(bad)}`, { ...projectBody({ version: 1 }), id: undefined }) },
  { route: 'PUT /api/v2/project/:id', field: 'title', display: true, request: (bad, c) => json(c, 'PUT', `${PROJECTS_API}/project/${randomUUID()}`, { ...projectBody({ title: bad, version: 1 }), id: undefined }) },
  { route: 'DELETE /api/v2/project/:id', field: 'id', request: (bad, c) => as(c, { method: 'DELETE', url: `${PROJECTS_API}/project/${e(bad)}` }) },
  { route: 'GET /v2/superorders/me', field: 'OrderState', request: (bad, c) => as(c, { url: `${ORDERS}/v2/superorders/me?OrderState=${e(bad)}` }) },
  { route: 'GET /v1/superorders/:code', field: 'code', request: (bad, c) => as(c, { url: `${ORDERS}/v1/superorders/${e(bad)}` }) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'code', request: (bad, c) => addressChange(c, {}, bad) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'firstName', display: true, request: (bad, c) => addressChange(c, { firstName: bad }) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'lastName', display: true, request: (bad, c) => addressChange(c, { lastName: bad }) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'street', display: true, request: (bad, c) => addressChange(c, { street: bad }) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'houseNumber', request: (bad, c) => addressChange(c, { houseNumber: bad }) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'postalCode', request: (bad, c) => addressChange(c, { postalCode: bad }) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'city', display: true, request: (bad, c) => addressChange(c, { city: bad }) },
  { route: 'PUT /v1/superorders/:code/deliveryAddress', field: 'phone', request: (bad, c) => addressChange(c, { phone: bad }) },
  { route: 'GET /orders/byAccount/:accountId', field: 'accountId', request: (bad, c) => as(c, { url: `${ORDERS}/orders/byAccount/${e(bad)}` }) },
  { route: 'GET /orders/byAccount/:accountId', field: 'articleNames', request: (bad, c) => as(c, { url: `${ORDERS}/orders/byAccount/${c.who.id}?articleNames=${e(bad)}` }) },
  { route: 'GET /v1/Orders/:id', field: 'id', request: (bad, c) => as(c, { url: `${ORDERS}/v1/Orders/${e(bad)}` }) },
  { route: 'GET /OrderDeliveryDates/:id', field: 'id', request: (bad, c) => as(c, { url: `${ORDERS}/OrderDeliveryDates/${e(bad)}` }) },
  { route: 'GET /reorder/status/:id', field: 'id', request: (bad, c) => as(c, { url: `${ORDERS}/reorder/status/${e(bad)}` }) },
  { route: 'POST /reorder/direct', field: 'OrderCode', request: (bad, c) => as(c, { method: 'POST', url: `${ORDERS}/reorder/direct?OrderCode=${e(bad)}` }) },
  { route: 'GET /uploads/:id', field: 'id', request: (bad, c) => as(c, { url: `${ORDERS}/uploads/${e(bad)}?accountId=${c.who.id}` }) },
  { route: 'GET /uploads/:id', field: 'accountId', request: (bad, c) => as(c, { url: `${ORDERS}/uploads/${NO_ORDER}?accountId=${e(bad)}` }) },
  { route: 'POST /getanonymousuploads', field: 'ids[]', request: (bad, c) => json(c, 'POST', `${ORDERS}/getanonymousuploads`, { ids: [NO_ORDER, bad] }) },
  { route: 'GET /api/v1/campaigns/offers/:voucherOptionCode', field: 'voucherOptionCode', request: (bad, c) => as(c, { url: `${ORDERS}/api/v1/campaigns/offers/${e(bad)}` }) },
  { route: 'GET voucher refresh by product', field: 'productCode', request: (bad, c) => as(c, { url: `${ORDERS}/api/v1/campaigns/vouchers/products/${e(bad)}` }) },
  { route: 'GET /v1/Campaign/:name', field: 'name', request: (bad, c) => as(c, { url: `${ORDERS}/v1/Campaign/${e(bad)}` }) },
  { route: 'GET /back-office/orders/:code', field: 'code', request: (bad, c) => backOffice(c, { url: `${ORDERS}/back-office/orders/${e(bad)}` }) },
  { route: 'POST /back-office/orders/:code/status', field: 'code', request: (bad, c) => backOffice(c, { method: 'POST', url: `${ORDERS}/back-office/orders/${e(bad)}/status`, payload: { status: 'Confirmed' } }) },
  { route: 'POST /back-office/orders/:code/status', field: 'status', request: (bad, c) => backOffice(c, { method: 'POST', url: `${ORDERS}/back-office/orders/${NO_ORDER}/status`, payload: { status: `Confirmed${bad}` } }) },
  { route: 'POST /prints-orders', field: 'requestId', request: (bad, c) => printsOrder(c, { order: { requestId: bad } }) },
  { route: 'POST /prints-orders', field: 'tempSelectionId', request: (bad, c) => printsOrder(c, { order: { tempSelectionId: bad } }) },
  { route: 'POST /prints-orders', field: 'channel', request: (bad, c) => printsOrder(c, { order: { channel: `www.printhaven.co.uk${bad}` } }) },
  { route: 'POST /prints-orders', field: 'note', display: true, request: (bad, c) => printsOrder(c, { order: { note: bad } }) },
  { route: 'POST /prints-orders', field: 'lines[].photoId', request: (bad, c) => printsOrder(c, { line: { photoId: bad } }) },
  { route: 'POST /prints-orders', field: 'lines[].size', request: (bad, c) => printsOrder(c, { line: { size: bad } }) },
  { route: 'POST /prints-orders', field: 'deliveryAddress.firstName', display: true, request: (bad, c) => printsOrder(c, { address: { firstName: bad } }) },
  { route: 'POST /prints-orders', field: 'deliveryAddress.street', display: true, request: (bad, c) => printsOrder(c, { address: { street: bad } }) },
  { route: 'POST /prints-orders', field: 'deliveryAddress.city', display: true, request: (bad, c) => printsOrder(c, { address: { city: bad } }) },
  { route: 'POST /prints-orders', field: 'deliveryAddress.phone', request: (bad, c) => printsOrder(c, { address: { phone: bad } }) },
  { route: 'GET /configuration/:vendorId', field: 'vendorId', netOnly: true, request: (bad) => ({ url: `${SERVICE_BASE_PATHS.configuration}/${e(bad)}` }) },
  { route: 'POST newsletter subscription', field: 'channel', request: (bad) => ({ method: 'POST', url: `${NEWSLETTER}/${e('nul@example.com')}/subscription`, payload: { channel: bad } }) },
  { route: 'POST newsletter subscription', field: 'emailAddress', request: (bad) => ({ method: 'POST', url: `${NEWSLETTER}/${e(`${bad}@example.com`)}/subscription`, payload: { channel: 'www.printhaven.nl' } }) },
  { route: 'POST newsletter confirmation', field: 'confirmationToken', request: (bad) => ({ method: 'POST', url: `${NEWSLETTER}/${e('nul@example.com')}/subscription/confirm/${e(`${bad}-0123456789abcdef`)}` }) },
  { route: 'POST sign-in form', field: 'email', netOnly: true, request: (bad, c) => ({ method: 'POST', url: c.loginUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ email: `${bad}@example.com`, password: 'x' }).toString() }) },
  { route: 'POST /oidc/token', field: 'refresh_token', netOnly: true, oauth: true, request: (bad) => tokenRequest({ grant_type: 'refresh_token', client_id: 'shoebox-web', refresh_token: bad }) },
  { route: 'POST /oidc/token', field: 'client_id', netOnly: true, oauth: true, request: (bad) => tokenRequest({ grant_type: 'refresh_token', client_id: bad, refresh_token: 'abcd' }) },
  { route: 'POST /oidc/token/revocation', field: 'token', netOnly: true, oauth: true, request: (bad) => tokenRequest({ client_id: 'shoebox-web', token: bad }, '/revocation') },
  { route: 'GET /oidc/auth', field: 'client_id', netOnly: true, request: (bad) => ({ url: `/oidc/auth?client_id=${e(bad)}&response_type=code` }) },
  { route: 'GET /v1/widgets/me', field: 'offset', request: (bad, c) => as(c, { url: `${WIDGETS}/widgets/me?offset=${e(`1${bad}`)}` }) },
  { route: 'GET /v1/widget/all', field: 'orderCodes', request: (bad, c) => as(c, { url: `${WIDGETS}/widget/all?orderCodes=${e(`ORD-1,${bad}`)}` }) },
  { route: 'GET /v1/widget/:id', field: 'id', request: (bad, c) => as(c, { url: `${WIDGETS}/widget/${e(bad)}` }) },
  { route: 'POST /v1/widget/:id', field: 'id', request: (bad, c) => json(c, 'POST', `${WIDGETS}/widget/${e(bad)}`, { title: 'Porto' }) },
  { route: 'POST /v1/widget/:id', field: 'title', display: true, request: (bad, c) => json(c, 'POST', `${WIDGETS}/widget/${NO_BOOK}`, { title: bad }) },
  { route: 'DELETE /v1/widget/:id', field: 'id', request: (bad, c) => as(c, { method: 'DELETE', url: `${WIDGETS}/widget/${e(bad)}` }) },
  { route: 'PUT /v1/widget/:id/share', field: 'id', request: (bad, c) => share(c, { id: bad }) },
  { route: 'PUT /v1/widget/:id/share', field: 'vendorId', request: (bad, c) => share(c, { vendorId: `printhaven-gb${bad}` }) },
  { route: 'PUT /v1/widget/:id/share', field: 'fromName', display: true, request: (bad, c) => share(c, { fromName: bad }) },
  { route: 'PUT /v1/widget/:id/share', field: 'personalMessage', display: true, request: (bad, c) => share(c, { personalMessage: bad }) },
  { route: 'PUT /v1/widget/:id/share', field: 'toEmailAddress', request: (bad, c) => share(c, { toEmailAddress: `${encodeShareEmail('ann@example.org')}${bad}` }) },
  { route: 'PUT /v1/widget/:id/share', field: 'toEmailAddress (decoded)', request: (bad, c) => share(c, { toEmailAddress: encodeShareEmail(`ann${bad}@example.org`) }) },
  { route: 'GET /v1/shared-books/:shareToken', field: 'shareToken', request: (bad) => ({ url: `${WIDGETS}/shared-books/${e(`${'A'.repeat(20)}${bad}`)}` }) },
  { route: 'GET /v1/shared-books/:shareToken/photos/:pageIndex/:photoIndex', field: 'shareToken', request: (bad) => ({ url: `${WIDGETS}/shared-books/${e(`${'A'.repeat(20)}${bad}`)}/photos/0/0` }) },
  { route: 'GET /v1/blockedorders/:orderCode', field: 'orderCode', request: (bad) => ({ url: `${WIDGETS}/blockedorders/${e(bad)}` }) },
  { route: 'POST /v1/galleryentries', field: 'widgetId', request: (bad, c) => json(c, 'POST', `${WIDGETS}/galleryentries`, galleryEntry({ widgetId: bad })) },
  { route: 'POST /v1/galleryentries', field: 'categoryId', request: (bad, c) => json(c, 'POST', `${WIDGETS}/galleryentries`, galleryEntry({ categoryId: bad })) },
  { route: 'POST /v1/galleryentries', field: 'title', display: true, request: (bad, c) => json(c, 'POST', `${WIDGETS}/galleryentries`, galleryEntry({ title: bad })) },
  { route: 'POST /v1/galleryentries', field: 'channel', request: (bad, c) => json(c, 'POST', `${WIDGETS}/galleryentries`, galleryEntry({ channel: `www.printhaven.co.uk${bad}` })) },
  { route: 'GET /v1/galleryentries/:id', field: 'id', request: (bad, c) => as(c, { url: `${WIDGETS}/galleryentries/${e(bad)}?channel=www.printhaven.co.uk` }) },
  { route: 'GET /v1/galleryentries/:id', field: 'channel', request: (bad, c) => as(c, { url: `${WIDGETS}/galleryentries/${NO_BOOK}?channel=${e(`www.printhaven.co.uk${bad}`)}` }) },
  { route: 'PUT /v1/galleryentries/:id', field: 'id', request: (bad, c) => json(c, 'PUT', `${WIDGETS}/galleryentries/${e(bad)}?channel=www.printhaven.co.uk`, { categoryId: 'travel', title: 'Porto' }) },
  { route: 'PUT /v1/galleryentries/:id', field: 'title', display: true, request: (bad, c) => json(c, 'PUT', `${WIDGETS}/galleryentries/${NO_BOOK}?channel=www.printhaven.co.uk`, { categoryId: 'travel', title: bad }) },
  { route: 'PUT /v1/galleryentries/:id', field: 'categoryId', request: (bad, c) => json(c, 'PUT', `${WIDGETS}/galleryentries/${NO_BOOK}?channel=www.printhaven.co.uk`, { categoryId: bad, title: 'Porto' }) },
  { route: 'DELETE /v1/galleryentries/:id', field: 'id', request: (bad, c) => as(c, { method: 'DELETE', url: `${WIDGETS}/galleryentries/${e(bad)}?channel=www.printhaven.co.uk` }) },
  { route: 'DELETE /v1/galleryentries/:id', field: 'channel', request: (bad, c) => as(c, { method: 'DELETE', url: `${WIDGETS}/galleryentries/${NO_BOOK}?channel=${e(`www.printhaven.co.uk${bad}`)}` }) },
  { route: 'POST /v2/identities/:idpType/:idpSub/emailchanges', field: 'idpSub', request: (bad, c) => json(c, 'POST', `${identityPath(c, bad)}/emailchanges`, { email: 'new@example.com', channel: 'www.printhaven.co.uk' }) },
  { route: 'POST /v2/identities/:idpType/:idpSub/emailchanges', field: 'email', request: (bad, c) => json(c, 'POST', `${identityPath(c)}/emailchanges`, { email: `${bad}@example.com`, channel: 'www.printhaven.co.uk' }) },
  { route: 'POST /v2/identities/:idpType/:idpSub/emailchanges', field: 'channel', request: (bad, c) => json(c, 'POST', `${identityPath(c)}/emailchanges`, { email: 'new@example.com', channel: `www.printhaven.co.uk${bad}` }) },
  { route: 'POST …/emailchanges/:confirmationToken/actions/confirm', field: 'confirmationToken', request: (bad, c) => as(c, { method: 'POST', url: `${identityPath(c)}/emailchanges/${e(`${bad}-${NO_TOKEN}`)}/actions/confirm` }) },
  { route: 'POST /v2/identities/:idpType/:idpSub/deleteaccount', field: 'channel', request: (bad, c) => json(c, 'POST', `${identityPath(c)}/deleteaccount`, { channel: `www.printhaven.co.uk${bad}` }) },
  { route: 'POST …/deleteaccount/:confirmationToken/actions/confirm', field: 'confirmationToken', request: (bad, c) => as(c, { method: 'POST', url: `${identityPath(c)}/deleteaccount/${e(`${bad}-${NO_TOKEN}`)}/actions/confirm` }) },
];

/** The characters a field is shown to refuse: only the NUL safety net where the contracts do not apply. */
const badValues = (f: Field) => Object.entries(f.netOnly ? { NUL: CONTROLS.NUL } : { ...CONTROLS, ...(f.display ? BIDI : {}) });

/**
 * The request carrying `bad` in the field, or undefined when the field cannot carry it: only a JSON body
 * can hold half a surrogate pair (a URL cannot encode one; a header's bytes decode it as U+FFFD).
 */
function carried(f: Field, bad: string, c: Context): InjectOptions | undefined {
  if (bad !== CONTROLS['lone surrogate']) return f.request(bad, c);
  let request: InjectOptions;
  try {
    request = f.request(bad, c);
  } catch {
    return undefined;
  }
  return JSON.stringify(request.payload ?? null).includes('\\ud800') ? request : undefined;
}

/** Every table a refused call could have written to, in a stable order. */
async function everything(server: TestShoebox) {
  const tables = ['customers', 'albums', 'album_photos', 'album_participants', 'photos', 'newsletter_subscriptions', 'uploads', 'downloads', 'backups', 'jobs', 'projects', 'temp_selections', 'orders', 'order_products', 'widgets', 'widget_pages', 'widget_shares', 'widget_share_counts', 'gallery_entries', 'blocked_orders', 'customer_addresses', 'customer_payment_methods', 'identity_requests', 'identities'] as const;
  const rows = await Promise.all(tables.map((t) => server.db.selectFrom(t).selectAll().execute()));
  return Object.fromEntries(tables.map((t, i) => [t, rows[i]!.map((r) => JSON.stringify(r)).sort()]));
}

describe.each(databases)('control characters in requests on $name', (kind) => {
  const server = useLibraryServer(kind);
  let context: Context;

  beforeAll(async () => {
    if (!kind.available) return;
    const s = server();
    const who = await newCustomer(s);
    const owner = await newCustomer(s);
    const [photo] = await insertPhotoRows(s, who.id, [{}]);
    const [ownersPhoto] = await insertPhotoRows(s, owner.id, [{}]);
    const albumId = await insertAlbum(s, { ownerId: who.id, name: 'Holiday', photos: [{ photoId: photo!.id, ownerId: who.id }] });
    const sharedAlbumId = await insertAlbum(s, { ownerId: owner.id, participants: [who.id], photos: [{ photoId: ownersPhoto!.id, ownerId: owner.id }] });
    context = { who, albumId, sharedAlbumId, photoId: photo!.id, loginUrl: (await startSignIn(s.app)).loginUrl, backOfficeKey: (await s.db.selectFrom('secrets').select('value').where('name', '=', FULFILMENT_KEY_SECRET).executeTakeFirstOrThrow()).value };
  });

  // One test per field, its characters one request each, and the database read once before and once after
  // them all: a refused call that wrote anything leaves it there for the read after.
  it.each(FIELDS)('$route refuses control characters in its $field and changes nothing', async (field) => {
    const s = server();
    const before = await everything(s);
    const unknown = field.oauth ? await s.app.inject(field.request('unknown', context)) : undefined;
    for (const [kind, bad] of badValues(field)) {
      const request = carried(field, bad, context);
      if (!request) continue;
      const response = await s.app.inject(request);
      if (unknown) {
        expect([response.statusCode, response.body], `${kind}: ${response.body}`).toEqual([unknown.statusCode, unknown.body]);
      } else {
        expect(response.statusCode, `${kind}: ${response.body}`).toBe(400);
        expect(apiErrorSchema.parse(response.json()), kind).toMatchObject({ status: 400, error: 'bad_request', correlationId: response.headers['x-correlationid'] });
      }
    }
    expect(await everything(s)).toEqual(before);
  });

  it.each(FIELDS)('$route answers its $field when it is clean', async (field) => {
    const response = await server().app.inject(field.request('Trip', context));
    // The same request with an ordinary value is not refused for its characters: the table above tests what it claims.
    expect(response.body).not.toMatch(/control characters|text-direction|NUL/);
  });
});
