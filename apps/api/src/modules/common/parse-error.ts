export type ParseErrorCode =
  | 'encrypted'
  | 'damaged'
  | 'unsupported'
  | 'too-large'
  | 'too-complex'
  | 'timeout'
  | 'ocr-failed'
  | 'no-text';

const DEFAULT_MESSAGES: Record<ParseErrorCode, string> = {
  encrypted: 'This PDF is password-protected: remove the password and upload it again.',
  damaged: 'The file is damaged and could not be read.',
  unsupported: 'This type of file is not supported.',
  'too-large': 'The document is too large to process.',
  'too-complex': 'The document is too large or too complex to process.',
  timeout: 'Reading the document took too long and was stopped.',
  'ocr-failed': 'The text of the scanned pages could not be recognised.',
  'no-text': 'No text was found in this file.',
};

/**
 * A document that cannot be turned into text. `message` is written for the person who uploaded
 * the file and is safe to show; `detail` is for logs only.
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';

  constructor(
    readonly code: ParseErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    readonly detail?: string,
  ) {
    super(message);
  }

  static damaged(detail?: string): ParseError {
    return new ParseError('damaged', DEFAULT_MESSAGES.damaged, detail);
  }

  toJSON(): SerializedParseError {
    return { code: this.code, message: this.message, detail: this.detail };
  }

  static fromJSON(value: SerializedParseError): ParseError {
    return new ParseError(value.code, value.message, value.detail);
  }
}

export interface SerializedParseError {
  code: ParseErrorCode;
  message: string;
  detail?: string;
}

export function isParseError(value: unknown): value is ParseError {
  return value instanceof ParseError;
}

/** Any failure that is not already a ParseError becomes "damaged": the file could not be read. */
export function toParseError(error: unknown): ParseError {
  if (error instanceof ParseError) return error;
  const detail = describeError(error);
  if (/^RangeError: .*(call stack|allocation failed|invalid (array|string) length)/i.test(detail)) {
    return new ParseError('too-complex', undefined, detail);
  }
  return ParseError.damaged(detail);
}

/** "Name: message" of anything thrown, whichever realm its class comes from. */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return `${typeof name === 'string' ? name : 'Error'}: ${String(message)}`;
  }
  return String(error);
}
