import { findDefinedTerms } from './defined-terms';

const definitionOf = (text: string, term: string): string | undefined => findDefinedTerms(text).find((found) => found.term === term)?.definition;

describe(findDefinedTerms.name, () => {
  it('reads a definition that follows "means", up to the end of its sentence', () => {
    const text = '1.1 "Confidential Information" means all non-public business and technical information disclosed by either party. 1.2 Other terms.';
    expect(definitionOf(text, 'Confidential Information')).toBe('all non-public business and technical information disclosed by either party');
  });

  it('reads "shall mean", "includes" and "refers to", with curly quotes', () => {
    expect(definitionOf('\u201cTerm\u201d shall mean three years from the Effective Date.', 'Term')).toBe('three years from the Effective Date');
    expect(definitionOf('"Materials" includes drawings and samples; and', 'Materials')).toBe('drawings and samples');
    expect(definitionOf('"Recipient" refers to the party receiving information.', 'Recipient')).toBe('the party receiving information');
  });

  it('reads a name defined in a parenthesis after it, as far back as the preamble word before it', () => {
    const text = 'This Agreement is made between Acme Widgets Inc. (the "Disclosing Party") and Globex GmbH (hereinafter referred to as "Recipient").';
    expect(definitionOf(text, 'Disclosing Party')).toBe('Acme Widgets Inc.');
    expect(definitionOf(text, 'Recipient')).toBe('Globex GmbH');
  });

  it('reads a role described before the parenthesis', () => {
    const text = 'Each party may disclose information to the other. The party receiving information (the "Receiving Party") shall protect it.';
    expect(definitionOf(text, 'Receiving Party')).toBe('The party receiving information');
  });

  it('reads "hereinafter" without a parenthesis', () => {
    expect(definitionOf('between Initech LLC, hereinafter referred to as "Licensor", and Umbrella', 'Licensor')).toBe('Initech LLC');
  });

  it('keeps the first definition of a term and finds nothing in text that defines nothing', () => {
    expect(findDefinedTerms('"Term" means one year. Later, "Term" means two years.')).toEqual([{ term: 'Term', definition: 'one year' }]);
    expect(findDefinedTerms('The Supplier shall deliver the goods "as is" within 30 days.')).toEqual([]);
  });
});
