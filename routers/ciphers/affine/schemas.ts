// The affine cipher's request and response schemas, built from the field kit.
import { z } from 'zod';
import { affineKeyProblem } from '../../../src/core/index.js';
import {
  type AlphabetFields,
  alphabetFields,
  alphabetName,
  boundedInt,
  crossField,
  requestAlphabet,
  shiftMethod,
  success,
  textLength,
  textSchema,
  withAlphabetRules,
} from '../../fields.js';

/**
 * The largest a and b either way. Both act modulo the alphabet's size (at most 256 letters), so a larger one says
 * nothing a smaller one does not; the bound keeps them far inside the integers the arithmetic handles exactly.
 */
export const MAX_AFFINE_COEFFICIENT = 10_000;

const RANGE = `an integer from ${-MAX_AFFINE_COEFFICIENT} to ${MAX_AFFINE_COEFFICIENT}`;

const aSchema = boundedInt('a', -MAX_AFFINE_COEFFICIENT, MAX_AFFINE_COEFFICIENT).meta({
  description:
    `The multiplier, ${RANGE} that shares no factor with the alphabet's size n (for basic's 26: odd and not a ` +
    'multiple of 13), so that no two letters share an image; taken mod n.',
  type: 'integer',
  example: 5,
});

const bSchema = boundedInt('b', -MAX_AFFINE_COEFFICIENT, MAX_AFFINE_COEFFICIENT).meta({
  description: `The shift added after multiplying, ${RANGE}; taken mod n.`,
  type: 'integer',
  example: 8,
});

/** a shares no factor with the chosen alphabet's size; checked once a is an integer in range, the rest being its own. */
function multiplierRule(
  value: AlphabetFields & { a?: unknown },
  report: (path: string[], message: string) => void,
): void {
  const { a } = value;
  if (typeof a !== 'number' || !Number.isInteger(a) || Math.abs(a) > MAX_AFFINE_COEFFICIENT) return;
  const alphabet = requestAlphabet(value);
  // b cannot make a key unusable: it is checked as a field of its own.
  const problem = alphabet && affineKeyProblem({ a, b: 0 }, alphabet.size);
  if (problem) report(['a'], problem);
}

export const affineInput = withAlphabetRules(
  z.object({ text: textSchema, a: aSchema, b: bSchema, ...alphabetFields }),
).check(crossField((value, report) => multiplierRule(value as AlphabetFields & { a?: unknown }, report)));

// ------------------------------------------------------------------------------------------- outputs

export const affineOutput = z.object({
  success,
  result: z.string().meta({ description: 'The transformed text.', example: 'IHHWVC SWFRCP' }),
  method: shiftMethod,
  a: z.int().meta({ description: 'The multiplier, as sent.', example: 5 }),
  b: z.int().meta({ description: 'The shift, as sent.', example: 8 }),
  alphabet: alphabetName,
  text_length: textLength,
});
