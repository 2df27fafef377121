import type { ProductKind } from '@shoebox/contracts';
import type { ReactElement } from 'react';

/**
 * Drawings of each kind of product, for an order or project with no photo of the customer's to show
 * (decision 090). Drawn inline: no request, sharp at any size, in the brand's colours.
 */
const ART: Record<ProductKind | 'other', ReactElement> = {
  prints: (
    <>
      <rect x="14" y="22" width="44" height="34" rx="2" transform="rotate(-8 36 39)" fill="var(--surface)" stroke="var(--border-strong)" />
      <rect x="22" y="18" width="44" height="34" rx="2" fill="var(--surface)" stroke="var(--border-strong)" />
      <rect x="26" y="22" width="36" height="22" fill="var(--accent-soft)" />
      <path d="M26 44l10-11 8 8 6-5 12 8z" fill="var(--accent)" />
      <circle cx="54" cy="28" r="3" fill="var(--accent)" />
    </>
  ),
  photobook: (
    <>
      <path d="M12 20h28v40H12z" fill="var(--accent)" />
      <path d="M40 20h28v40H40z" fill="var(--accent-strong)" />
      <rect x="17" y="26" width="18" height="14" fill="var(--accent-soft)" />
      <path d="M17 40l6-6 4 4 3-2 5 4z" fill="var(--accent-strong)" />
      <path d="M40 18v44" stroke="var(--surface)" strokeWidth="1.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="18" y="14" width="44" height="52" rx="2" fill="var(--surface)" stroke="var(--border-strong)" />
      <rect x="22" y="20" width="36" height="22" fill="var(--accent-soft)" />
      <path d="M22 42l10-10 7 7 6-4 13 7z" fill="var(--accent)" />
      <path d="M24 48h32M24 53h32M24 58h32" stroke="var(--border-strong)" strokeDasharray="3 2" />
      <path d="M30 11v6M50 11v6" stroke="var(--accent-strong)" strokeWidth="2" />
    </>
  ),
  wallDecor: (
    <>
      <path d="M40 10l-14 12M40 10l14 12" stroke="var(--border-strong)" />
      <rect x="12" y="22" width="56" height="40" fill="var(--accent-strong)" />
      <rect x="16" y="26" width="48" height="32" fill="var(--accent-soft)" />
      <path d="M16 58l16-16 10 10 8-6 14 12z" fill="var(--accent)" />
      <circle cx="54" cy="34" r="4" fill="var(--accent)" />
    </>
  ),
  cards: (
    <>
      <path d="M16 20l24 6v40l-24-6z" fill="var(--accent-soft)" stroke="var(--border-strong)" />
      <path d="M40 26l24-6v40l-24 6z" fill="var(--surface)" stroke="var(--border-strong)" />
      <path d="M46 34h12M46 40h12M46 46h8" stroke="var(--accent)" strokeWidth="2" />
      <path d="M19 50l8-8 6 6 4-3v11l-18-4z" fill="var(--accent)" />
    </>
  ),
  gift: (
    <>
      <path d="M20 24h34v30a8 8 0 0 1-8 8H28a8 8 0 0 1-8-8z" fill="var(--surface)" stroke="var(--border-strong)" />
      <path d="M54 30h4a8 8 0 0 1 0 16h-4" fill="none" stroke="var(--border-strong)" strokeWidth="3" />
      <rect x="26" y="32" width="22" height="16" fill="var(--accent-soft)" />
      <path d="M26 48l8-8 5 5 4-3 5 6z" fill="var(--accent)" />
    </>
  ),
  other: (
    <>
      <rect x="16" y="18" width="48" height="44" rx="4" fill="var(--surface)" stroke="var(--border-strong)" />
      <rect x="22" y="24" width="36" height="26" fill="var(--accent-soft)" />
      <path d="M22 50l12-12 8 8 6-5 10 9z" fill="var(--accent)" />
    </>
  ),
};

export function ProductArt({ kind }: { kind: ProductKind | undefined }) {
  return (
    <svg viewBox="0 0 80 80" aria-hidden="true" focusable="false">
      {ART[kind ?? 'other']}
    </svg>
  );
}
