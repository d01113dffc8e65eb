// ROT13 operations: transform one text or a list of texts, each with its worked example.
import { codePointLength, rot13 } from '../../../src/core/index.js';
import { MAX_BULK_ITEMS, textOptions } from '../../fields.js';
import { type OperationGroup, post } from '../../operation.js';
import { rot13BulkInput, rot13BulkOutput, rot13Input, rot13Output } from './schemas.js';

const transform = post(
  {
    path: '/rot13/transform',
    summary: 'Apply ROT13',
    description: 'Caesar shift by 13 on the basic alphabet; its own inverse.',
  },
  {
    input: rot13Input,
    output: rot13Output,
    run: (input) => ({
      success: true as const,
      result: rot13(input.text, textOptions(input)),
      method: 'rot13' as const,
      text_length: codePointLength(input.text),
    }),
    example: {
      request: { text: 'Hello, World!' },
    },
  },
);

const bulk = post(
  {
    path: '/rot13/bulk',
    summary: 'Apply ROT13 to many texts',
    description: `Transforms up to ${MAX_BULK_ITEMS} strings.`,
  },
  {
    input: rot13BulkInput,
    output: rot13BulkOutput,
    run: (input) => {
      const opts = textOptions(input);
      const results = input.items.map((original, index) => ({ index, original, result: rot13(original, opts) }));
      return { success: true as const, method: 'rot13' as const, count: results.length, results };
    },
    example: {
      request: { items: ['abc', 'Hello'] },
    },
  },
);

export const rot13Cipher = {
  tag: 'rot13',
  description: 'The Caesar shift by 13 on A–Z, its own inverse.',
  operations: { transform, bulk },
} satisfies OperationGroup;
