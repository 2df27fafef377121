import { BRAND_NAMES, type Address, type Channel } from '@shoebox/contracts';

type PlaceAddress = Pick<Address, 'street' | 'houseNumber' | 'postalCode' | 'city'>;

/** The collection point of each country a storefront delivers to: a PickupPoint order goes there unless its caller names another. */
const COLLECTION_POINTS: Record<string, PlaceAddress> = {
  GB: { street: 'Oxford Street', houseNumber: '214', postalCode: 'W1D 1LA', city: 'London' },
  IE: { street: 'Grafton Street', houseNumber: '52', postalCode: 'D02 X285', city: 'Dublin' },
  NL: { street: 'Kalverstraat', houseNumber: '118', postalCode: '1012 PK', city: 'Amsterdam' },
  BE: { street: 'Nieuwstraat', houseNumber: '61', postalCode: '1000', city: 'Brussel' },
  DE: { street: 'Friedrichstraße', houseNumber: '76', postalCode: '10117', city: 'Berlin' },
  AT: { street: 'Mariahilfer Straße', houseNumber: '33', postalCode: '1060', city: 'Wien' },
  FR: { street: 'Rue de Rivoli', houseNumber: '140', postalCode: '75001', city: 'Paris' },
  ES: { street: 'Calle de Preciados', houseNumber: '9', postalCode: '28013', city: 'Madrid' },
  IT: { street: 'Via del Corso', houseNumber: '181', postalCode: '00186', city: 'Roma' },
  PT: { street: 'Rua Augusta', houseNumber: '24', postalCode: '1100-053', city: 'Lisboa' },
  DK: { street: 'Strøget', houseNumber: '12', postalCode: '1160', city: 'København' },
  NO: { street: 'Karl Johans gate', houseNumber: '16', postalCode: '0154', city: 'Oslo' },
  SE: { street: 'Drottninggatan', houseNumber: '53', postalCode: '111 21', city: 'Stockholm' },
};

/** The channel's own collection point, addressed to the customer who collects the order. */
export function collectionPointFor(channel: Channel, recipient: Pick<Address, 'firstName' | 'lastName' | 'phone'>): { name: string; address: Address } {
  const place = COLLECTION_POINTS[channel.country] ?? COLLECTION_POINTS.GB!;
  return { name: `${BRAND_NAMES[channel.brand]} ${place.city}`, address: { ...recipient, ...place, countryCode: channel.country } };
}
