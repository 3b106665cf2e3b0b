import { hasHiddenCharacters } from './visible-text';

describe(hasHiddenCharacters.name, () => {
  it.each([
    ['accented Latin', 'Contrat de bail — résiliation anticipée (Müller & Søn).pdf'],
    ['Arabic', 'عقد الإيجار ٢٠٢٤.pdf'],
    ['Arabic with a number sign', '\u0600١٢٣ عقد.txt'],
    ['Persian with a zero-width non-joiner', 'نامه\u200Cی وکیل.docx'],
    ['Hindi with a zero-width joiner after a virama', 'अनुबंध क्\u200Dष.txt'],
    ['Hebrew', 'חוזה שכירות.pdf'],
    ['Chinese and Japanese', '合同 条款 契約書.txt'],
    ['Korean', '계약서 초안.md'],
    ['emoji', 'Signed ✅ 📄.pdf'],
    ['an emoji built with joiners', 'Judge \u{1F469}\u200D\u2696\uFE0F notes.txt'],
    ['a family emoji', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}.txt'],
    ['a subdivision flag', 'Scotland \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}.txt'],
    ['a no-break space', 'Art.\u00A012.txt'],
  ])('accepts %s', (_label, value) => {
    expect(hasHiddenCharacters(value)).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['a left-to-right embedding', 'a\u202Ab'],
    ['a pop directional formatting', 'a\u202Cb'],
    ['a right-to-left isolate', 'a\u2067b'],
    ['a pop directional isolate', 'a\u2069b'],
    ['a right-to-left mark', 'a\u200Fb'],
    ['an Arabic letter mark', 'a\u061Cb'],
    ['a zero-width space', 'pay\u200Bpal.pdf'],
    ['a zero-width joiner between Latin letters', 'pay\u200Dpal.pdf'],
    ['a zero-width non-joiner at the end', 'نامه\u200C'],
    ['a word joiner', 'a\u2060b'],
    ['a byte-order mark inside', 'a\uFEFFb'],
    ['a soft hyphen', 'in\u00ADvoice.pdf'],
    ['a line separator', 'a\u2028b'],
    ['a paragraph separator', 'a\u2029b'],
    ['a NUL', 'a\u0000b'],
    ['a tab', 'a\tb'],
    ['a newline', 'a\nb'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a C1 control (CSI)', 'a\u009Bb'],
    ['a Hangul filler', 'a\u3164b'],
    ['tag characters hiding text', 'invoice\u{E0069}\u{E006E}.pdf'],
    ['a language tag', '\u{E0001}\u{E0065}\u{E006E}x'],
    ['a flag tag never cancelled', '\u{1F3F4}\u{E0067}\u{E0062}'],
    ['an unpaired high surrogate', 'a\uD800b'],
    ['an unpaired low surrogate', 'a\uDC00b'],
    ['an interlinear annotation', 'a\uFFF9b'],
  ])('refuses %s', (_label, value) => {
    expect(hasHiddenCharacters(value)).toBe(true);
  });

  it('allows tabs and line breaks only when asked to', () => {
    expect(hasHiddenCharacters('Line one\r\nLine two\tend', { allowLineBreaks: true })).toBe(false);
    expect(hasHiddenCharacters('Line one\u202Eowt enil', { allowLineBreaks: true })).toBe(true);
  });
});
