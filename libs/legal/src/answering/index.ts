export { ABSTAIN_ANSWER, DEFAULT_ANSWER_OPTIONS, OPENING_CHARS, answerExtractively, wantsDocumentOpening } from './answer-extractively';
export { matchQuestionCategories, questionCategories, type QuestionCategoryMatch } from './question-categories';
export type { AnswerCitation, AnswerOptions, AnswerPassage, ExtractiveAnswer } from './types';
export { answerBroadQuestion, broadIntent, type BroadIntent } from './broad-questions';
