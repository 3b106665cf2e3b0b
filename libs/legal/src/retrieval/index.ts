export { Bm25Index, BODY_FIELD, DEFAULT_BM25_OPTIONS } from './bm25-index';
export type { Bm25Document, Bm25Fields, Bm25Options, Bm25Query, ScoredId, SerializedBm25Index, WeightedTerm } from './bm25-index';
export { fuseRankings } from './fusion';
export type { FusedId } from './fusion';
export { DEFAULT_RETRIEVER_OPTIONS, LegalRetriever } from './legal-retriever';
export type { LegalRetrieverOptions, RetrievalHit, RetrieverChunk, RetrieverDocument, SerializedLegalRetriever } from './legal-retriever';
export { LEGAL_SYNONYMS } from './legal-synonyms';
export { buildPlainQuery, buildQuestionQuery, DEFAULT_QUERY_EXPANSION, parseLegalQuery, questionTerms } from './query';
export type { ParsedLegalQuery, QueryExpansionOptions } from './query';
