import { textProblem } from '@shoebox/contracts';
import {
  GraphQLError,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  Kind,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** How many items a list field can hold at most, by `Type.field`; any other list (introspection's) counts `otherLists`. */
export type ListSizes = Record<string, number>;

/*
 * The rules run inside Mercurius, whose graphql may be another copy of the module than this file's (CommonJS
 * beside ES modules): graphql's own type checks refuse a type of the other copy, so the walk reads types by shape.
 */
type Wrapped = GraphQLType & { ofType?: GraphQLType };
type Fielded = GraphQLNamedType & { getFields: () => Record<string, GraphQLField<unknown, unknown>> };
const namedType = (type: GraphQLType): GraphQLNamedType => {
  let t = type as Wrapped;
  while (t.ofType) t = t.ofType as Wrapped;
  return t as GraphQLNamedType;
};
/** `[Article!]!` and `[Article]` are lists; `Article!` is not. */
const isList = (type: GraphQLType): boolean => String(type).replace(/!$/, '').startsWith('[');
const withFields = (type: GraphQLNamedType | undefined | null): type is Fielded => typeof (type as Partial<Fielded> | undefined)?.getFields === 'function';

interface Walk {
  context: ValidationContext;
  sizes: ListSizes;
  otherLists: number;
  limit: number;
  cost: number;
  spreading: Set<string>;
}

/**
 * Adds a selection's cost: every field counts once for each item of the lists it sits in, so
 * `channels { articles { title } }` costs 1 + channels + channels × articles. A fragment counts where it is spread.
 * The walk stops once past the limit, so a query whose fragments spread each other many times over costs no
 * more to weigh than the limit; a list that may be empty counts as one, so nothing below it counts for nothing.
 */
function walk(w: Walk, selectionSet: SelectionSetNode, parent: GraphQLType, multiplier: number): void {
  const schema = w.context.getSchema();
  const type = namedType(parent);
  for (const selection of selectionSet.selections) {
    if (w.cost > w.limit) return;
    if (selection.kind === Kind.FIELD) {
      w.cost += multiplier;
      if (!selection.selectionSet || !withFields(type)) continue;
      const name = selection.name.value;
      // An unknown field is refused by graphql's own rules; it has nothing below it to count.
      const fieldType = introspectionFieldType(schema, name) ?? type.getFields()[name]?.type;
      if (!fieldType) continue;
      const size = isList(fieldType) ? Math.max(1, w.sizes[`${type.name}.${name}`] ?? w.otherLists) : 1;
      walk(w, selection.selectionSet, fieldType, multiplier * size);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
      if (withFields(on)) walk(w, selection.selectionSet, on, multiplier);
    } else {
      const name = selection.name.value;
      const fragment = w.context.getFragment(name);
      // A fragment spread inside itself is refused by graphql's own rules.
      if (!fragment || w.spreading.has(name)) continue;
      const on = schema.getType(fragment.typeCondition.name.value);
      if (!withFields(on)) continue;
      w.spreading.add(name);
      walk(w, fragment.selectionSet, on, multiplier);
      w.spreading.delete(name);
    }
  }
}

/** The most items each of introspection's lists holds for `schema`: the standard introspection query costs what the schema is, not a guess. */
export function introspectionListSizes(schema: GraphQLSchema): ListSizes {
  const types = Object.values(schema.getTypeMap());
  const most = (counts: number[]) => Math.max(0, ...counts);
  const fieldsOf = (type: GraphQLNamedType) => (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type) ? Object.values(type.getFields()) : []);
  return {
    '__Schema.types': types.length,
    '__Schema.directives': schema.getDirectives().length,
    '__Type.fields': most(types.filter((t) => !isInputObjectType(t)).map((t) => fieldsOf(t).length)),
    '__Type.inputFields': most(types.filter(isInputObjectType).map((t) => fieldsOf(t).length)),
    '__Type.enumValues': most(types.filter(isEnumType).map((t) => t.getValues().length)),
    '__Type.interfaces': most(types.map((t) => (isObjectType(t) || isInterfaceType(t) ? t.getInterfaces().length : 0))),
    '__Type.possibleTypes': most(types.map((t) => (isAbstractType(t) ? schema.getPossibleTypes(t).length : 0))),
    '__Field.args': most(types.flatMap((t) => (isInputObjectType(t) ? [] : fieldsOf(t).map((f) => ('args' in f ? f.args.length : 0))))),
    '__Directive.args': most(schema.getDirectives().map((d) => d.args.length)),
  };
}

/** __schema and __type sit on every query type without being among its fields. */
function introspectionFieldType(schema: GraphQLSchema, name: string): GraphQLType | undefined {
  if (name === '__schema') return schema.getType('__Schema') ?? undefined;
  if (name === '__type') return schema.getType('__Type') ?? undefined;
  return undefined;
}

/** Refuses an operation whose cost passes `limit` before it runs (graphql's validation, so a 400). */
export function costLimit(limit: number, sizes: ListSizes, otherLists: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const w: Walk = { context, sizes, otherLists, limit, cost: 0, spreading: new Set() };
      walk(w, operation.selectionSet, root, 1);
      if (w.cost > limit) context.reportError(new GraphQLError(`The query costs more than the ${limit} one query may cost`, { nodes: [operation] }));
    },
  });
}

/** Refuses a string argument written in the query that holds a control character (variables are checked before they reach GraphQL). */
export const plainStringArguments: ValidationRule = (context) => ({
  StringValue(node) {
    if (textProblem(node.value)) context.reportError(new GraphQLError('An argument must not contain control characters', { nodes: [node] }));
  },
});
