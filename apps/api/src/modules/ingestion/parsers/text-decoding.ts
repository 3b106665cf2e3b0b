import { ParseError } from '@api/modules/common/parse-error';

/**
 * Text as stored: UTF-8, or UTF-16 announced by a byte-order mark. The mark is dropped and
 * nothing else changes (line endings included), so offsets into a UTF-8 text file's characters
 * are offsets into the result.
 */
export function decodeText(input: Buffer): string {
  let encoding = 'utf-8';
  if (input[0] === 0xff && input[1] === 0xfe) encoding = 'utf-16le';
  else if (input[0] === 0xfe && input[1] === 0xff) encoding = 'utf-16be';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(input);
  } catch (error) {
    throw new ParseError(
      'unsupported',
      'The text is not in a supported encoding: save it as UTF-8 and upload it again.',
      (error as Error).message,
    );
  }
}
