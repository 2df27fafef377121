import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CATALOGUE_GRAPHQL_PATH, CATALOGUE_SCHEMA_PATH, SERVICE_BASE_PATHS } from '@shoebox/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { RetentionProcessSetup } from './retention-process.js';
import { accountDeletionRepository } from './modules/account-deletion/account-deletion.repository.js';
import { accountDeletionService, type AccountDeletionService } from './modules/account-deletion/account-deletion.service.js';
import { albumRepository } from './modules/albums/album.repository.js';
import { albumRoutes } from './modules/albums/album.routes.js';
import { albumService } from './modules/albums/album.service.js';
import { backupRepository } from './modules/backups/backup.repository.js';
import { backupRoutes } from './modules/backups/backup.routes.js';
import { backupService, EXPORT_JOB, exportBlobPrefix, type ExportJobPayload } from './modules/backups/backup.service.js';
import { startExportExpirySweeper } from './modules/backups/export-expiry-sweeper.js';
import { exportJob } from './modules/backups/export-job.js';
import { customerRepository } from './modules/customers/customer.repository.js';
import { errorReportRepository } from './modules/error-reports/error-report.repository.js';
import { errorReportRoutes } from './modules/error-reports/error-report.routes.js';
import { errorReportService } from './modules/error-reports/error-report.service.js';
import { experimentRoutes } from './modules/experiments/experiment.routes.js';
import { experimentService } from './modules/experiments/experiment.service.js';
import { feedbackRepository } from './modules/feedback/feedback.repository.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { catalogueService } from './modules/catalogue/catalogue.service.js';
import { feedbackService } from './modules/feedback/feedback.service.js';
import { customerRoutes } from './modules/customers/customer.routes.js';
import { customerService } from './modules/customers/customer.service.js';
import { addressRepository } from './modules/addresses/address.repository.js';
import { addressRoutes } from './modules/addresses/address.routes.js';
import { addressService } from './modules/addresses/address.service.js';
import { paymentMethodRepository } from './modules/payment-methods/payment-method.repository.js';
import { paymentMethodRoutes } from './modules/payment-methods/payment-method.routes.js';
import { paymentMethodService } from './modules/payment-methods/payment-method.service.js';
import { archiveKey, defineDownloadArchiveJob } from './modules/downloads/download-archive-job.js';
import { startDownloadSweeper } from './modules/downloads/download-sweeper.js';
import { downloadRepository } from './modules/downloads/download.repository.js';
import { downloadRoutes } from './modules/downloads/download.routes.js';
import { downloadService } from './modules/downloads/download.service.js';
import { deletionInfoRepository } from './modules/deletion-info/deletion-info.repository.js';
import { deletionInfoRoutes } from './modules/deletion-info/deletion-info.routes.js';
import { deletionInfoService } from './modules/deletion-info/deletion-info.service.js';
import { retentionRepository } from './modules/retention/retention.repository.js';
import { retentionService, type RetentionService, type RetentionWork } from './modules/retention/retention.service.js';
import { SERVER_VERSION, registerHealth } from './modules/health/health.routes.js';
import { legacyPhotoKey } from './modules/library-activation/legacy-photo-keys.js';
import { libraryActivationRoutes } from './modules/library-activation/library-activation.routes.js';
import { libraryActivationService, type LibraryActivationService } from './modules/library-activation/library-activation.service.js';
import { newsletterRepository } from './modules/newsletter/newsletter.repository.js';
import { orderRepository } from './modules/orders/order.repository.js';
import { orderRoutes } from './modules/orders/order.routes.js';
import { printsCheckoutRoutes } from './modules/prints-checkout/prints-checkout.routes.js';
import { printsCheckoutService } from './modules/prints-checkout/prints-checkout.service.js';
import { orderService, type OrderService } from './modules/orders/order.service.js';
import { campaignRepository } from './modules/campaigns/campaign.repository.js';
import { campaignRoutes } from './modules/campaigns/campaign.routes.js';
import { campaignService } from './modules/campaigns/campaign.service.js';
import { backOfficeCredential, FULFILMENT_KEY_SECRET } from './modules/fulfilment/back-office-credential.js';
import { backOfficeFailureRepository } from './modules/fulfilment/back-office-failure.repository.js';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes.js';
import { fulfilmentService } from './modules/fulfilment/fulfilment.service.js';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js';
import { newsletterService } from './modules/newsletter/newsletter.service.js';
import { startPhotoBlobSweeper } from './modules/photos/photo-blob-sweeper.js';
import { photoRepository } from './modules/photos/photo.repository.js';
import { photoRoutes } from './modules/photos/photo.routes.js';
import { photoService } from './modules/photos/photo.service.js';
import { projectRepository } from './modules/projects/project.repository.js';
import { projectRoutes } from './modules/projects/project.routes.js';
import { startTempSelectionSweeper } from './modules/temp-selections/temp-selection-sweeper.js';
import { tempSelectionRepository } from './modules/temp-selections/temp-selection.repository.js';
import { tempSelectionRoutes } from './modules/temp-selections/temp-selection.routes.js';
import { tempSelectionService, type TempSelectionService } from './modules/temp-selections/temp-selection.service.js';
import { projectService } from './modules/projects/project.service.js';
import { pushSocketService } from './modules/push/push-socket.service.js';
import { registerPushRoutes } from './modules/push/push.routes.js';
import { isolatedIngestStatus } from './modules/uploads/ingest/isolated-ingest.js';
import { createUploadDatastore } from './modules/uploads/store/create-upload-datastore.js';
import type { UploadDatastore } from './modules/uploads/store/upload-datastore.js';
import { startUploadRecovery } from './modules/uploads/upload-recovery.js';
import { uploadRepository } from './modules/uploads/upload.repository.js';
import { registerUploadRoutes } from './modules/uploads/upload.routes.js';
import { uploadService, type UploadService } from './modules/uploads/upload.service.js';
import { identityRepository } from './modules/identities/identity.repository.js';
import { invoiceRepository } from './modules/invoices/invoice.repository.js';
import { INVOICE_PDF_LINK_PATH, invoicePdfLinkRoutes, invoiceRoutes } from './modules/invoices/invoice.routes.js';
import { invoiceService } from './modules/invoices/invoice.service.js';
import { definePrintFileJob, printFileKey } from './modules/products/print-file-job.js';
import { productFileRepository } from './modules/products/product-file.repository.js';
import { PRODUCT_FILE_LINK_PATH, productFileLinkRoutes, productRoutes } from './modules/products/product.routes.js';
import { productService, type ProductService } from './modules/products/product.service.js';
import { photoBooks } from './modules/widgets/photo-books.js';
import { widgetPublicRoutes, widgetRoutes } from './modules/widgets/widget.routes.js';
import { identityService } from './modules/identities/identity.service.js';
import { identityRequestRoutes } from './modules/identity-requests/identity-requests.routes.js';
import { identityRequestService } from './modules/identity-requests/identity-requests.service.js';
import { accountRequestService, type AccountRequestService } from './modules/identity-requests/account-requests.service.js';
import { localeCatalog } from './modules/site/locale-catalog.js';
import { registerSite } from './modules/site/site.routes.js';
import { allowedMethods } from './platform/api/allowed-methods.js';
import { registerApiReference } from './platform/api/api-reference.routes.js';
import { routeInventory, routeKey, unaccountedRoutes, type RegisteredRoute } from './platform/api/route-inventory.js';
import { createAccessTokenVerifier, type AccessTokenVerifier } from './platform/auth/access-token.js';
import { registerAuthentication } from './platform/auth/authenticate.js';
import { accountLiveness, LIVE_ACCOUNT_TRUST_MS, refuseEndedAccounts, verifyingLiveAccounts } from './platform/auth/live-account.js';
import { OWNER_LINK_SECRET, ownerLinkSigner } from './platform/auth/owner-link.js';
import { getOrCreateSecret } from './platform/auth/secrets.js';
import { registerBlobRoutes } from './platform/blobs/blob-routes.js';
import { createBlobStore } from './platform/blobs/create-blob-store.js';
import { photoBlobPrefix } from './platform/blobs/photo-blob-keys.js';
import { startPartialWriteSweeper } from './platform/blobs/partial-write-sweeper.js';
import { s3BucketUrl } from './platform/blobs/s3-bucket.js';
import { purgeExpiredOidcModels } from './platform/auth/embedded/db-adapter.js';
import { loadProviderKeys } from './platform/auth/embedded/keys.js';
import { API_SCOPE } from './platform/auth/embedded/provider-options.js';
import { registerEmbeddedProvider } from './platform/auth/embedded/provider.js';
import { clusterSettings, joinCluster } from './platform/db/cluster-instances.js';
import { connectionPoolStats, createDatabase, databaseCheck, type Db } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrator.js';
import type { EventBus } from './platform/events/event-bus.js';
import { memoryEventBus } from './platform/events/memory-event-bus.js';
import { sentryFailureSink } from './platform/error-reporting/sentry-failure-sink.js';
import { serverFailureReporter } from './platform/error-reporting/server-failure-reporter.js';
import { correlationIdFor, registerCorrelation } from './platform/http/correlation.js';
import { embeddedJobQueue } from './platform/jobs/embedded-job-queue.js';
import { jobProcess } from './platform/jobs/job-process.js';
import { builtModule } from './platform/runtime/built-module.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import { frameworkErrorOptions, MAX_PATH_PARAMETER_LENGTH, registerErrorHandling } from './platform/http/errors.js';
import { createMetrics } from './platform/metrics/metrics.js';
import { registerRequestGuards } from './platform/http/request-guards.js';
import { registerSecurityHeaders, type SecurityHeaderOptions } from './platform/http/security-headers.js';
import { clientAddressOf, registerProxyCheck } from './platform/http/client-address.js';
import { redactingLogger } from './platform/http/log-redaction.js';
import { registerMailboxPage } from './platform/mail/mailbox-page.js';
import { outboxIdentity } from './platform/mail/outbox-mailer.js';
import { createMailer } from './platform/mail/create-mailer.js';
import { recipientLimit } from './platform/mail/recipient-limit.js';
import { PUBLIC_ROUTES } from './public-routes.js';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface Shoebox {
  app: FastifyInstance;
  db: Db;
  /** Every route the server answers, and whether it is in the authenticated scope. */
  routes: () => RegisteredRoute[];
  uploads: UploadService;
  /** Where received upload bytes wait for their ingest: this machine's folder, or the bucket. */
  uploadFiles: UploadDatastore;
  /** Push events for customers, fanned out to their sockets on every machine. */
  events: EventBus;
  /** Durable background jobs; every kind is defined while the modules are wired, before it starts. */
  jobs: JobQueue;
  /** Library activation: the demo seeding gives an account its photos from the older system through it. */
  activation: LibraryActivationService;
  /** Orders: placed by the prints checkout, moved along by fulfilment, seeded for the demo accounts. */
  orders: OrderService;
  /** Products' files: the print-file pass, run by tests at once rather than on its minute. */
  products: ProductService;
  /** Temporary selections for the prints hand-off: the prints checkout checks an order's photos against one. */
  tempSelections: TempSelectionService;
  /** Account deletion: the deletion request's confirmation marks and starts it. */
  accountDeletions: AccountDeletionService;
  retention: RetentionService;
  /** The sign-in page's "Forgot password?" and "Create an account": its mails go out after the answer (decision 091). */
  accountRequests: AccountRequestService;
  close(): Promise<void>;
}

