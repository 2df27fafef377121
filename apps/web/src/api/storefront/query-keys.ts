export const storefrontKeys = {
  all: ['storefront'] as const,
  publicConfiguration: (vendorId: string) => [...storefrontKeys.all, 'public-configuration', vendorId] as const,
  catalogue: (channelCode: string, language: string) => [...storefrontKeys.all, 'catalogue', channelCode, language] as const,
};
