import type { Generated } from 'kysely';


/** Datetimes are ISO-8601 UTC text and booleans 0/1 integers, so one set of queries fits SQLite and PostgreSQL. */
export interface CustomersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  channel: string;
  registered_at: string;
  business_company: string | null;
  business_vat: string | null;
  business_status: 'Default' | 'New' | 'Blocked' | 'Active' | null;
  deleted_at: string | null;
  /** FTP integration (business only, decision 062): both set or both null; left out when a customer is created. */
  callback_url?: string | null;
  callback_format?: 'json' | 'xml' | null;
}

export interface IdentitiesTable {
  id: string;
  customer_id: string;
  email: string;
  password_hash: string;
  idp_type: string;
  auth_method: string;
  created_at: string;
}

export interface LoginAttemptsTable {
  key: string;
  window_started_at: string;
  failures: number;
}

export interface OidcModelsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface SecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface NewsletterRequestsTable {
  /** 'address:<email>' or 'client:<ip>'. */
  key: string;
  window_start: string;
  count: number;
}

export interface NewsletterSubscriptionsTable {
  email: string;
  channel: string;
  token_hash: string;
  requested_at: string;
  expires_at: string;
  confirmed_at: string | null;
}

export interface PhotosTable {
  id: string;
  customer_id: string;
  checksum: string;
  original_name: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  date_taken: string;
  date_taken_offset: string | null;
  taken_month: string;
  uploaded_at: string;
  upload_month: string;
  upload_id: string;
  /** JSON: [{ size, width, height }] */
  renditions: string;
}

export interface PhotoMonthCountsTable {
  customer_id: string;
  sort_key: 'dateTaken' | 'created';
  month: string;
  count: number;
}

export interface BlobDeletionsTable {
  prefix: string;
  requested_at: string;
}

export interface PhotoBlobIntentsTable {
  prefix: string;
  started_at: string;
}

export interface UnfinishedUploadTotalsTable {
  customer_id: string;
  uploads: number;
  bytes: number;
}

export interface UploadsTable {
  id: string;
  customer_id: string;
  file_name: string;
  album_id: string | null;
  status: 'receiving' | 'ingesting' | 'done' | 'rejected';
  photo_id: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  declared_bytes: number;
  /** 0/1: the photo was already in the library. */
  duplicate: 0 | 1;
  /** The machine (its upload folder) that receives the bytes; null for uploads from before machines had ids. */
  machine_id: string | null;
}

/** A super order (migrations 004 and 016; decision 054): money in the currency's minor unit; the columns 016 added have defaults. */
export interface OrdersTable {
  id: string;
  customer_id: string;
  order_code: string;
  status: string;
  created_at: string;
  channel: Generated<string>;
  currency: Generated<string>;
  /** 'Resnap' or the product it was made in. */
  source: Generated<string>;
  delivery_type: Generated<'PickupPoint' | 'Home'>;
  delivery_first_name: Generated<string>;
  delivery_last_name: Generated<string>;
  delivery_street: Generated<string>;
  delivery_house_number: Generated<string>;
  delivery_postal_code: Generated<string>;
  delivery_city: Generated<string>;
  delivery_country_code: Generated<string>;
  delivery_phone: string | null;
  /** JSON { name, address } for PickupPoint deliveries. */
  pickup_point: string | null;
  total_amount: Generated<number>;
  payment_changed_at: string | null;
  updated_at: string | null;
  address_changed_at: string | null;
  /** 'delayed' or 'onHold' while something holds the order up (decision 107). */
  holdup: string | null;
  /** The placing caller's id for its request: the same request again answers this order. */
  request_id: string | null;
  /** A sent parcel's carrier, number and tracking page (migration 031): all three or none. */
  tracking_carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
}

/** A product of a super order, its sub-order (migration 016). */
export interface OrderProductsTable {
  code: string;
  order_id: string;
  customer_id: string;
  position: number;
  status: string;
  created_at: string;
  payment_changed_at: string | null;
  title: string;
  product_type: string;
  article_name: string;
  quantity: number;
  price_amount: number;
  voucher_code: string | null;
  voucher_title: string | null;
  voucher_discount_amount: number | null;
}

