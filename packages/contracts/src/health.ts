import { z } from 'zod/mini';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  // 'slow': answered late, still counted ready (a shared dependency's slowness is every instance's).
  checks: z.record(z.string(), z.enum(['ok', 'slow', 'failed'])),
});
export type Health = z.infer<typeof healthSchema>;
