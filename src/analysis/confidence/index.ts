// Confidence: how far a solver's best answer is to be believed. The "no answer" hypothesis (the text is no cipher of
// prose in the language) and what it weighs, and the reason an answer below one half carries.
export { CREDIBLE, DOUBT_INFO, DOUBTS, type Doubt, doubtOf, KEY_DOUBTS, type KeyDoubt } from './doubt.js';
export {
  answerProbability,
  NO_ANSWER_PRIOR,
  type NoAnswerClass,
  type NoAnswerFit,
  noAnswerLogLikelihood,
} from './no-answer.js';
