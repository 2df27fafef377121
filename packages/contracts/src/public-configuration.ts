import { z } from 'zod/mini';

export const menuItemSchema = z.object({ label: z.string().check(z.minLength(1)), url: z.url() });
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Per-vendor storefront configuration: its menus and the addresses of its public pages. */
export const publicConfigurationSchema = z.object({
  vendorId: z.string(),
  menus: z.object({
    top: z.array(menuItemSchema),
    main: z.array(menuItemSchema),
    footer: z.array(menuItemSchema),
  }),
  routes: z.object({
    storefront: z.url(),
    faq: z.url(),
    customerCare: z.url(),
    createAccount: z.url(),
    products: z.url(),
    privacy: z.url(),
  }),
});
export type PublicConfiguration = z.infer<typeof publicConfigurationSchema>;

export const publicConfigurationParamsSchema = z.object({ vendorId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The storefront's public pages by their conventional addresses; also the fallback when configuration fails. */
export function conventionalStorefrontRoutes(host: string): PublicConfiguration['routes'] {
  const shop = `https://${host}`;
  return {
    storefront: `${shop}/`,
    faq: `${shop}/help/faq`,
    customerCare: `${shop}/help/contact`,
    createAccount: `${shop}/account/register`,
    products: `${shop}/products`,
    privacy: `${shop}/privacy`,
  };
}
