import { BadRequestError } from '@api/modules/common/app-error';
import { hasHiddenCharacters } from '@api/modules/common/visible-text';

export const MAX_FILE_NAME_LENGTH = 255;
export const FILE_NAME_HIDDEN_CHARACTERS =
  'The file name contains invisible or control characters (such as right-to-left overrides). Please rename the file and try again.';

/**
 * Checks an uploaded file's name and returns the display name kept for it. Names are database keys,
 * never paths, but a name that looks like a path or hides characters is refused outright.
 */
export function validateFileName(raw: string | undefined): string {
  const name = (raw ?? '').normalize('NFC').trim();
  if (name === '') throw new BadRequestError('The file has no name. Give it a name and upload it again.');
  if (hasHiddenCharacters(name)) throw new BadRequestError(FILE_NAME_HIDDEN_CHARACTERS);
  if (/[/\\]/.test(name)) throw new BadRequestError('The file name must not contain a path: "/" and "\\" are not allowed.');
  if (name === '.' || name === '..') throw new BadRequestError(`The file name "${name}" is not allowed.`);
  if ([...name].length > MAX_FILE_NAME_LENGTH) {
    throw new BadRequestError(`The file name is too long: at most ${MAX_FILE_NAME_LENGTH} characters are allowed.`);
  }
  return name;
}
