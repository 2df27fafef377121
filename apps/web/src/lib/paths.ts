import { SHARED_BOOK_WEB_PATH } from '@shoebox/contracts';

/** Every route of the account area (spec: account-area §2.1, photo-library §2). */
export const paths = {
  overview: '/',
  accountDeleted: '/account-deleted',
  deleteAccountConfirmation: '/delete-account-confirmation',
  deleteAccountError: '/delete-account-error',
  savedProjects: '/saved-projects',
  orders: '/orders',
  order: (orderCode: string) => `/orders/${encodeURIComponent(orderCode)}`,
  myPhotos: '/my-photos',
  photos: '/my-photos/photos',
  albums: '/my-photos/albums',
  sharedAlbums: '/my-photos/shared-albums',
  downloads: '/downloads',
  printsEditor: '/prints-editor',
  settings: '/settings',
  businessSettings: '/settings/b2b',
  businessEmail: '/settings/b2b/email',
  personalDetails: '/settings/personal-details',
  paymentMethod: '/settings/payment-method',
  changeEmail: '/settings/email',
  newAddress: '/settings/new-address',
  address: (addressId: string) => `/settings/address/${encodeURIComponent(addressId)}`,
  allAddresses: '/settings/addresses/all',
  businessNewAddress: '/settings/b2b/new-address',
  businessAddress: (addressId: string) => `/settings/b2b/address/${encodeURIComponent(addressId)}`,
  changeEmailConfirmation: '/change-email-confirmation',
  changeEmailSuccess: '/change-email-success',
  changeEmailError: '/change-email-error',
  logout: '/logout',
  widgets: '/online-products',
  widget: (productCode: string) => `/online-products/${encodeURIComponent(productCode)}`,
  sharedPhotoBook: (shareToken: string) => `${SHARED_BOOK_WEB_PATH}/${encodeURIComponent(shareToken)}`,
  invoices: '/invoices',
  integration: '/integration',
  subscriptionConfirmation: '/subscription-confirmation',
  subscriptionSuccess: '/subscription-confirmation-success',
  subscriptionError: '/subscription-confirmation-error',
} as const;

/** The query parameter an error page reads its cause from (the change-email error page: an address in use). */
export const ERROR_REASON_PARAM = 'reason';
