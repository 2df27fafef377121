import { z } from 'zod/mini';

/** An address that can be mailed (RFC 5321): at most 254 characters. */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
/** A DNS label is at most 63 characters: a longer one in the domain names no mailbox anywhere. */
const DOMAIN_LABEL_MAX_LENGTH = 63;

const domainLabelsFit = (address: string) =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .split('.')
    .every((label) => label.length <= DOMAIN_LABEL_MAX_LENGTH);

/** An email address a customer types, to be mailed: the one rule for every request that takes one. */
export const emailAddressSchema = () =>
  z.email().check(z.maxLength(EMAIL_ADDRESS_MAX_LENGTH), z.refine(domainLabelsFit, { message: 'Invalid email address' }));
