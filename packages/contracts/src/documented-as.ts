import type { z } from 'zod/mini';

/**
 * What the API document says of a contract beyond what JSON Schema reads from it: a description (that a cursor
 * is opaque), or an equivalent schema for checks JSON Schema cannot read (a check that picks the schema of a
 * payment method's kind, a rule across fields). Such contracts are written as checks, not unions, to keep
 * zod's union classes out of the web shell's first download; the equivalent is made only when the document is.
 */
export interface Documentation {
  description?: string;
  equivalent?: () => z.core.$ZodType;
  /** JSON Schema keywords a refine stands for (uniqueItems). */
  keywords?: Record<string, unknown>;
  /** A string that carries another value, base64-encoded: the schema of what it decodes to. */
  base64Of?: () => z.core.$ZodType;
}

const documentation = new WeakMap<object, Documentation>();

export function documentedAs<S extends z.core.$ZodType>(schema: S, doc: Documentation): S {
  documentation.set(schema, doc);
  return schema;
}

/** What the document says of `schema` beyond its own checks, where anything. */
export const documentationOf = (schema: z.core.$ZodType): Documentation | undefined => documentation.get(schema);
