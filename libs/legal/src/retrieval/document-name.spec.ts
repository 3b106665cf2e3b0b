import { documentNameWords } from './document-name';

describe('documentNameWords', () => {
  it('reads separators and URL escapes as spaces and drops the extension', () => {
    expect(documentNameWords('Grindrod%20SA%20Confidentiality_and-Non.Disclosure.pdf')).toBe('Grindrod SA Confidentiality and Non Disclosure');
  });

  it('gives a word in joined capitals in its parts as well', () => {
    expect(documentNameWords('ExcelerateStandardNDAFormat.txt')).toBe('ExcelerateStandardNDAFormat Excelerate Standard NDA Format');
    expect(documentNameWords('IPTK-CO-MutualNon-Disclosure.docx')).toBe('IPTK CO MutualNon Mutual Non Disclosure');
  });

  it('keeps a name whose "%" is not an escape', () => {
    expect(documentNameWords('Fees 100% due.txt')).toBe('Fees 100% due');
  });
});