/** One of the customer's photos a product prints, in its place, with its copies (migration 040, decision 113). */
export interface OrderProductPhotosTable {
  product_code: string;
  position: number;
  order_id: string;
  photo_id: string;
  copies: number;
}

/** A file made for an ordered product: its print file (migration 040, decision 113). */
export interface ProductFilesTable {
  id: string;
  product_code: string;
  /** 'product.pdf' (PRODUCT_FILE_PURPOSES). */
  purpose: string;
  customer_id: string;
  /** pending, ready or failed (PRODUCT_FILE_STATES). */
  state: string;
  created_at: string;
  finished_at: string | null;
  /** Bytes of the file (bigint: PostgreSQL answers it as text). */
  bytes: number | string | null;
  pages: number | null;
  /** Photos of the product no longer in the library when the file was made. */
  left_out: number | null;
  failure: string | null;
}

/** A file an order was made from (migration 016). */
export interface OrderFilesTable {
  id: string;
  order_id: string;
  position: number;
  photo_id: string | null;
  file_name: string;
  bytes: number;
  uploaded_at: string;
}

export interface ProjectsTable {
  id: string;
  customer_id: string;
  /** The project's title. */
  name: string;
  created_at: string;
  /** When it was last saved. */
  updated_at: string;
  product_code: Generated<string>;
  channel: Generated<string>;
  page_count: Generated<number>;
  thumbnail_photo_id: string | null;
  /** The editor's state, JSON text. */
  editor_state: Generated<string>;
  /** Goes up with each save: a save names the version it was made from (decision 058). */
  version: Generated<number>;
}

export interface AlbumsTable {
  id: string;
  owner_id: string;
  name: string;
  is_shared: 0 | 1;
  created_at: string;
  updated_at: string;
}

export interface AlbumPhotosTable {
  album_id: string;
  photo_id: string;
  photo_owner_id: string;
  added_at: string;
  /** Grows with every photo added to the album, in the order they were chosen; breaks ties of added_at. */
  added_order: number;
}

export interface AlbumParticipantsTable {
  album_id: string;
  customer_id: string;
  joined_at: string;
}

export interface PhotoLibraryVersionsTable {
  customer_id: string;
  version: number;
}

/** One per customer with orders: moves on with every change to their orders (decision 054). */
export interface OrderHistoryVersionsTable {
  customer_id: string;
  version: number;
}

