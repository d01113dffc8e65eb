// A text sent without `language` is read in every language (issue 30, item 1): a French or a German text is answered
// in its own language, on both surfaces, and every operation that takes a language documents that default.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocSchema } from '../../src/http/openapi.js';
import { makeApp, post, send, type TestApp } from '../http/helpers.js';
import { caller } from './caller.js';

const FRENCH =
  'Le petit village se trouvait au bord de la riviere, entoure de champs de ble et de vignes. Chaque matin, les ' +
  'habitants se rendaient au marche pour vendre leurs fruits et leurs legumes, et les enfants couraient dans les ' +
  'rues en riant.';
const GERMAN =
  'Der alte Mann ging jeden Morgen mit seinem Hund durch den Wald und freute sich sehr über die Vögel, die in den ' +
  'hohen Bäumen sangen.';
const SPANISH =
  'El viejo pescador salia cada manana al mar con su pequena barca y volvia por la tarde con el pescado para el ' +
  'mercado del pueblo.';
const ENGLISH = 'The old fisherman went out to sea every morning in his little boat and came back in the evening.';
const CRYPTOGRAM_KEY = 'QWERTYUIOPASDFGHJKLZXCVBNM';

/** One operation asked without a language: what it answered, in the fields every case checks. */
interface Read {
  language: string;
  confidence: number;
  text: string;
}

interface Case {
  name: string;
  plain: string;
  language: string;
  /** The ciphertext's request to the operation, language left out, and how to read its answer. */
  ask: () => Promise<{ path: string; body: object; read: (answer: never) => Read }>;
}

const solved = (a: { best_solution: { text: string; confidence: number }; language: string }): Read => ({
  language: a.language,
  confidence: a.best_solution.confidence,
  text: a.best_solution.text,
});

const CASES: Case[] = [
  {
    name: 'vigenere.analyze, French under ROSE',
    plain: FRENCH,
    language: 'fr',
    ask: async () => ({
      path: '/vigenere/analyze',
      body: { text: (await caller.vigenere.encrypt({ text: FRENCH, key: 'ROSE' })).result },
      read: ({ analysis: a }: { analysis: { language: string; confidence: number; decrypted_preview: string } }) => ({
        language: a.language,
        confidence: a.confidence,
        text: a.decrypted_preview,
      }),
    }),
  },
  {
    name: 'caesar.solve, German under shift 7',
    plain: GERMAN,
    language: 'de',
    ask: async () => ({
      path: '/caesar/solve',
      body: { text: (await caller.caesar.encrypt({ text: GERMAN, shift: 7 })).result },
      read: solved,
    }),
  },
  {
    name: 'caesar.bulk solve, German under shift 7',
    plain: GERMAN,
    language: 'de',
    ask: async () => ({
      path: '/caesar/bulk',
      body: { method: 'solve', items: [{ text: (await caller.caesar.encrypt({ text: GERMAN, shift: 7 })).result }] },
      read: (a: { language: string; results: { result: string; confidence: number }[] }) => ({
        language: a.language,
        confidence: a.results[0]?.confidence ?? 0,
        text: a.results[0]?.result ?? '',
      }),
    }),
  },
  {
    name: 'affine.solve, Spanish under (5, 8)',
    plain: SPANISH,
    language: 'es',
    ask: async () => ({
      path: '/affine/solve',
      body: { text: (await caller.affine.encrypt({ text: SPANISH, a: 5, b: 8 })).result },
      read: solved,
    }),
  },
  {
    name: 'caesar.solve, English under shift 3 (still answers en)',
    plain: ENGLISH,
    language: 'en',
    ask: async () => ({
      path: '/caesar/solve',
      body: { text: (await caller.caesar.encrypt({ text: ENGLISH, shift: 3 })).result },
      read: solved,
    }),
  },
];

/** The tRPC procedure behind a REST path (the same operation: routers/ declares both). */
const PROCEDURES: Record<string, (body: never) => Promise<unknown>> = {
  '/vigenere/analyze': caller.vigenere.analyze,
  '/caesar/solve': caller.caesar.solve,
  '/caesar/bulk': caller.caesar.bulk,
  '/affine/solve': caller.affine.solve,
};

describe('a text sent without a language', () => {
  let app: TestApp;
  beforeAll(() => {
    app = makeApp();
  });

  it.each(CASES)('$name: read in its language through createCaller and REST', async ({ plain, language, ask }) => {
    const { path, body, read } = await ask();
    const viaCaller = read((await PROCEDURES[path]?.(body as never)) as never);
    const reply = await post(app, path, body);
    expect(reply.status).toBe(200);
    for (const answer of [viaCaller, read(reply.body as never)]) {
      expect(answer.language).toBe(language);
      expect(answer.confidence).toBeGreaterThan(0.99);
      expect(plain.startsWith(answer.text)).toBe(true);
    }
  });

  it('substitution.solve: a French cryptogram is read in French', async () => {
    const { result } = await caller.substitution.encrypt({ text: FRENCH, key: CRYPTOGRAM_KEY });
    const answer = await caller.substitution.solve({ text: result });
    expect(answer).toMatchObject({ language: 'fr', best_solution: { text: FRENCH } });
    expect(answer.best_solution.confidence).toBeGreaterThan(0.99);
  });

  it('is documented as auto by every operation that takes one', async () => {
    type Doc = {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: DocSchema }> } } }>;
      components: { schemas: Record<string, DocSchema> };
    };
    const doc = (await send(app, '/api/v1/openapi.json')).body as Doc;
    const defaults: Record<string, unknown> = {};
    for (const [path, item] of Object.entries(doc.paths)) {
      let schema = item.post?.requestBody?.content['application/json']?.schema;
      if (schema?.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop() as string];
      const language = schema?.properties?.language;
      if (language) defaults[path] = (language as { default?: unknown }).default;
    }
    expect(defaults).toEqual({
      '/caesar/solve': 'auto',
      '/caesar/bulk': 'auto',
      '/vigenere/analyze': 'auto',
      '/substitution/solve': 'auto',
      '/affine/solve': 'auto',
      '/identify': 'auto',
    });
  });
});
