import { apiErrorSchema } from '@shoebox/contracts';
import { z } from 'zod/mini';

/**
 * The fields a 400 names, from the project's JSON error shape (`issues[].path`, e.g. "number" or "body.number"):
 * the field is the path's last part. Anything else in the body names no field.
 */
export function readServerRefusalIssues(body: string): { field: string; message: string }[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  const parsed = z.safeParse(apiErrorSchema, json);
  if (!parsed.success) return [];
  return (parsed.data.issues ?? []).map((issue) => ({ field: issue.path.split('.').at(-1) ?? '', message: issue.message }));
}
