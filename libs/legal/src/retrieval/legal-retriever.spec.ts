import { deserialize, serialize } from 'node:v8';
import { LegalRetriever, type LegalRetrieverSnapshot, type RetrieverChunk, type RetrieverDocument, type SerializedLegalRetriever } from './legal-retriever';

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

  it('lifts the named contract’s passages that match the question, never one that does not', () => {
    const question = 'Consider the Supply Agreement between Acme Widgets Inc.; Which law governs?';
    const hits = retriever.search(question, 5);
    expect(hits.map((hit) => hit.id)).toEqual(['supply#0', 'license#0']);
    for (const hit of hits) expect(hit.passageScore).toBeGreaterThan(0);
    // The named contract's passages on both sides of another’s (added at different times): each gets the same lift.
    const interleaved = LegalRetriever.build(DOCUMENTS, [CHUNKS[0], CHUNKS[2], { ...CHUNKS[0], id: 'supply#9' }, CHUNKS[3]]);
    const lifted = interleaved.search(question, 5);
    expect(lifted.map((hit) => hit.id)).toEqual(['supply#0', 'supply#9', 'license#0']);
    expect(lifted[1].score).toBe(lifted[0].score);
    expect(lifted[0].score - lifted[0].passageScore).toBeGreaterThan(lifted[2].score - lifted[2].passageScore);
  });

  it('keeps, of many passages scored alike, the earliest ones and ranks them in order', () => {
    const question = 'Consider the Supply Agreement between Acme Widgets Inc.; Which law governs?';
    const alike = Array.from({ length: 40 }, (_, i) => ({ ...CHUNKS[i % 2 === 0 ? 0 : 2], id: `alike#${i}` }));
    const retriever = LegalRetriever.build(DOCUMENTS, alike);
    const all = retriever.search(question, 40);
    expect(all.map((hit) => hit.id)).toEqual([
      ...alike.filter((_, i) => i % 2 === 0).map((chunk) => chunk.id),
      ...alike.filter((_, i) => i % 2 === 1).map((chunk) => chunk.id),
    ]);
    expect(retriever.search(question, 7)).toEqual(all.slice(0, 7));
    expect(retriever.search(question, 25)).toEqual(all.slice(0, 25));
  });

  it('lifts a contract’s passages once the contract itself is added, after its passages and a search', () => {
    const question = 'Consider the Supply Agreement between Acme Widgets Inc.; Which law governs?';
    const other = { id: 'other', text: 'NOTICE between Hooli Inc. and Pied Piper Inc.' };
    const late = LegalRetriever.build([DOCUMENTS[1], other], CHUNKS);
    const before = late.search(question, 5).find((hit) => hit.id === 'supply#0');
    expect(before?.score).toBe(before?.passageScore);
    late.addDocument(DOCUMENTS[0]);
    const after = late.search(question, 5);
    expect(after[0].id).toBe('supply#0');
    expect(after[0].score).toBeGreaterThan(after[0].passageScore);
  });

  it('ranks a question the same whatever searches, of this retriever or of a larger one, came before it', () => {
    const question = 'Consider the Supply Agreement between Acme Widgets Inc.; Who is the Receiving Party and which law governs?';
    const first = retriever.search(question, 5);
    const larger = LegalRetriever.build(DOCUMENTS, [...CHUNKS, ...CHUNKS.map((chunk) => ({ ...chunk, id: `${chunk.id}:copy` }))]);
    larger.search('Consider the Software License Agreement between Initech LLC; May a party terminate for convenience?', 10);
    retriever.search('Which records shall each party keep?', 5);
    expect(retriever.search(question, 5)).toEqual(first);
    expect(first[0].score).toBeGreaterThan(first[0].passageScore);
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

describe('LegalRetriever resolves a question through the document', () => {
  const top = (retriever: LegalRetriever, question: string): string => retriever.search(question, 1)[0].id;

  it('finds the term a document defines by the question words ("the receiving party" is its "Investor")', () => {
    const chunks: RetrieverChunk[] = [
      { id: 'nda#1', documentId: 'nda', text: 'The Company shall return all documents within ten days.' },
      { id: 'nda#2', documentId: 'nda', text: 'The Investor shall return all documents within ten days.' },
      { id: 'nda#3', documentId: 'nda', text: 'Notices are given in writing.' },
    ];
    const documents = [{ id: 'nda', text: 'NON-DISCLOSURE AGREEMENT. "Investor" means the party receiving information under this Agreement.' }];
    const question = 'Must the receiving party return documents within ten days?';
    expect(top(LegalRetriever.build(documents, chunks), question)).toBe('nda#2');
    expect(top(LegalRetriever.build(documents, chunks, { expansion: { definitionWeight: 0 } }), question)).toBe('nda#1');
  });

  it('takes a defined term only when its definition holds both question words, however many definitions hold one', () => {
    const chunks: RetrieverChunk[] = [
      { id: 'nda#1', documentId: 'nda', text: 'The Company shall return all documents within ten days.' },
      { id: 'nda#2', documentId: 'nda', text: 'The Investor shall return all documents within ten days.' },
      { id: 'nda#3', documentId: 'nda', text: 'The Affiliate shall return all documents within ten days.' },
    ];
    // More definitions hold "receiving" than "party": those holding "party" are the ones read, and must hold "receiving" too.
    const documents = [
      {
        id: 'nda',
        text:
          'NON-DISCLOSURE AGREEMENT. "Investor" means the party receiving information. "Affiliate" means a party under common control. ' +
          '"Intake" means receiving forms. "Inbound" means receiving shipments. "Receipt" means receiving goods.',
      },
    ];
    const hits = LegalRetriever.build(documents, chunks).search('Must the receiving party return documents within ten days?', 3);
    const score = (id: string): number | undefined => hits.find((hit) => hit.id === id)?.score;
    expect(hits[0].id).toBe('nda#2');
    expect(score('nda#3')).toBe(score('nda#1'));
  });

  it('joins a term the question uses with the name it stands for in that document', () => {
    const chunks: RetrieverChunk[] = [
      { id: 'nda#1', documentId: 'nda', text: 'Globex shall indemnify against third party claims.' },
      { id: 'nda#2', documentId: 'nda', text: 'Acme shall indemnify against third party claims.' },
    ];
    const documents = [{ id: 'nda', text: 'This Agreement is made between Acme Widgets Inc. (the "Disclosing Party") and Globex GmbH.' }];
    const question = 'Must the Disclosing Party indemnify against claims?';
    expect(top(LegalRetriever.build(documents, chunks), question)).toBe('nda#2');
    expect(top(LegalRetriever.build(documents, chunks, { expansion: { definitionWeight: 0 } }), question)).toBe('nda#1');
  });

  it('applies the definitions of a document whose passages came after a search had already read its definitions', () => {
    const retriever = LegalRetriever.build([], []);
    retriever.addDocument({ id: 'nda', text: 'This Agreement is made between Acme Widgets Inc. (the "Disclosing Party") and Globex GmbH.' });
    retriever.search('Must the Disclosing Party indemnify against claims?', 2);
    retriever.addChunk({ id: 'nda#1', documentId: 'nda', text: 'Globex shall indemnify against third party claims.' });
    retriever.addChunk({ id: 'nda#2', documentId: 'nda', text: 'Acme shall indemnify against third party claims.' });
    expect(top(retriever, 'Must the Disclosing Party indemnify against claims?')).toBe('nda#2');
  });

  it('resolves a question asked again through the definitions that came since it was last asked', () => {
    // Another document's definitions are there from the start: the question is resolved (to nothing) when first asked.
    const retriever = LegalRetriever.build([{ id: 'lease', text: 'LEASE. Hooli Inc. (the "Landlord") leases to Pied Piper Inc.' }], [
      { id: 'nda#1', documentId: 'nda', text: 'Globex shall indemnify against third party claims.' },
      { id: 'nda#2', documentId: 'nda', text: 'Acme shall indemnify against third party claims.' },
    ]);
    const question = 'Must the Disclosing Party indemnify against claims?';
    expect(top(retriever, question)).toBe('nda#1');
    retriever.addDocument({ id: 'nda', text: 'This Agreement is made between Acme Widgets Inc. (the "Disclosing Party") and Globex GmbH.' });
    expect(top(retriever, question)).toBe('nda#2');
    expect(top(retriever, question)).toBe('nda#2');
  });

  it('resolves definitions per document: another document’s definitions add nothing to its passages', () => {
    const chunks: RetrieverChunk[] = [
      { id: 'a#1', documentId: 'a', text: 'The Investor shall return all documents.' },
      { id: 'b#1', documentId: 'b', text: 'The Investor shall return all documents.' },
    ];
    const documents = [
      { id: 'a', text: 'AGREEMENT. "Investor" means a fund advised by Acme.' },
      { id: 'b', text: 'AGREEMENT. "Investor" means the party receiving information.' },
    ];
    const [first, second] = LegalRetriever.build(documents, chunks).search('Must the receiving party return documents?', 2);
    expect(first.id).toBe('b#1');
    expect(first.score).toBeGreaterThan(second.score);
  });

  it('applies a document’s definitions to all of its passages, wherever they sit among other documents’', () => {
    const documents = [
      { id: 'a', text: 'AGREEMENT. "Investor" means the party receiving information.' },
      { id: 'b', text: 'AGREEMENT. "Investor" means a fund advised by Acme.' },
    ];
    const passage = (id: string, documentId: string): RetrieverChunk => ({ id, documentId, text: 'The Investor shall return all documents.' });
    // a's passages on both sides of b's, as when a document's passages are added after another's.
    const retriever = LegalRetriever.build(documents, [passage('a#1', 'a'), passage('b#1', 'b'), passage('b#2', 'b'), passage('a#2', 'a')]);
    const hits = retriever.search('Must the receiving party return documents?', 4);
    const score = (id: string): number => hits.find((hit) => hit.id === id)?.score ?? 0;
    expect(score('a#2')).toBe(score('a#1'));
    expect(score('a#2')).toBeGreaterThan(score('b#1'));
    expect(score('b#2')).toBe(score('b#1'));
    // Both defining the term alike: every passage of both gets the same lift.
    const alike = LegalRetriever.build(
      documents.map((document) => ({ ...document, text: documents[0].text })),
      [passage('a#1', 'a'), passage('b#1', 'b'), passage('b#2', 'b'), passage('a#2', 'a')],
    ).search('Must the receiving party return documents?', 4);
    expect(new Set(alike.map((hit) => hit.score)).size).toBe(1);
    expect(alike[0].score).toBe(score('a#1'));
    // One run each, the later document's first.
    const reversedRoom = (options = {}): LegalRetriever =>
      LegalRetriever.build(
        documents.map((document) => ({ ...document, text: documents[0].text })),
        [passage('b#1', 'b'), passage('a#1', 'a')],
        options,
      );
    const reversed = reversedRoom().search('Must the receiving party return documents?', 2);
    const [unexpanded] = reversedRoom({ expansion: { definitionWeight: 0 } }).search('Must the receiving party return documents?', 1);
    expect(reversed[0].score).toBe(reversed[1].score);
    expect(reversed[1].score).toBeGreaterThan(unexpanded.score);
  });

  it('matches derivational variants of the question words found in the documents (licensee for licensor)', () => {
    const chunks: RetrieverChunk[] = [
      { id: 'l#1', documentId: 'l', text: 'The Distributor retains all rights in the marks.' },
      { id: 'l#2', documentId: 'l', text: 'The Licensor retains all rights in the marks.' },
    ];
    const documents = [{ id: 'l', text: 'AGREEMENT' }];
    const question = 'Does the licensee retain rights in the marks?';
    expect(top(LegalRetriever.build(documents, chunks), question)).toBe('l#2');
    expect(top(LegalRetriever.build(documents, chunks, { expansion: { morphologyWeight: 0 } }), question)).toBe('l#1');
  });

  it('keeps the definitions through its serialised form', () => {
    const chunks: RetrieverChunk[] = [
      { id: 'nda#1', documentId: 'nda', text: 'The Company shall return all documents within ten days.' },
      { id: 'nda#2', documentId: 'nda', text: 'The Investor shall return all documents within ten days.' },
    ];
    const built = LegalRetriever.build([{ id: 'nda', text: '"Investor" means the party receiving information.' }], chunks);
    const restored = LegalRetriever.fromJSON(JSON.parse(JSON.stringify(built.toJSON())) as SerializedLegalRetriever);
    expect(top(restored, 'Must the receiving party return documents?')).toBe('nda#2');
  });

  it('restores from its snapshot the same rankings, definitions and file names, and goes on growing', () => {
    const chunks: RetrieverChunk[] = [
      { id: 'nda#1', documentId: 'nda', text: 'The Company shall return all documents within ten days.', headingPath: ['7. Return of Materials'] },
      { id: 'nda#2', documentId: 'nda', text: 'The Investor shall return all documents within ten days.' },
      { id: 'lease#1', documentId: 'lease', text: 'The Tenant may assign this Lease with the consent of the Landlord.', headingPath: ['12. Assignment'] },
    ];
    const documents = [
      { id: 'nda', name: 'Acme_NDA.pdf', text: '"Investor" means the party receiving information.' },
      { id: 'lease', name: 'Office Lease.txt', text: 'LEASE between Landlord and Tenant.' },
    ];
    const built = LegalRetriever.build(documents, chunks);
    const restored = LegalRetriever.fromSnapshot(deserialize(serialize(built.toSnapshot())) as LegalRetrieverSnapshot);
    const questions = ['Must the receiving party return documents?', 'Can the lease be assigned?', 'Under the Acme NDA, who returns documents?', 'return of materials'];
    for (const question of questions) expect(restored.search(question, 3)).toEqual(built.search(question, 3));
    expect(top(restored, 'Must the receiving party return documents?')).toBe('nda#2');
    restored.addChunk({ id: 'lease#2', documentId: 'lease', text: 'The Landlord shall insure the building against fire.' });
    expect(top(restored, 'Who insures the building?')).toBe('lease#2');
    expect(restored.documentOf('lease#2')).toBe('lease');
  });

  describe('documents named by their file names', () => {
    // Three agreements written alike: only their file names tell them apart.
    const names = ['BT_NDA.pdf', 'Acme%20Mutual%20NDA.txt', 'GlobexConfidentialityAgreement.docx'];
    const documents: RetrieverDocument[] = names.map((name, i) => ({ id: `d${i}`, name, text: 'NON-DISCLOSURE AGREEMENT between the Discloser and the Recipient.' }));
    const chunks: RetrieverChunk[] = names.map((_, i) => ({ id: `d${i}#1`, documentId: `d${i}`, text: 'The Recipient shall return all Confidential Information on request.' }));
    const retriever = LegalRetriever.build(documents, chunks);

    it('recognises the document a "Consider" prefix names by its file name', () => {
      expect(top(retriever, 'Consider the BT NDA; Must the Recipient return Confidential Information?')).toBe('d0#1');
      expect(top(retriever, "Consider Globex's Confidentiality Agreement; Must the Recipient return Confidential Information?")).toBe('d2#1');
    });

    it('recognises it in a plain question, by a word of its file name that few documents hold', () => {
      expect(top(retriever, 'Under the Acme NDA, must the Recipient return Confidential Information?')).toBe('d1#1');
    });

    it('leaves the ranking alone for a word that many file names hold', () => {
      const hits = retriever.search('Under the NDA, must the Recipient return Confidential Information?', 3);
      expect(new Set(hits.map((hit) => hit.score)).size).toBe(1);
    });

    it('keeps the file names through its serialised form', () => {
      const restored = LegalRetriever.fromJSON(JSON.parse(JSON.stringify(retriever.toJSON())) as SerializedLegalRetriever);
      expect(top(restored, 'Under the Globex agreement, must the Recipient return Confidential Information?')).toBe('d2#1');
    });
  });
});
