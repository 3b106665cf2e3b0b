export { stem } from './stemmer';
export { ENGLISH_STOPWORDS, QUESTION_STOPWORDS } from './stopwords';
export { bigrams, normalizeWord, tokenize, tokenizeWithOffsets } from './tokenizer';
export type { Token, TokenizeOptions } from './tokenizer';
export { splitSentences } from './sentences';
export type { TextSpan } from './sentences';
export { DEFAULT_BOILERPLATE_OPTIONS, detectBoilerplate, outsideSpans, overlapsAny } from './boilerplate';
export type { BoilerplateKind, BoilerplateOptions, BoilerplateSpan } from './boilerplate';
export { TextMemo } from './text-memo';
