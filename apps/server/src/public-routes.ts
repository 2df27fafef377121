import { BACK_OFFICE_ORDER_PATH, BACK_OFFICE_ORDER_STATUS_PATH, CATALOGUE_GRAPHQL_PATH, CATALOGUE_SCHEMA_PATH, ERROR_REPORTS_PATH, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import { SUBSCRIPTION_PATH } from './modules/newsletter/newsletter.routes.js';
import { INVOICE_PDF_LINK_PATH } from './modules/invoices/invoice.routes.js';
import { PRODUCT_FILE_LINK_PATH } from './modules/products/product.routes.js';
import { PUSH_PATH } from './modules/push/push.routes.js';
import { BLOCKED_ORDER_PATH, SHARED_BOOK_COVER_PATH, SHARED_BOOK_PATH, SHARED_BOOK_PHOTO_PATH } from './modules/widgets/widget.routes.js';
import { OPENAPI_PATH, REFERENCE_PATH } from './platform/api/api-reference.routes.js';
import { CONFIRM_ACCOUNT_PAGE, FORGOT_PASSWORD_PAGE, REGISTER_PAGE, RESET_PASSWORD_PAGE } from './platform/auth/embedded/account-routes.js';
import { OIDC_PREFIX } from './platform/auth/embedded/provider-options.js';
import { METRICS_PATH } from './platform/metrics/metrics.js';
import { BLOB_ROUTE } from './platform/blobs/fs-blob-store.js';

const NEWSLETTER = `${SERVICE_BASE_PATHS.emailGateway}${SUBSCRIPTION_PATH}`;
const INTERACTION = `${OIDC_PREFIX}/interaction/:uid`;
const ASKED_ON_THE_SIGN_IN_PAGE = "the sign-in page's own forms, for customers not signed in; they need this browser's open sign-in (its signed SameSite cookie: no other site can post them), are counted per client and address, and answer alike for every address (decision 091)";
const OPENED_FROM_A_MAILED_LINK = 'opened from a mailed link, in any browser; the link\'s token (256 random bits, stored hashed, working once) is the only authority (decision 091)';
const BACK_OFFICE = 'the back office (fulfilment): a service credential, never a customer token, checked by the routes\' own hook in constant time, refused ones limited per address (decision 055)';

/**
 * Every route that answers without an access token, by name (`METHOD /path`, `*` for every method;
 * a GET's HEAD twin goes with it), and why. Any other route must sit in the authenticated scope:
 * the server refuses to start otherwise.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /health': 'load balancers and monitors probe it',
  'GET /health/live': 'a load balancer asks whether the process answers',
  'GET /health/ready': 'a load balancer asks whether the instance can serve customers',
  [`GET ${METRICS_PATH}`]: "the operator's Prometheus, with its own bearer token (METRICS_TOKEN), checked in constant time; anyone else is answered 404 (decision 094)",
  'GET /config.json': 'the web reads its service addresses before anyone signs in',
  [`GET ${SERVICE_BASE_PATHS.configuration}/:vendorId`]: "the storefront's menus and pages, shown on the sign-in screens too",
  'GET /robots.txt': 'search engines',
  'GET /': 'the web app',
  'GET /favicon.ico': 'the web app',
  'GET /*': "the web app's files and its locale catalogues",
  [`GET ${OPENAPI_PATH}`]: 'the API document',
  [`GET ${REFERENCE_PATH}`]: 'the API reference page',
  [`POST ${SERVICE_BASE_PATHS.errorReports}${ERROR_REPORTS_PATH}`]: "the browser's failures, which may come before sign-in or from it; counted per client address and for the whole service, scrubbed of personal data (decision 108)",
  [`POST ${SERVICE_BASE_PATHS.catalogue}${CATALOGUE_GRAPHQL_PATH}`]: "the merchandise catalogue: the storefronts and the articles they sell, which any shop window shows; no one's data (decision 112)",
  [`GET ${SERVICE_BASE_PATHS.catalogue}${CATALOGUE_SCHEMA_PATH}`]: "the merchandise catalogue's GraphQL schema, beside the API document",
  [`POST ${NEWSLETTER}`]: 'a subscription is asked for from the storefront, signed in or not',
  [`POST ${NEWSLETTER}/confirm/:confirmationToken`]: 'the customer arrives from an email link, not signed in',
  [`GET ${PUSH_PATH}`]: 'the push socket: its first message carries the access token, which is checked then (decision 048); a plain GET answers 426',
  [`GET ${BLOB_ROUTE}/*`]: 'photo bytes, for whoever holds a signed URL (checked by the route)',
  [`GET ${SERVICE_BASE_PATHS.invoices}${INVOICE_PDF_LINK_PATH}/:kind/:id`]: 'an invoice PDF, opened by its customer from a link signed for them that lasts a minute (decision 057)',
  [`GET ${SERVICE_BASE_PATHS.orders}${PRODUCT_FILE_LINK_PATH}/:id`]: "a product's print file, opened by its customer from a link signed for them that lasts a minute (decision 114)",
  [`* ${OIDC_PREFIX}/*`]: 'the sign-in provider (discovery, keys, authorization, tokens)',
  [`GET ${OIDC_PREFIX}/interaction/:uid`]: 'the sign-in page',
  [`POST ${OIDC_PREFIX}/interaction/:uid/login`]: 'the sign-in form',
  [`GET ${INTERACTION}/${FORGOT_PASSWORD_PAGE}`]: ASKED_ON_THE_SIGN_IN_PAGE,
  [`POST ${INTERACTION}/${FORGOT_PASSWORD_PAGE}`]: ASKED_ON_THE_SIGN_IN_PAGE,
  [`GET ${INTERACTION}/${REGISTER_PAGE}`]: ASKED_ON_THE_SIGN_IN_PAGE,
  [`POST ${INTERACTION}/${REGISTER_PAGE}`]: ASKED_ON_THE_SIGN_IN_PAGE,
  [`GET ${INTERACTION}/${RESET_PASSWORD_PAGE}`]: OPENED_FROM_A_MAILED_LINK,
  [`POST ${INTERACTION}/${RESET_PASSWORD_PAGE}`]: OPENED_FROM_A_MAILED_LINK,
  [`GET ${INTERACTION}/${CONFIRM_ACCOUNT_PAGE}`]: OPENED_FROM_A_MAILED_LINK,
  [`POST ${INTERACTION}/${CONFIRM_ACCOUNT_PAGE}`]: OPENED_FROM_A_MAILED_LINK,
  'GET /oidc-assets/sign-in.css': "the sign-in page's style",
  [`GET ${SERVICE_BASE_PATHS.orders}${BACK_OFFICE_ORDER_PATH}`]: BACK_OFFICE,
  [`POST ${SERVICE_BASE_PATHS.orders}${BACK_OFFICE_ORDER_STATUS_PATH}`]: BACK_OFFICE,
  [`GET ${SERVICE_BASE_PATHS.widgets}${SHARED_BOOK_PATH}`]:
    'a shared photo book, opened by whoever holds the mailed link, without an account; the token has 256 random bits and only its hash is stored, so guessing is hopeless and no rate limit is needed (decision 065)',
  [`GET ${SERVICE_BASE_PATHS.widgets}${SHARED_BOOK_PHOTO_PATH}`]:
    "a shared photo book's photos, by position, for whoever holds the mailed link: the same token as the book, checked live on every request, so the recipient never gets the library's storage addresses, which name the owner (decision 065)",
  [`GET ${SERVICE_BASE_PATHS.widgets}${SHARED_BOOK_COVER_PATH}`]:
    "a shared photo book's cover photo, for whoever holds the mailed link: checked like its pages' photos, for the cover the book opens with",
  [`GET ${SERVICE_BASE_PATHS.widgets}${BLOCKED_ORDER_PATH}`]: 'the storefront asks whether an order is blocked from the photo-book gallery, signed in or not (spec §7.8: no token)',
  'GET /dev/mailbox': 'the development mailbox, only for the outbox on a loopback address or with DEV_MAILBOX (decision 032)',
};
