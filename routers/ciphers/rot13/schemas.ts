// ROT13's request and response schemas, built from the field kit.
import { z } from 'zod';
import {
  bulkItems,
  count,
  index,
  original,
  success,
  textField,
  textLength,
  textOptionFields,
  textSchema,
} from '../../fields.js';

export const rot13Input = z.object({ text: textSchema, ...textOptionFields });

export const rot13BulkInput = z.object({
  items: bulkItems(textField('item').meta({ description: 'A text to transform.', example: 'Hello' })),
  ...textOptionFields,
});

const rot13Method = z.literal('rot13').meta({ description: 'Always rot13.', example: 'rot13' });

export const rot13Output = z.object({
  success,
  result: z
    .string()
    .meta({ description: 'The text with every basic letter moved 13 places.', example: 'Uryyb, Jbeyq!' }),
  method: rot13Method,
  text_length: textLength,
});

export const rot13BulkOutput = z.object({
  success,
  method: rot13Method,
  count,
  results: z
    .array(
      z
        .object({ index, original, result: z.string().meta({ description: 'The ROT13 of the item.', example: 'nop' }) })
        .meta({ description: 'The result for one item.' }),
    )
    .meta({ description: 'One result per item, in request order.' }),
});