/** The composition root: picks each platform adapter from the config and wires the modules. */
export async function createShoebox(config: Config): Promise<Shoebox> {
  const db = await createDatabase(config.database);
  await migrateToLatest(db);

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : redactingLogger(config.logLevel),
    genReqId: correlationIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path parameter may be as long as the contracts allow (a 320-character email address, percent-encoded):
    // Fastify's default of 100 answered 414 to legal addresses.
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    ...frameworkErrorOptions,
  });
  const routes = routeInventory(app);
  // Counted from the first route on, and only where an operator reads them.
  const metrics = config.metricsToken ? createMetrics(app, config.metricsToken) : undefined;
  // Secure by default: a route that is neither in the authenticated scope nor named public stops the start.
  app.addHook('onReady', async () => {
    const stray = unaccountedRoutes(routes(), Object.keys(PUBLIC_ROUTES));
    if (stray.length) throw new Error(`Routes outside the authenticated scope that are not named public: ${stray.map(routeKey).join(', ')}`);
  });

  const https = config.publicUrl.startsWith('https://');
  const securityHeaders: SecurityHeaderOptions = {
    connectOrigins: [
      ...new Set([
        ...config.origins,
        ...Object.values(config.apiBases).map((u) => new URL(u).origin),
        ...config.origins.map((o) => o.replace(/^http/, 'ws')),
        // The browser's Sentry SDK posts its envelopes to the DSN's host.
        ...(config.sentryDsn ? [new URL(config.sentryDsn).origin] : []),
      ]),
    ],
    ownOrigins: config.origins,
    blobOrigins: config.blobs.kind === 's3' ? [new URL(s3BucketUrl(config.blobs)).origin] : [],
    https,
  };
  // The server's own failures go where the browser's do (decision 117), once that service is wired below.
  const failures = serverFailureReporter(app.log);
  registerErrorHandling(app, failures);
  registerRequestGuards(app);
  registerProxyCheck(app, config.trustProxy);
  registerCorrelation(app);
  registerSecurityHeaders(app, securityHeaders);

  const events: EventBus = config.redisUrl
    ? await (await import('./platform/events/redis-event-bus.js')).redisEventBus({ url: config.redisUrl, prefix: config.redisPrefix, log: app.log })
    : memoryEventBus(app.log);
  // Modules wired below define their job kinds on it; it takes jobs once everything is wired (below).
  // BullMQ and ioredis are loaded only when Redis is configured, as the S3 SDK is.
  const jobs: JobQueue = config.redisUrl
    ? (await import('./platform/jobs/bullmq-job-queue.js')).bullmqJobQueue({ url: config.redisUrl, prefix: `${config.redisPrefix}jobs`, log: app.log, failures })
    : embeddedJobQueue({ db, log: app.log, failures });

  const { mailer, outbox } = await createMailer(config);
  // Mails to addresses somebody else named, counted per recipient whoever asks (decision 076).
  const recipients = recipientLimit(db);
  if (outbox) registerMailboxPage(app, outbox, config.devMailbox);
  const { blobs, localFolder } = await createBlobStore(config, db);
  // Redis answers for the push events and the job queue alike: one connection to it is checked.
  // Instances sharing a PostgreSQL database are one cluster: one whose settings differ is not ready (decision 097).
  const cluster =
    config.database.kind === 'postgres'
      ? await joinCluster(db, clusterSettings(config, { outboxIdentity: config.mail.kind === 'outbox' ? await outboxIdentity(config.mail.dir) : undefined }))
      : undefined;
  const database = databaseCheck(db);
  app.addHook('onClose', () => database.close());
  registerHealth(app, {
    database: database.check,
    ...(config.redisUrl ? { redis: () => events.ping() } : {}),
    storage: () => blobs.ping(),
    ...(cluster ? { settings: () => cluster.check() } : {}),
  });
  if (localFolder) registerBlobRoutes(app, localFolder);
  const photos = photoRepository(db);
  const albumRows = albumRepository(db);
  const library = photoService(photos, blobs, albumRows.counts);
  const albums = albumService(albumRows, library.toPhoto);
  const uploadRows = uploadRepository(db);
  const uploadFiles = await createUploadDatastore(config, db);
  const customers = customerService(customerRepository(db));
  const uploads = uploadService({ uploads: uploadRows, datastore: uploadFiles, photos: library, albums, mayAdd: customers.mayAdd });
  // An order placed asks for its products' print files (decision 113); the products service is made just below.
  const orders = orderService({ repo: orderRepository(db), events, customerOf: customers.me, picturesOf: library.picturesOf, log: app.log, placed: (orderId) => products.filesForOrder(orderId) });
  const backupRows = backupRepository(db);
  const exports = exportJob({ repo: backupRows, blobs, libraryOriginals: library.libraryOriginals, mailer, publicUrl: config.publicUrl });
  jobs.define<ExportJobPayload>(EXPORT_JOB, exports.run, exports.options);
  const backups = backupService({ repo: backupRows, blobs, jobs, libraryOriginals: library.libraryOriginals, libraryVersion: library.libraryVersion, customerOf: customers.me });
  const activation = libraryActivationService({ db, blobs, jobs, events, uploads, workDir: path.join(config.dataDir, 'library-import'), log: app.log });
  const downloadRows = downloadRepository(db);
  const downloads = downloadService({ repo: downloadRows, originalsOf: library.originalsOf, sharedPhotoOwners: albums.sharedPhotoOwners, jobs, blobs });
  // One key signs the minute-long links to customers' files: invoices and products' print files (decisions 057, 114).
  const fileLinks = ownerLinkSigner(await getOrCreateSecret(db, OWNER_LINK_SECRET, () => randomBytes(32).toString('base64url')));
  const productFileRows = productFileRepository(db);
  definePrintFileJob(jobs, { repo: productFileRows, placementOf: orders.placementOf, originalsOf: library.originalsOf, blobs, log: app.log });
  const products = productService({
    repo: productFileRows,
    jobs,
    signer: fileLinks,
    linkBase: `${config.publicUrl}${SERVICE_BASE_PATHS.orders}${PRODUCT_FILE_LINK_PATH}`,
    blobs,
    productOf: orders.product,
    placementsOf: orders.placementsOf,
  });
  const invoices = invoiceService({
    repo: invoiceRepository(db),
    signer: fileLinks,
    linkBase: `${config.publicUrl}${SERVICE_BASE_PATHS.invoices}${INVOICE_PDF_LINK_PATH}`,
  });
  const tempSelectionRows = tempSelectionRepository(db);
  const tempSelections = tempSelectionService({
    repo: tempSelectionRows,
    ownPhotos: async (customerId, photoIds) => (await library.originalsOf(customerId, photoIds)).map((o) => o.photoId),
  });
  defineDownloadArchiveJob(jobs, { repo: downloadRows, originalsOf: library.originalsOf, sharedPhotoOwners: albums.sharedPhotoOwners, blobs, events, log: app.log });
  const retentionRows = retentionRepository(db);
  const retentionSetup: RetentionProcessSetup = { database: config.database, blobs: config.blobs, publicUrl: config.publicUrl, mail: config.mail, mailFrom: config.mailFrom };
  const retentionWork = jobProcess<RetentionProcessSetup, RetentionWork, void>({ entry: builtModule('retention-process'), setup: retentionSetup, log: app.log });
  const retention = retentionService(jobs, { repo: retentionRows, work: retentionWork.run, runHourUtc: config.retentionRunHourUtc });
  const errorReportRows = errorReportRepository(db);
  const feedbackRows = feedbackRepository(db);
  const liveness = accountLiveness(db);
  const accountDeletions = accountDeletionService(jobs, {
    repo: accountDeletionRepository(db),
    blobs,
    photos: library,
    albums,
    uploadFiles,
    blobFoldersOf: customerBlobFolders,
    // The address book, the stored payment method, the photo books, the storage period, the error reports, the feedback: each owner deletes all of a customer's.
    // The books are wired further down; the deletion runs only once the queue has started.
    erasers: [
      addressRepository(db).deleteAllOf,
      paymentMethodRepository(db).deleteAllOf,
      (customerId) => books.deleteAllOf(customerId),
      retentionRows.deleteAllOf,
      errorReportRows.deleteAllOf,
      feedbackRows.deleteAllOf,
      products.deleteAllOf,
    ],
    liveTrustMs: LIVE_ACCOUNT_TRUST_MS,
    accountEnded: liveness.forget,
    log: app.log,
  });

  const identities = identityService(identityRepository(db));
  const accountRequests = accountRequestService({ db, mailer, recipients, log: app.log });
  // A request answered just before the server stops still gets its mail out.
  app.addHook('onClose', () => accountRequests.idle());
  let verify: AccessTokenVerifier;
  if (config.auth.kind === 'embedded') {
    const keys = await loadProviderKeys(db);
    const catalog = localeCatalog(path.join(config.webDistDir, 'locales'));
    const options = {
      db,
      keys,
      accounts: identities,
      requests: accountRequests,
      issuer: config.auth.issuer,
      audience: config.auth.audience,
      clientId: config.auth.clientId,
      origins: config.origins,
      https,
      trustProxy: config.trustProxy,
      securityHeaders,
      textsFor: catalog.loginTexts,
    };
    await registerEmbeddedProvider(app, options);
    verify = createAccessTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, jwks: keys.publicJwks });
  } else {
    verify = createAccessTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, jwks: new URL(config.auth.jwksUrl) });
  }

  // Public routes, each named in PUBLIC_ROUTES; the sign-in provider, blobs, health and mailbox are registered above.
  await app.register(newsletterRoutes(newsletterService(newsletterRepository(db), mailer, config.publicUrl, recipients)), { prefix: SERVICE_BASE_PATHS.emailGateway });
  // The back office moves orders with a service credential, never a customer's token (decision 055).
  const fulfilmentKey = config.fulfilmentApiKey ?? (await getOrCreateSecret(db, FULFILMENT_KEY_SECRET, () => randomBytes(32).toString('base64url')));
  const fulfilment = fulfilmentService({ statusOf: orders.statusOf, move: async (code, to, tracking) => (await orders.move(code, to, tracking)).order });
  await app.register(fulfilmentRoutes(fulfilment, backOfficeCredential({ key: fulfilmentKey, failures: backOfficeFailureRepository(db) })), { prefix: SERVICE_BASE_PATHS.orders });
  await app.register(invoicePdfLinkRoutes(invoices), { prefix: SERVICE_BASE_PATHS.invoices });
  await app.register(productFileLinkRoutes(products), { prefix: SERVICE_BASE_PATHS.orders });
  const books = photoBooks({ db, toPhoto: library.toPhoto, mailer, blobs, publicUrl: config.publicUrl, channelOf: customers.me, log: app.log, recipients });
  await app.register(widgetPublicRoutes(books), { prefix: SERVICE_BASE_PATHS.widgets });
  // The merchandise catalogue: what every storefront sells, for anyone (decision 112).
  await app.register(catalogueRoutes(catalogueService()), { prefix: SERVICE_BASE_PATHS.catalogue });
  // The browser's failures, signed in or not (decision 108).
  const errorReports = errorReportService(errorReportRows);
  failures.connect(config.sentryDsn ? await sentryFailureSink({ dsn: config.sentryDsn, release: SERVER_VERSION }) : errorReports.failureSink());
  await app.register(errorReportRoutes({ service: errorReports, verify, trustProxy: config.trustProxy }), { prefix: SERVICE_BASE_PATHS.errorReports });
  const push = pushSocketService({ verify: verifyingLiveAccounts(verify, liveness.isLive), events, origins: config.origins, clientOf: (request) => clientAddressOf(request, config.trustProxy), log: app.log });
  registerPushRoutes(app, push);
  metrics?.expose({ jobs: () => jobs.stats(), connectionPool: () => connectionPoolStats(db), imagePool: isolatedIngestStatus, pushSockets: push.openSockets });
  registerApiReference(app, routes, {
    title: 'Shoebox API',
    version: SERVER_VERSION,
    description:
      'The account area\'s services. Each lives under its own base address, which /config.json gives the web. ' +
      'A string\'s minLength and maxLength count UTF-16 code units, as JavaScript\'s length does (an emoji may count as two). ' +
      'A JSON body with a "__proto__" key anywhere, or a "constructor" key holding "prototype", is refused with a 400. ' +
      `The merchandise catalogue is GraphQL: its schema is published at ${SERVICE_BASE_PATHS.catalogue}${CATALOGUE_SCHEMA_PATH}.`,
    oidcDiscoveryUrl: `${config.auth.issuer}/.well-known/openid-configuration`,
    apiScope: API_SCOPE,
    alsoPublished: [{ title: "The merchandise catalogue's GraphQL schema (POST its queries to " + `${SERVICE_BASE_PATHS.catalogue}${CATALOGUE_GRAPHQL_PATH})`, url: `${SERVICE_BASE_PATHS.catalogue}${CATALOGUE_SCHEMA_PATH}` }],
  });

  // Everything registered in here answers 401 to a call without a valid access token, before any handler runs.
  await app.register(async (api) => {
    registerAuthentication(api, verify);
    refuseEndedAccounts(api, liveness.isLive);
    // Every answer in here is one customer's: no browser or proxy cache keeps a copy, unless a route says how it may.
    api.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-store');
    });
    await api.register(customerRoutes(customers), { prefix: SERVICE_BASE_PATHS.customers });
    await api.register(addressRoutes(addressService({ repo: addressRepository(db), customerOf: customers.me })), { prefix: SERVICE_BASE_PATHS.customers });
    await api.register(experimentRoutes(experimentService({ config: config.experiments, customerOf: customers.me })), { prefix: SERVICE_BASE_PATHS.customers });
    await api.register(feedbackRoutes(feedbackService({ repo: feedbackRows, customerOf: customers.me })), { prefix: SERVICE_BASE_PATHS.customers });
    await api.register(paymentMethodRoutes(paymentMethodService({ repo: paymentMethodRepository(db), customerOf: customers.me })), { prefix: SERVICE_BASE_PATHS.customers });
    await api.register(photoRoutes(library), { prefix: SERVICE_BASE_PATHS.photoManagement });
    await api.register(albumRoutes(albums), { prefix: SERVICE_BASE_PATHS.photoManagement });
    await api.register(backupRoutes(backups), { prefix: SERVICE_BASE_PATHS.photoManagement });
    await api.register(libraryActivationRoutes(activation), { prefix: SERVICE_BASE_PATHS.photoManagement });
    await api.register(tempSelectionRoutes(tempSelections), { prefix: SERVICE_BASE_PATHS.photoManagement });
    await registerUploadRoutes(api, { datastore: uploadFiles, service: uploads });
    await api.register(downloadRoutes(downloads), { prefix: SERVICE_BASE_PATHS.downloads });
    await api.register(orderRoutes(orders), { prefix: SERVICE_BASE_PATHS.orders });
    await api.register(productRoutes(products), { prefix: SERVICE_BASE_PATHS.orders });
    const campaigns = campaignService(campaignRepository(db), async (identity, productCode) => (await orders.product(identity, productCode)).voucher);
    await api.register(
      printsCheckoutRoutes(printsCheckoutService({ selectionPhotos: tempSelections.photosOf, photoFiles: library.originalsOf, placeOrder: orders.place, tryVoucher: campaigns.tryVoucher })),
      { prefix: SERVICE_BASE_PATHS.orders },
    );
    await api.register(campaignRoutes(campaigns), { prefix: SERVICE_BASE_PATHS.orders });
    await api.register(deletionInfoRoutes(deletionInfoService(deletionInfoRepository(db))), { prefix: SERVICE_BASE_PATHS.accountDeletionInfo });
    await api.register(invoiceRoutes(invoices), { prefix: SERVICE_BASE_PATHS.invoices });
    // A project's cover is one of the customer's photos, signed by the photos module (smallest rendition).
    await api.register(projectRoutes(projectService(projectRepository(db), library.picturesOf)), { prefix: SERVICE_BASE_PATHS.projects });
    await api.register(widgetRoutes(books), { prefix: SERVICE_BASE_PATHS.widgets });
    await api.register(identityRequestRoutes(identityRequestService({ db, mailer, publicUrl: config.publicUrl, accountDeletions, recipients, log: app.log })), { prefix: SERVICE_BASE_PATHS.identities });
  });

  await registerSite(app, config, { allowedMethods: allowedMethods(routes) });

  // Background work starts once everything is wired, so a start that fails above leaves none running.
  await activation.resumeImports();
  await jobs.start();
  const sweeper = startPhotoBlobSweeper(photos, blobs, app.log);
  const partialWrites = startPartialWriteSweeper(blobs, app.log);
  const exportSweeper = startExportExpirySweeper({ repo: backupRows, blobs, log: app.log });
  const recovery = startUploadRecovery({ datastore: uploadFiles, uploads: uploadRows, service: uploads, log: app.log });
  const downloadSweeper = startDownloadSweeper({ repo: downloadRows, service: downloads, blobs, log: app.log });
  const tempSelectionSweeper = startTempSelectionSweeper({ repo: tempSelectionRows, log: app.log });
  const accountDeletionResume = accountDeletions.startResumePass(app.log);
  const printFileResume = products.startResumePass(app.log);
  const retentionSchedule = retention.startSchedule(app.log);
  const shareSweeper = books.startShareSweeper();
  const purge = setInterval(() => {
    purgeExpiredOidcModels(db).catch((err) => app.log.error({ err }, 'Purging expired sign-in records failed'));
    recipients.purge().catch((err) => app.log.error({ err }, 'Purging mail recipients failed'));
    accountRequests.purge().catch((err) => app.log.error({ err }, 'Purging sign-in page requests failed'));
    errorReports.purge().catch((err) => app.log.error({ err }, 'Purging error reports failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();

  return {
    app,
    db,
    routes,
    uploads,
    uploadFiles,
    events,
    jobs,
    activation,
    tempSelections,
    orders,
    accountDeletions,
    products,
    retention,
    accountRequests,
    async close() {
      clearInterval(purge);
      await sweeper.stop();
      await partialWrites.stop();
      await exportSweeper.stop();
      await downloadSweeper.stop();
      await tempSelectionSweeper.stop();
      await accountDeletionResume.stop();
      await printFileResume.stop();
      await retentionSchedule.stop();
      await shareSweeper.stop();
      await recovery.stop();
      await app.close();
      await jobs.close();
      // After the queue, which stops the runs it holds there first.
      await retentionWork.close();
      await events.close();
      await cluster?.close().catch(() => {});
      await db.destroy();
    },
  };
}

/** The blob folders that hold one customer's files and nobody else's, from each owner's key: a deleted account's are removed whole. */
function customerBlobFolders(customerId: string): string[] {
  // Every one of these keys is <root>/<customer id>/…: its first two segments are the customer's folder.
  return [photoBlobPrefix(customerId, 'x'), archiveKey(customerId, 'x'), exportBlobPrefix(customerId, 'x'), legacyPhotoKey(customerId, 'x'), printFileKey(customerId, 'x')].map((key) => key.split('/').slice(0, 2).join('/'));
}
