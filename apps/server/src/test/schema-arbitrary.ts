/**
 * Values a JSON Schema (the API document's dialect, 2020-12) allows, as fast-check arbitraries: the property
 * test of the API document sends them and expects the server to take whatever the document allows.
 * Only the keywords the contracts produce are read; a schema using any other fails loudly, so a new kind of
 * contract cannot be tested as if it were looser than it is.
 */
import fc, { type Arbitrary } from 'fast-check';

export type JsonSchema = Record<string, unknown>;

const KNOWN = new Set([
  'type', 'enum', 'const', 'default', 'description', 'title', 'examples', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'items', 'minItems', 'maxItems', 'uniqueItems', 'properties', 'required',
  'additionalProperties', 'propertyNames', 'anyOf', 'oneOf', 'allOf', 'contentEncoding', 'contentMediaType', 'readOnly', 'writeOnly', 'id',
  'patterns', 'contentSchema', 'maxProperties',
]);

/** Keys the API document says no JSON body may hold (app.ts: "__proto__" anywhere, "constructor" holding "prototype"). */
const REFUSED_KEYS = new Set(['__proto__', 'constructor']);

/** "None of these characters": the text rule's patterns, met by filtering any text rather than generating from the pattern. */
const CHARACTERS_REFUSED = /^\^\[\^[^\]]*\]\*\$$/;

/** Text of any characters the document allows: letters of every script, emoji, and the ASCII punctuation clients send. */
const anyText = (min: number, max: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: max });

/**
 * Strings of a length the schema allows, from its pattern when it has one. Lengths count UTF-16 code units, as
 * the document's description says of its lengths.
 */
function stringOf(schema: JsonSchema): Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = Math.min((schema.maxLength as number | undefined) ?? min + 40, min + 200);
  const fitsLength = (s: string) => s.length >= min && s.length <= ((schema.maxLength as number | undefined) ?? Infinity);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((s) => s.length <= max && (!schema.pattern || new RegExp(schema.pattern as string, 'u').test(s)));
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] }).filter(fitsLength);
  }
  const patterns = [...((schema.patterns ?? []) as string[]), ...(typeof schema.pattern === 'string' ? [schema.pattern] : [])].map((p) => new RegExp(p, 'u'));
  const matchesAll = (s: string) => patterns.every((p) => p.test(s));
  const shape = patterns.find((p) => !CHARACTERS_REFUSED.test(p.source));
  if (shape) return fc.stringMatching(shape).filter((s) => fitsLength(s) && matchesAll(s));
  return anyText(min, max).filter((s) => fitsLength(s) && matchesAll(s));
}

function numberOf(schema: JsonSchema, integer: boolean): Arbitrary<number> {
  const lowest = integer ? Number.MIN_SAFE_INTEGER : -1e12;
  const highest = integer ? Number.MAX_SAFE_INTEGER : 1e12;
  let min = (schema.minimum as number | undefined) ?? lowest;
  let max = (schema.maximum as number | undefined) ?? highest;
  if (typeof schema.exclusiveMinimum === 'number') min = integer ? schema.exclusiveMinimum + 1 : schema.exclusiveMinimum + Number.EPSILON * Math.abs(schema.exclusiveMinimum || 1);
  if (typeof schema.exclusiveMaximum === 'number') max = integer ? schema.exclusiveMaximum - 1 : schema.exclusiveMaximum - Number.EPSILON * Math.abs(schema.exclusiveMaximum || 1);
  if (integer) return fc.integer({ min: Math.max(min, lowest), max: Math.min(max, highest) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema): Arbitrary<Record<string, unknown>> {
  if (schema.propertyNames && typeof schema.additionalProperties === 'object') {
    // A record: keys of one schema, values of another; but for the keys the document says every JSON body refuses.
    const keys = (arbitraryOf({ type: 'string', ...(schema.propertyNames as JsonSchema) }, resolve) as Arbitrary<string>).filter((key) => !REFUSED_KEYS.has(key));
    return fc.dictionary(keys, arbitraryOf(schema.additionalProperties as JsonSchema, resolve), { maxKeys: Math.min(5, (schema.maxProperties as number | undefined) ?? 5) });
  }
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = arbitraryOf(property, resolve);
  return fc.record(model, { requiredKeys: [...required].filter((name) => name in properties) });
}

/** An arbitrary of the values `schema` allows; `$ref`s are looked up with `resolve`. */
export function arbitraryOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema = noRefs): Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return arbitraryOf(resolve(schema.$ref), resolve);
  const unknownKeyword = Object.keys(schema).find((key) => !KNOWN.has(key));
  if (unknownKeyword) throw new Error(`No arbitrary for the keyword "${unknownKeyword}" in ${JSON.stringify(schema)}`);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.contentEncoding === 'base64' && schema.contentSchema) {
    return arbitraryOf(schema.contentSchema as JsonSchema, resolve).map((value) => Buffer.from(String(value)).toString('base64'));
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return fc.oneof(...(schema[key] as JsonSchema[]).map((s) => arbitraryOf(s, resolve)));
  }
  if (Array.isArray(schema.allOf)) {
    // The contracts' allOf adds checks to one value (a second pattern): every part's keywords hold at once.
    const { allOf, ...own } = schema;
    const merged = (allOf as JsonSchema[]).reduce<JsonSchema>(
      (all, part) => ({ ...all, ...part, patterns: [...((all.patterns ?? []) as string[]), ...(typeof part.pattern === 'string' ? [part.pattern] : [])] }),
      { ...own, patterns: typeof own.pattern === 'string' ? [own.pattern] : [] },
    );
    delete merged.pattern;
    return arbitraryOf(merged, resolve);
  }
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type }, resolve)));
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = arbitraryOf((schema.items ?? {}) as JsonSchema, resolve);
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? minLength + 5, minLength + 10);
      return schema.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, resolve);
    case undefined:
      // No type at all: the contract takes anything (a value the server only passes on), but for the keys the
      // document says every JSON body refuses.
      return fc.jsonValue().filter((value) => ![...REFUSED_KEYS].some((key) => JSON.stringify(value).includes(`"${key}":`)));
  }
  throw new Error(`No arbitrary for the type ${JSON.stringify(schema.type)}`);
}

function noRefs(ref: string): JsonSchema {
  throw new Error(`No schema to resolve ${ref}`);
}
