import type { Address } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { addressLines } from '../lib/format';

/** An address as it would be written on the parcel. */
export function AddressBlock({ address, className }: { address: Address; className?: string }) {
  const { i18n } = useTranslation('orders');
  return (
    <address className={className}>
      {addressLines(address, i18n.language).map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
