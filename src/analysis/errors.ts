// Input the analysers cannot work with, named by the request field at fault so callers can answer 422.

export class AnalysisInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'AnalysisInputError';
    this.field = field;
  }
}
