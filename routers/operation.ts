// An operation as plain data (REST route, schemas, rate-limit rule, run): its tRPC procedure, REST route, rate-limit
// cost and OpenAPI entry all derive from it.
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { z } from 'zod';
import { rejectUnknownFields } from './fields.js';
import { type Context, publicProcedure } from './trpc.js';

type OpenApi = NonNullable<OpenApiMeta['openapi']>;

type RestMethod = 'GET' | 'POST';

/** How the operation is reached over REST (under API_PREFIX) and described in the OpenAPI document. */
export interface RestRoute<M extends RestMethod = RestMethod> {
  method: M;
  path: `/${string}`;
  summary: string;
  description: string;
}

/**
 * A worked example: a real request to the operation. Its answer is not written here but generated: the service's own
 * answer to it, written by `npm run build:examples` into routers/example-answers.json (GET operations, which take no
 * request, are answered there too); test/openapi/examples.test.ts fails when the service answers otherwise.
 */
interface OperationExample {
  request: unknown;
}

export interface Operation<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  M extends RestMethod = RestMethod,
> {
  rest: RestRoute<M>;
  input: I;
  output: O;
  /** Whether a call counts against the client's allowance; false only for the meta operations. */
  rateLimited: boolean;
  /**
   * Whether its run hands work to the solvers' pool (compute.ts), and so may answer 503 when the pool is busy or the
   * work runs over its time budget. test/openapi holds every operation to it.
   */
  solver?: true;
  /**
   * When its answer is served as a 503 rather than a 200 over REST, the body unchanged: the health check while the
   * service shuts down, so that a load balancer stops sending before the process goes. The OpenAPI document says when.
   */
  unavailableWhen?: { test(output: z.output<O>): boolean; description: string };
  /** The request of the OpenAPI document's worked example; every POST operation has one. */
  example?: OperationExample;
  /** The work, on input that passed `input`; what it returns must pass `output`. */
  run(input: z.output<I>, ctx: Context): z.input<O> | Promise<z.input<O>>;
}

// biome-ignore lint/suspicious/noExplicitAny: the widest operation, for tables of every operation.
export type AnyOperation = Operation<any, any>;

/**
 * A POST operation that counts against the rate limit (every cipher operation); a field its input does not declare
 * (beyond the spec's common ones) is refused.
 */
export function post<I extends z.ZodType, O extends z.ZodType>(
  route: Omit<RestRoute, 'method'>,
  spec: Pick<Operation<I, O>, 'input' | 'output' | 'run' | 'example' | 'solver'>,
): Operation<I, O, 'POST'> {
  return { rest: { ...route, method: 'POST' }, rateLimited: true, ...spec, input: rejectUnknownFields(spec.input) };
}

/**
 * Operations served together: one tRPC router key, one OpenAPI tag. A cipher's room declares one; the registry
 * (routers/ciphers/index.ts) lists them.
 */
export interface OperationGroup<T extends Record<string, AnyOperation> = Record<string, AnyOperation>> {
  /** The OpenAPI tag of every operation of the group. */
  tag: string;
  /** What the tag groups, for the OpenAPI document. */
  description: string;
  operations: T;
}

/** The OpenAPI metadata trpc-to-openapi documents the operation's procedure with. */
function openApiOf(operation: AnyOperation, tag: string): { openapi: OpenApi } {
  const { method, path, summary, description } = operation.rest;
  return { openapi: { method, path, tags: [tag], summary, description, protect: false } };
}

/**
 * The resolver of an operation's procedure. tRPC infers a schema's types through Standard Schema and zod through its
 * own helpers; for a generic schema the compiler cannot see they agree, so the types meet here, once.
 */
const resolverOf =
  <I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>) =>
  ({ input, ctx }: { input: unknown; ctx: Context }) =>
    operation.run(input as z.output<I>, ctx) as never;

/** The procedure builder of an operation: its OpenAPI metadata, input and output schemas. */
const builderOf = <I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>, tag: string) =>
  publicProcedure.meta(openApiOf(operation, tag)).input(operation.input).output(operation.output);

const mutationOf = <I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>, tag: string) =>
  builderOf(operation, tag).mutation(resolverOf(operation));

const queryOf = <I extends z.ZodType, O extends z.ZodType>(operation: Operation<I, O>, tag: string) =>
  builderOf(operation, tag).query(resolverOf(operation));

/** The tRPC procedure of an operation: a query for GET, a mutation for POST. */
export type ProcedureOf<T> =
  T extends Operation<infer I, infer O, infer M>
    ? M extends 'GET'
      ? ReturnType<typeof queryOf<I, O>>
      : ReturnType<typeof mutationOf<I, O>>
    : never;

/** One tRPC procedure per operation of the group, under the same names. */
export function proceduresOf<T extends Record<string, AnyOperation>>({
  operations,
  tag,
}: OperationGroup<T>): { [K in keyof T]: ProcedureOf<T[K]> } {
  const out: Record<string, unknown> = {};
  for (const [name, operation] of Object.entries(operations)) {
    out[name] = operation.rest.method === 'GET' ? queryOf(operation, tag) : mutationOf(operation, tag);
  }
  return out as { [K in keyof T]: ProcedureOf<T[K]> };
}
