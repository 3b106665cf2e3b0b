import { LegalRetriever, type RetrieverChunk, type RetrieverDocument, type SerializedLegalRetriever } from './legal-retriever';

const DOCUMENTS: RetrieverDocument[] = [
  { id: 'supply', text: 'SUPPLY AGREEMENT between Acme Widgets Inc. and Globex Corporation. Acme supplies widgets.' },
  { id: 'license', text: 'SOFTWARE LICENSE AGREEMENT between Initech LLC and Umbrella Ltd. Initech licenses software.' },
];

const CHUNKS: RetrieverChunk[] = [
  { id: 'supply#0', documentId: 'supply', text: 'This Agreement is governed by the laws of the State of Delaware.', headingPath: ['12 Miscellaneous'] },
  { id: 'supply#1', documentId: 'supply', text: 'Acme shall deliver widgets within thirty days of each order.' },
  { id: 'license#0', documentId: 'license', text: 'This Agreement is governed by the laws of England and Wales.', headingPath: ['20 General'] },
  { id: 'license#1', documentId: 'license', text: 'Either party may terminate this Agreement for convenience on ninety days notice.' },
  { id: 'license#2', documentId: 'license', text: 'Each party shall keep complete records.', headingPath: ['9 Audit Rights'] },
];

describe('LegalRetriever', () => {
  const retriever = LegalRetriever.build(DOCUMENTS, CHUNKS);

  it('answers a bare question from the chunks', () => {
    const [best] = retriever.search('Can a party terminate without cause?', 3);
    expect(best).toMatchObject({ id: 'license#1', documentId: 'license' });
  });

  it('prefers the contract that the "Consider" prefix names', () => {
    const question = 'Which state/country law governs the interpretation of the contract?';
    const supply = retriever.search(`Consider the Supply Agreement between Acme Widgets Inc. and Globex Corporation; ${question}`, 2);
    const license = retriever.search(`Consider the Software License Agreement between Initech LLC; Umbrella Ltd.; ${question}`, 2);
    expect(supply[0].id).toBe('supply#0');
    expect(license[0].id).toBe('license#0');
  });

  it('reports each passage own match with the question apart from its document match with the context', () => {
    const question = 'Which law governs?';
    const bare = new Map(retriever.search(question, 5).map((hit) => [hit.id, hit.score]));
    const named = retriever.search(`Consider the Supply Agreement between Acme Widgets Inc.; ${question}`, 5);
    expect(named[0]).toMatchObject({ id: 'supply#0', passageScore: bare.get('supply#0') });
    expect(named[0].score).toBeGreaterThan(named[0].passageScore);
    for (const hit of retriever.search(question, 5)) expect(hit.passageScore).toBe(hit.score);
  });

  it('matches the heading path as well as the text', () => {
    expect(retriever.search('Does a party have the right to audit?', 1)[0].id).toBe('license#2');
  });

  it('applies a filter on chunk ids', () => {
    const hits = retriever.search('governed by the laws', 5, (id) => id.startsWith('supply'));
    expect(hits.map((h) => h.documentId)).toEqual(['supply']);
  });

  it('takes documents added after it was built', () => {
    const grown = LegalRetriever.build(DOCUMENTS, CHUNKS);
    grown.addDocument({ id: 'lease', text: 'OFFICE LEASE between Landlord Properties LP and Tenant Corp.' });
    grown.addChunk({ id: 'lease#0', documentId: 'lease', text: 'The Tenant shall pay rent monthly in advance.' });
    expect(grown.search('When is rent payable?', 1)[0]).toMatchObject({ id: 'lease#0', documentId: 'lease' });
  });

  it('restores from its serialised form with identical results', () => {
    const json = JSON.parse(JSON.stringify(retriever.toJSON())) as SerializedLegalRetriever;
    const restored = LegalRetriever.fromJSON(json);
    expect(restored.size).toBe(CHUNKS.length);
    const query = 'Consider the Supply Agreement between Acme Widgets Inc.; Which law governs?';
    expect(restored.search(query, 5)).toEqual(retriever.search(query, 5));
  });
});
