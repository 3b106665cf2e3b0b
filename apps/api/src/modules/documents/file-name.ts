import { BadRequestError } from '@api/modules/common/app-error';

export const MAX_FILE_NAME_LENGTH = 255;

/**
 * Checks an uploaded file's name and returns the display name kept for it. Names are database keys,
 * never paths, but a name that looks like a path or hides control characters is refused outright.
 */
function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function validateFileName(raw: string | undefined): string {
  const name = (raw ?? '').normalize('NFC').trim();
  if (name === '') throw new BadRequestError('The file has no name. Give it a name and upload it again.');
  if (hasControlCharacter(name)) throw new BadRequestError('The file name contains control characters, which are not allowed.');
  if (/[/\\]/.test(name)) throw new BadRequestError('The file name must not contain a path: "/" and "\\" are not allowed.');
  if (name === '.' || name === '..') throw new BadRequestError(`The file name "${name}" is not allowed.`);
  if ([...name].length > MAX_FILE_NAME_LENGTH) {
    throw new BadRequestError(`The file name is too long: at most ${MAX_FILE_NAME_LENGTH} characters are allowed.`);
  }
  return name;
}
