/** Every cached address-book query; invalidating `all` refreshes the list, each address and the default one /settings shows. */
export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
};
