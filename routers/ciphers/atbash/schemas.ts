// Atbash's request and response schemas, built from the field kit.
import { z } from 'zod';
import { alphabetFields, alphabetName, success, textLength, textSchema, withAlphabetRules } from '../../fields.js';

export const atbashInput = withAlphabetRules(z.object({ text: textSchema, ...alphabetFields }));

export const atbashOutput = z.object({
  success,
  result: z
    .string()
    .meta({ description: 'The text with the alphabet read backwards (A ↔ Z, B ↔ Y …).', example: 'Svool, Dliow!' }),
  method: z.literal('atbash').meta({ description: 'Always atbash.', example: 'atbash' }),
  alphabet: alphabetName,
  text_length: textLength,
});
