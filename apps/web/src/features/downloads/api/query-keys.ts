/** Every cached downloads query; invalidating `all` refreshes the downloads page. */
export const downloadKeys = {
  all: ['downloads'] as const,
  list: () => [...downloadKeys.all, 'list'] as const,
};
