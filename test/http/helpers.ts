// Helpers for driving an app in-process through app.handle(new Request(...)).
import { createApp } from '../../src/http/app.js';
import type { ServiceConfig } from '../../src/http/config.js';

const ORIGIN = 'http://localhost';

export function makeApp(config: Partial<ServiceConfig> = {}) {
  return createApp({ config: { rateLimit: 1_000_000, ...config }, log: () => {} });
}

export type TestApp = ReturnType<typeof makeApp>;

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function send(app: TestApp, path: string, init: RequestInit = {}): Promise<Reply> {
  const res = await app.handle(new Request(ORIGIN + path, init));
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

export function post(app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send(app, `/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function trpcPost(app: TestApp, procedures: string[], inputs: unknown[], headers: Record<string, string> = {}) {
  const batch = procedures.length > 1;
  const body = batch ? Object.fromEntries(inputs.map((input, i) => [i, { json: input }])) : { json: inputs[0] };
  return send(app, `/trpc/${procedures.join(',')}${batch ? '?batch=1' : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
