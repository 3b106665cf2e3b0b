export { ABSTAIN_ANSWER, ANSWER_MEMO_BYTES, DEFAULT_ANSWER_OPTIONS, OPENING_CHARS, answerExtractively, answerMemoBytes, sizeAnswerMemos, namesClause, searchQuery, wantsDocumentOpening, wholeTextsRead } from './answer-extractively';
export { matchQuestionCategories, questionCategories, type QuestionCategoryMatch } from './question-categories';
export type { AnswerCitation, AnswerOptions, AnswerPassage, ExtractiveAnswer } from './types';
export { answerBroadQuestion, broadIntent, type BroadIntent } from './broad-questions';
export { CONTRACT_QUESTIONS, type ContractQuestion } from './contract-questions';
export { CONTRACT_TOPICS, TOPIC_RULES, matchQuestionTopics, type ContractTopic, type QuestionTopicMatch, type TopicRule } from './topics';
