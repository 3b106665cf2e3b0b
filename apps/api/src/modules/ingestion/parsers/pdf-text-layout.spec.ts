import { layoutPageText, type PdfTextItem } from './pdf-text-layout';

function run(str: string, x: number, y: number, options: { size?: number; width?: number; eol?: boolean } = {}): PdfTextItem {
  const size = options.size ?? 10;
  return { str, transform: [size, 0, 0, size, x, y], width: options.width ?? str.length * size * 0.5, height: size, hasEOL: options.eol ?? false };
}

describe(layoutPageText.name, () => {
  it('joins runs on a baseline, breaks lines where the baseline moves, and leaves a blank line at a paragraph gap', () => {
    const items = [
      run('1.1', 72, 700),
      run('Term', 100, 700),
      run('The term is', 72, 688),
      run(' five years.', 127, 688, { eol: true }),
      run('1.2', 72, 650),
      run('Renewal', 100, 650),
    ];
    expect(layoutPageText(items)).toBe('1.1 Term\nThe term is five years.\n\n1.2 Renewal');
  });

  it('keeps a superscript on its line and does not split a word drawn in pieces', () => {
    const items = [run('2', 72, 700), run('nd', 77, 703, { size: 6, width: 6 }), run(' Floor', 83, 700), run('Ind', 72, 688, { width: 15 }), run('emnity', 87, 688)];
    expect(layoutPageText(items)).toBe('2nd Floor\nIndemnity');
  });

  it('drops control characters and empty runs', () => {
    expect(layoutPageText([run('A\u0000B\u0007', 72, 700), run('', 90, 700, { eol: true }), run('C', 72, 688)])).toBe('AB\nC');
  });
});
