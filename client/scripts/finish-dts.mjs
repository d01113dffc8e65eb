// After tsup: drops the one server-only type import from the declarations (the router's OpenAPI meta type, which
// no client call uses), so the published .d.ts needs nothing beyond the peer dependencies.
import { readFileSync, writeFileSync } from 'node:fs';

for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) {
  const text = readFileSync(file, 'utf8');
  const out = text
    .replace(/^import \* as (\w+) from 'trpc-to-openapi';\n/m, '')
    .replace(/\btrpc_to_openapi\.OpenApiMeta\b/g, 'Record<string, unknown>');
  if (/trpc-to-openapi|trpc_to_openapi/.test(out))
    throw new Error(`${file}: unexpected trpc-to-openapi reference left`);
  writeFileSync(file, out);
}
