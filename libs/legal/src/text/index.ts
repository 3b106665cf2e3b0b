export { stem } from './stemmer';
export { ENGLISH_STOPWORDS, QUESTION_STOPWORDS } from './stopwords';
export { bigrams, normalizeWord, tokenize, tokenizeWithOffsets } from './tokenizer';
export type { Token, TokenizeOptions } from './tokenizer';
export { splitSentences } from './sentences';
export type { TextSpan } from './sentences';
