// docs/api.md holds what its generator writes from the OpenAPI document and the operations: no drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../routers/index.js';
import { API_DOC, generatedSections, withSections } from '../../scripts/api-doc.js';

describe('docs/api.md', () => {
  it('is what npm run docs:api writes', async () => {
    const current = readFileSync(API_DOC, 'utf8');
    expect(withSections(current, await generatedSections())).toBe(current);
  });

  it('documents every operation', async () => {
    const { reference } = await generatedSections();
    expect(reference?.match(/^### (GET|POST) /gm)).toHaveLength(OPERATIONS.size);
  });
});
