export { measureExtractionThroughput, type ExtractionThroughput, type ExtractionThroughputOptions } from './extraction-throughput';
export { pageMapProblem } from './paged-text';
export { isParseError, ParseError, type ParseErrorCode } from '@api/modules/common/parse-error';
export { closeSharedParserPool, parseFile, ParserPool, type ParserPoolOptions, type PoolParseOptions } from './parser-pool';
export { parseDocument, parserFor } from './parser-registry';
export {
  DEFAULT_PARSE_LIMITS,
  PAGE_SEPARATOR,
  type DocumentParser,
  type DocumentType,
  type OcrEngine,
  type PageSpan,
  type ParsedDocument,
  type ParseLimits,
  type ParseOptions,
  type ParseReport,
} from './parser.types';
export { TesseractOcrEngine, type TesseractOcrOptions } from './tesseract-ocr.engine';
