// ROT13 operations: transform one text or a list of texts.
import { codePointLength, rot13 } from '../src/core/index.js';
import { post } from './operation.js';
import { rot13BulkInput, rot13BulkOutput, rot13Input, rot13Output } from './schemas.js';
import { textOptions } from './shared.js';

export const rot13Operations = {
  transform: post(
    {
      path: '/rot13/transform',
      tag: 'rot13',
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
    },
  ),

  bulk: post(
    {
      path: '/rot13/bulk',
      tag: 'rot13',
      summary: 'Apply ROT13 to many texts',
      description: 'Transforms up to 1000 strings.',
    },
    {
      input: rot13BulkInput,
      output: rot13BulkOutput,
      run: (input) => {
        const opts = textOptions(input);
        const results = input.items.map((original, index) => ({ index, original, result: rot13(original, opts) }));
        return { success: true as const, method: 'rot13' as const, count: results.length, results };
      },
    },
  ),
};
