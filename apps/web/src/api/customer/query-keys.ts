export const customerKeys = {
  all: ['customer'] as const,
  me: () => [...customerKeys.all, 'me'] as const,
  experiments: () => [...customerKeys.all, 'experiments'] as const,
};
