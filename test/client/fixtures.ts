// Plaintexts shared by the client, OpenAPI and browser tests: long enough for the solvers to be sure.
export const ENGLISH =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, ' +
  'it was the epoch of belief, it was the epoch of incredulity, it was the season of light, it was the season of ' +
  'darkness, it was the spring of hope, it was the winter of despair, we had everything before us, we had nothing ' +
  'before us, we were all going direct to heaven, we were all going direct the other way.';

export const CAESAR_3 = 'Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj';
