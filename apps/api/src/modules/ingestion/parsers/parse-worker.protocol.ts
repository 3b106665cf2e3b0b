import type { SerializedParseError } from '@api/modules/common/parse-error';
import type { DocumentType, ParsedDocument, ParseLimits } from './parser.types';

/** Messages between ParserPool and its threads. */

export interface WorkerParseRequest {
  kind: 'parse';
  id: number;
  type: DocumentType;
  input: Uint8Array;
  ocr: boolean;
  limits?: Partial<ParseLimits>;
}

export interface WorkerOcrReply {
  kind: 'ocr-result';
  id: number;
  text?: string;
  error?: SerializedParseError;
}

export type ToWorker = WorkerParseRequest | WorkerOcrReply;

export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'progress'; id: number }
  | { kind: 'ocr'; id: number; ocrId: number; image: Uint8Array }
  | { kind: 'done'; id: number; result: ParsedDocument }
  | { kind: 'failed'; id: number; error: SerializedParseError };
