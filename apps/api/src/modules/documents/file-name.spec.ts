import { BadRequestError } from '@api/modules/common/app-error';
import { FILE_NAME_HIDDEN_CHARACTERS, validateFileName } from './file-name';

describe(validateFileName.name, () => {
  it.each(['Exhibit A — “Settlement” & Release.pdf', "Client's notes.md", '合同 条款.txt', 'عقد الإيجار.pdf', 'חוזה.docx', 'Signed ✅.pdf', 'a..b.txt', '  padded.txt  '])('keeps %j', (name) => {
    expect(validateFileName(name)).toBe(name.trim());
  });

  it.each([
    ['', 'The file has no name. Give it a name and upload it again.'],
    ['evil\u0000.txt', FILE_NAME_HIDDEN_CHARACTERS],
    ['bell\u0007.txt', FILE_NAME_HIDDEN_CHARACTERS],
    ['invoice\u202Efdp.exe', FILE_NAME_HIDDEN_CHARACTERS],
    ['report\u200B.pdf', FILE_NAME_HIDDEN_CHARACTERS],
    ['a\u2066b\u2069.txt', FILE_NAME_HIDDEN_CHARACTERS],
    ['../passwd', 'The file name must not contain a path: "/" and "\\" are not allowed.'],
    ['dir\\file.txt', 'The file name must not contain a path: "/" and "\\" are not allowed.'],
    ['..', 'The file name ".." is not allowed.'],
    [`${'é'.repeat(256)}`, 'The file name is too long: at most 255 characters are allowed.'],
  ])('refuses %j', (name, message) => {
    expect(() => validateFileName(name)).toThrow(new BadRequestError(message));
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(validateFileName('😀'.repeat(255))).toHaveLength(510);
  });

  it('stores names in Unicode NFC so the same visible name is one key', () => {
    expect(validateFileName('Cafe\u0301.txt')).toBe('Café.txt');
  });
});
