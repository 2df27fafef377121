/** Every cached saved-projects query; `lists()` is every page of every list. */
export const projectKeys = {
  all: ['saved-projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  page: (accountId: string, page: number) => [...projectKeys.lists(), accountId, page] as const,
};
