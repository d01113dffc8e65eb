// client/src/catalog.ts holds what its generator writes from the server's declarations: no drift.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../client/src/catalog.js';
import { OPERATIONS } from '../../routers/index.js';
import { CATALOG_FILE, catalogSource } from '../../scripts/client-catalog.js';

describe('client/src/catalog.ts', () => {
  it('is what npm run build:catalog writes', () => {
    expect(readFileSync(CATALOG_FILE, 'utf8')).toBe(catalogSource());
  });

  it('routes every operation', () => {
    const routed = Object.entries(REST_ROUTES).flatMap(([group, procedures]) =>
      Object.keys(procedures).map((name) => `${group}.${name}`),
    );
    expect(routed).toEqual([...OPERATIONS.keys()]);
  });
});
