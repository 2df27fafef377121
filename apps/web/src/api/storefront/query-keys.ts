export const storefrontKeys = {
  all: ['storefront'] as const,
  publicConfiguration: (vendorId: string) => [...storefrontKeys.all, 'public-configuration', vendorId] as const,
};