export interface JobsTable {
  kind: string;
  /** Unique per kind: a second enqueue with it adds nothing. */
  id: string;
  /** JSON. */
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Runs claimed so far, the current one included. */
  attempts: number;
  /** A queued job is not taken before this (its retry's wait). */
  run_after: string;
  /** The queue instance running it, and until when; another takes it once that has passed. */
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  /** The id of the request that asked for it (decision 104). */
  trace_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A zip archive a customer asked for (migration 012); `photos` is JSON [{ photoId, ownerId }] in the order asked for. */
export interface DownloadsTable {
  id: string;
  customer_id: string;
  name: string | null;
  photos: string;
  photos_count: number;
  state: 'pending' | 'ready' | 'failed' | 'expired';
  /** Bytes of the zip (bigint: PostgreSQL answers it as text). */
  size: number | string | null;
  /** Photos deleted before the archive read them. */
  left_out: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
  /** The originals' bytes when it was asked for (bigint); null for archives from before migration 029. */
  planned_bytes: number | string | null;
  /** sha256 of its sorted `ownerId/photoId` list: an identical selection asked again finds it (decision 080). */
  selection: string | null;
}

export interface DownloadPendingTotalsTable {
  customer_id: string;
  pending: number;
}

/** A full-library export (migration 013): its state, its progress chunk by chunk, and the mail that said it was ready. */
export interface BackupsTable {
  id: string;
  customer_id: string;
  status: 'requested' | 'in-progress' | 'processed' | 'failed';
  requested_at: string;
  processed_at: string | null;
  email: string;
  locale: string;
  chunks_done: number;
  resume_after: string | null;
  photos_count: number;
  skipped_photos: number;
  mail_sent_at: string | null;
  error: string | null;
  /** The library's version when it was asked for (migration 029); null for exports from before. */
  library_version: number | null;
}

export interface BackupChunksTable {
  id: string;
  backup_id: string;
  iteration: number;
  blob_key: string;
  /** Bytes of the zip (bigint: PostgreSQL answers it as text). */
  size: number | string;
  photos: number;
}

/** A library that is not simply ACTIVE (no row: ACTIVE); docs/decisions/051. */
export interface LibraryActivationsTable {
  customer_id: string;
  status: 'ACTIVE' | 'NOT_ACTIVE' | 'IMPORTING' | 'DELETING';
  import_id: string | null;
  started_at: string | null;
  finished_at: string | null;
}

/** A file the account uploaded in the retailer's older system, kept outside the library until activation imports it. */
export interface LegacyPhotosTable {
  id: string;
  customer_id: string;
  file_name: string;
  uploaded_at: string;
  bytes: number;
  state: 'pending' | 'imported' | 'failed';
  photo_id: string | null;
  failure: string | null;
  done_at: string | null;
}

export interface InvoiceGroupsTable {
  id: string;
  customer_id: string;
  invoice_number: string;
  channel: string;
  issued_at: string;
  /** Whom it was billed to: JSON { company, vat, name, email } as at issue. */
  billed_to: string;
}

export interface HistoricalInvoicesTable {
  id: string;
  customer_id: string;
  invoice_group_id: string | null;
  invoice_number: string;
  order_code: string;
  channel: string;
  currency: string;
  issued_at: string;
  /** JSON [{ description, quantity, unitPrice, vatRate }]: minor units and basis points. */
  lines: string;
  total_excl_vat: number;
  vat: number;
  total_incl_vat: number;
  /** JSON { company, vat, name, email } as at issue. */
  billed_to: string;
}

/** Campaigns, their voucher offers and the order-cutoff article groups (migration 017, decision 056). */
export interface CampaignsTable {
  name: string;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
}

export interface CampaignOffersTable {
  voucher_option_code: string;
  campaign_name: string;
  title: string;
  description: string;
  discount_kind: 'Percentage' | 'Amount';
  discount_value: number;
  currency: string | null;
  minimum_order_amount: number;
  /** JSON array of article group codes. */
  article_groups: string;
  valid_from: string;
  valid_until: string;
  /** JSON { [language]: { title, description } } (migration 031): the offer in the storefronts' other languages. */
  translations: string;
}

export interface ArticleGroupsTable {
  code: string;
  name: string;
  /** JSON array of article names. */
  article_names: string;
  order_cutoff: string;
  time_zone: string;
  production_days: number;
  sort_order: number;
}

/** Refused back-office credentials per client address and window (decision 055). */
/** A browser's error report, scrubbed (migration 038); `context` is a JSON object of strings. */
export interface ErrorReportsTable {
  id: string;
  received_at: string;
  customer_id: string | null;
  message: string;
  name: string | null;
  correlation_id: string | null;
  page: string | null;
  context: string;
}

/** Error reports counted per key (a client address, or the whole service) in one-minute windows (migration 038). */
export interface ErrorReportCountsTable {
  key: string;
  window_start: string;
  count: number;
}

/** A customer's feedback from the account area's widget (migration 039). */
export interface FeedbackTable {
  id: string;
  customer_id: string;
  channel: string;
  received_at: string;
  rating: number;
  comment: string | null;
  page: string;
}

/** Feedback counted per customer and UTC day (migration 039). */
export interface FeedbackCountsTable {
  customer_id: string;
  day: string;
  count: number;
}

export interface BackOfficeAuthFailuresTable {
  key: string;
  window_start: string;
  count: number;
}

/** A temporary selection for the prints hand-off (migration 020); `photo_ids` is a JSON array in the order chosen. */
export interface TempSelectionsTable {
  id: string;
  customer_id: string;
  photo_ids: string;
  channel: string;
  created_at: string;
  expires_at: string;
}

/** One row per customer, taken first by each creation so they count their live selections one at a time. */
export interface TempSelectionTurnsTable {
  customer_id: string;
  last_created_at: string;
}

/**
 * An email change, account deletion or password reset request (migration 023, decisions 064 and 091): only
 * the token's sha256 is kept.
 */
export interface IdentityRequestsTable {
  id: string;
  customer_id: string;
  kind: 'email_change' | 'account_deletion' | 'password_reset';
  token_hash: string;
  /** The address asked for; null for a deletion. */
  new_email: string | null;
  channel: string;
  created_at: string;
  expires_at: string;
  /** Set when the token was used or a request of the kind mailed later replaced it. */
  closed_at: string | null;
  /** When its mail went out (migration 030): until then its link does not work. */
  mailed_at: string | null;
}

/**
 * Identity requests counted per customer and kind in fixed windows (migration 023). The sign-in page's
 * requests, asked for without an account, are counted under `address:<sha256 of the address>` and
 * `client:<client address>` in place of a customer id (decision 091).
 */
export interface IdentityRequestCountsTable {
  customer_id: string;
  kind: IdentityRequestsTable['kind'] | 'registration';
  window_start: string;
  count: number;
}

/** An instance of the cluster and the digests of the settings instances must agree on (migration 034, decision 097). */
export interface ClusterInstancesTable {
  id: string;
  /** JSON: setting name → digest of its value. */
  settings: string;
  started_at: string;
  /** Its last heartbeat: an instance not seen for a while is gone. */
  seen_at: string;
}

/** A named piece of work one machine of a cluster does for all (migration 033, decision 096). */
export interface ClusterLeasesTable {
  name: string;
  /** The holding process, as `clusterLease` names it. */
  owner: string;
  expires_at: string;
  /** 1 once another machine asked the holder to let go (migration 035). */
  release_requested: Generated<number>;
}

/**
 * An account asked for on the sign-in page, not yet confirmed (migration 032, decision 091): the account
 * exists only once the mailed link is used. Only the token's sha256 is kept; rows go once closed or expired.
 */
export interface AccountRegistrationsTable {
  id: string;
  /** Lower-cased. */
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** The storefront's channel code: the new customer's. */
  channel: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when the link was used, or another link for the address created the account. */
  closed_at: string | null;
}

/** A requested account deletion (migration 024, decision 066): customer_id is cleared when it has finished. */
export interface AccountDeletionsTable {
  /** Random; the customer's kept orders and invoices carry it instead of their id. */
  tombstone: string;
  customer_id: string | null;
  requested_at: string;
  finished_at: string | null;
}

/** A recipient of mails others asked for, by the sha256 of its address: the row its sends are counted under (migration 027, decision 076). */
export interface MailRecipientsTable {
  recipient: string;
  touched_at: string;
}

/** One mail to such a recipient (migration 027). */
export interface MailRecipientSendsTable {
  id: string;
  recipient: string;
  sent_at: string;
}

/** A customer's storage period near or past its end (migration 026, decision 071). */
export interface StoragePeriodsTable {
  customer_id: string;
  /** The period's end as computed from the last order or registration: a new value starts a new reminder sequence. */
  period_end: string;
  /** The deletion date the reminders told: the period's end, or later when a reminder went out late. */
  deletion_at: string;
  reminders_sent: Generated<number>;
  reminded_at: string | null;
  /** When the library was last emptied at a period's end; the next period starts at the first upload after it. */
  emptied_at: string | null;
  emptied_photos: number | null;
  emptied_mail_sent_at: string | null;
}

/** One daily run of the storage period (migration 026): where it has got to and what it did. */
export interface RetentionRunsTable {
  day: string;
  started_at: string;
  finished_at: string | null;
  /** The last customer id the run has wholly handled; a resumed run goes on after it. */
  cursor: string | null;
  customers_seen: Generated<number>;
  reminded: Generated<number>;
  emptied: Generated<number>;
  photos_deleted: Generated<number>;
  reprieved: Generated<number>;
  deferred: Generated<number>;
}

/** One address in a customer's address book (migration 022); `is_default` is 0/1, at most one 1 per customer. */
export interface CustomerAddressesTable {
  id: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  country_code: string;
  phone: string | null;
  is_default: number;
  created_at: string;
}

/** The customer's stored payment method, masked only (decision 063): never a whole card number or IBAN. */
export interface CustomerPaymentMethodsTable {
  customer_id: string;
  kind: 'card' | 'sepaDirectDebit' | 'paypal' | 'ideal' | 'bancontact' | 'klarna';
  brand: 'visa' | 'mastercard' | 'amex' | 'maestro' | null;
  last4: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  holder: string | null;
  masked_email: string | null;
  updated_at: string;
}

/** An online photo book (migration 025): one customer's, of one of their order codes (decision 065). */
export interface WidgetsTable {
  id: string;
  customer_id: string;
  product_code: string;
  product_type: 'photobook' | 'calendar' | 'wallDecor';
  title: string;
  cover_photo_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One page of a book; `photo_ids` is a JSON array of the customer's photo ids in the order laid out. */
export interface WidgetPagesTable {
  widget_id: string;
  position: number;
  caption: string | null;
  photo_ids: string;
}

/** A share link mailed to someone: only the token's hash is kept; `sent_at` is null until the mail went. */
export interface WidgetSharesTable {
  id: string;
  widget_id: string;
  customer_id: string;
  token_hash: string;
  vendor_id: string;
  sender_name: string;
  personal_message: string;
  recipient_email: string;
  created_at: string;
  expires_at: string;
  sent_at: string | null;
}

/** Shares one customer asked for in one window, counted by one upsert each. */
export interface WidgetShareCountsTable {
  customer_id: string;
  window_start: string;
  count: number;
}

/** A book published to the storefront's gallery; at most one per book. */
export interface GalleryEntriesTable {
  id: string;
  widget_id: string;
  customer_id: string;
  category_id: string;
  title: string;
  channel: string;
  created_at: string;
  updated_at: string;
}

/** An order code whose books may not be published to the gallery. */
export interface BlockedOrdersTable {
  order_code: string;
  reason: string;
  blocked_at: string;
}

export interface Database {
  customers: CustomersTable;
  customer_addresses: CustomerAddressesTable;
  customer_payment_methods: CustomerPaymentMethodsTable;
  identities: IdentitiesTable;
  login_attempts: LoginAttemptsTable;
  oidc_models: OidcModelsTable;
  secrets: SecretsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_requests: NewsletterRequestsTable;
  photos: PhotosTable;
  photo_month_counts: PhotoMonthCountsTable;
  blob_deletions: BlobDeletionsTable;
  photo_blob_intents: PhotoBlobIntentsTable;
  unfinished_upload_totals: UnfinishedUploadTotalsTable;
  uploads: UploadsTable;
  orders: OrdersTable;
  order_products: OrderProductsTable;
  order_files: OrderFilesTable;
  order_product_photos: OrderProductPhotosTable;
  product_files: ProductFilesTable;
  order_history_versions: OrderHistoryVersionsTable;
  campaigns: CampaignsTable;
  campaign_offers: CampaignOffersTable;
  article_groups: ArticleGroupsTable;
  back_office_auth_failures: BackOfficeAuthFailuresTable;
  error_reports: ErrorReportsTable;
  error_report_counts: ErrorReportCountsTable;
  feedback: FeedbackTable;
  feedback_counts: FeedbackCountsTable;
  projects: ProjectsTable;
  albums: AlbumsTable;
  album_photos: AlbumPhotosTable;
  album_participants: AlbumParticipantsTable;
  photo_library_versions: PhotoLibraryVersionsTable;
  downloads: DownloadsTable;
  download_pending_totals: DownloadPendingTotalsTable;
  jobs: JobsTable;
  backups: BackupsTable;
  backup_chunks: BackupChunksTable;
  library_activations: LibraryActivationsTable;
  legacy_photos: LegacyPhotosTable;
  invoice_groups: InvoiceGroupsTable;
  historical_invoices: HistoricalInvoicesTable;
  temp_selections: TempSelectionsTable;
  temp_selection_turns: TempSelectionTurnsTable;
  identity_requests: IdentityRequestsTable;
  identity_request_counts: IdentityRequestCountsTable;
  account_registrations: AccountRegistrationsTable;
  cluster_leases: ClusterLeasesTable;
  cluster_instances: ClusterInstancesTable;
  mail_recipients: MailRecipientsTable;
  mail_recipient_sends: MailRecipientSendsTable;
  account_deletions: AccountDeletionsTable;
  widgets: WidgetsTable;
  widget_pages: WidgetPagesTable;
  widget_shares: WidgetSharesTable;
  widget_share_counts: WidgetShareCountsTable;
  gallery_entries: GalleryEntriesTable;
  blocked_orders: BlockedOrdersTable;
  storage_periods: StoragePeriodsTable;
  retention_runs: RetentionRunsTable;
}
