// Writes routers/example-answers.json, the worked examples' answers: each operation's example request sent to the
// service in-process and its answer kept, shortened for reading; with --check, exits non-zero when the file differs
// from what the service answers now (test/openapi/examples.test.ts does the same, operation by operation).
// Usage: npm run build:examples [-- --check]
import { fileURLToPath } from 'node:url';
import { type AnyOperation, OPERATIONS } from '../routers/index.js';
import { API_PREFIX } from '../routers/prefixes.js';
import { createApp } from '../src/http/app.js';
import { EXAMPLE_ANSWERS_FILE } from '../src/http/openapi.js';
import { writeGenerated } from './lib/generated.js';

/** Lists of objects longer than this keep their first ones (every candidate of a solve is more than a reader needs). */
const KEPT_ITEMS = 3;
/** Fractions keep this many significant digits: enough to read, and the same on every runtime's floating point. */
const DIGITS = 6;

/** An answer as the examples show it: lists of objects cut to their first KEPT_ITEMS, fractions rounded. */
export function shortened(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(DIGITS));
  if (Array.isArray(value)) {
    const objects = value.length > KEPT_ITEMS && value.every((v) => typeof v === 'object' && v !== null);
    return (objects ? value.slice(0, KEPT_ITEMS) : value).map(shortened);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v)]));
  }
  return value;
}

/**
 * A freshly started service's answer to the operation's example request (a GET operation takes none), shortened: the
 * default settings, no limit in the way, the solvers inline (they answer as in a worker: test/compute/pool.test.ts).
 * Fresh for each, so that what the answer says of the service (health's uptime) is the same on every run.
 */
export async function exampleAnswer(procedure: string, operation: AnyOperation): Promise<unknown> {
  const app = createApp({ config: { rateLimit: 1_000_000 }, log: () => {} });
  const { method, path } = operation.rest;
  if (method === 'POST' && !operation.example) throw new Error(`${procedure} has no example request`);
  const init: RequestInit =
    method === 'GET'
      ? {}
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(operation.example?.request) };
  const response = await app.handle(new Request(`http://localhost${API_PREFIX}${path}`, init));
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${procedure}: ${response.status} ${JSON.stringify(body)}`);
  return shortened(body);
}

/** The whole file: every operation's answer, by procedure, in declaration order. */
export async function exampleAnswersSource(): Promise<string> {
  const answers: Record<string, unknown> = {};
  for (const [procedure, operation] of OPERATIONS) answers[procedure] = await exampleAnswer(procedure, operation);
  return `${JSON.stringify(answers, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeGenerated(EXAMPLE_ANSWERS_FILE, () => exampleAnswersSource(), {
    outOfDate: 'routers/example-answers.json is out of date: run npm run build:examples, then npm run docs:api',
    updated: 'routers/example-answers.json updated; now run npm run docs:api',
  });
}
