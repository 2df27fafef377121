/** The public page a share link opens: {origin}/shared-photo-book/{shareToken}. Its own file, so the web shell's paths take nothing else of the photo-book contracts. */
export const SHARED_BOOK_WEB_PATH = '/shared-photo-book';
