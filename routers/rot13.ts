// ROT13 procedures: transform one text or a list of texts.
import { codePointLength, rot13 } from '../src/core/index.js';
import { rot13BulkInput, rot13BulkOutput, rot13Input, rot13Output } from './schemas.js';
import { post, textOptions } from './shared.js';
import { publicProcedure, router } from './trpc.js';

export const rot13Router = router({
  transform: publicProcedure
    .meta(
      post('/rot13/transform', 'rot13', 'Apply ROT13', 'Caesar shift by 13 on the basic alphabet; its own inverse.'),
    )
    .input(rot13Input)
    .output(rot13Output)
    .mutation(({ input }) => ({
      success: true as const,
      result: rot13(input.text, textOptions(input)),
      method: 'rot13' as const,
      text_length: codePointLength(input.text),
    })),

  bulk: publicProcedure
    .meta(post('/rot13/bulk', 'rot13', 'Apply ROT13 to many texts', 'Transforms up to 1000 strings.'))
    .input(rot13BulkInput)
    .output(rot13BulkOutput)
    .mutation(({ input }) => {
      const opts = textOptions(input);
      const results = input.items.map((original, index) => ({ index, original, result: rot13(original, opts) }));
      return { success: true as const, method: 'rot13' as const, count: results.length, results };
    }),
});
