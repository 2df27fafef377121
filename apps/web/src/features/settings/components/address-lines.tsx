import type { Address } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';

/** An address as a label reads it: name, street and number, postal code and town, country. */
export function AddressLines({ address }: { address: Address }) {
  const { i18n } = useTranslation();
  const country = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(address.countryCode) ?? address.countryCode;
  return (
    <>
      {`${address.firstName} ${address.lastName}`}
      <br />
      {`${address.street} ${address.houseNumber}`}
      <br />
      {`${address.postalCode} ${address.city}`}
      <br />
      {country}
    </>
  );
}
