// Input the analysers cannot work with, named by the request field at fault so callers can answer 422.

export class AnalysisInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'AnalysisInputError';
    this.field = field;
  }
}

/** Every solver's answer to a text without a letter of the alphabet. */
export const NO_LETTERS_MESSAGE = 'The text must contain at least one letter of the selected alphabet.';
