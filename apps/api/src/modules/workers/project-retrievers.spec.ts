import { ProjectRetrievers, type RetrieverInputChunk } from './project-retrievers';

/** A document of numbered clauses, each cut in two passages under the clause's heading. */
function clauses(documentId: string, topics: readonly string[]): RetrieverInputChunk[] {
  let at = 0;
  return topics.flatMap((topic, clause) =>
    [`${topic} obligations of the parties apply as set out here.`, `Further ${topic} terms survive termination of this Agreement.`].map((text, half) => {
      const chunk = { id: `${documentId}#${clause}.${half}`, documentId, ordinal: clause * 2 + half, start: at, end: at + text.length, text, headingPath: [`${clause + 1}. ${topic}`] };
      at += text.length + 1;
      return chunk;
    }),
  );
}

const QUERIES = ['confidentiality obligations', 'indemnification terms survive termination', 'Under the supply agreement, what are the insurance terms?', 'assignment'];

describe(ProjectRetrievers.name, () => {
  const build = (): ProjectRetrievers => {
    const retrievers = new ProjectRetrievers();
    retrievers.add('p', true, [{ id: 'd1', name: 'Supply Agreement.pdf', opening: 'SUPPLY AGREEMENT between Acme and Globex' }], clauses('d1', ['Confidentiality', 'Indemnification', 'Insurance']));
    retrievers.add('p', false, [{ id: 'd2', name: 'Services Agreement.docx', opening: 'SERVICES AGREEMENT between Initech and Hooli' }], clauses('d2', ['Assignment', 'Confidentiality', 'Insurance']));
    return retrievers;
  };

  it('restores a project from its snapshot with the same rankings and sections, a search limited to documents included', () => {
    const built = build();
    const restored = new ProjectRetrievers();
    restored.restore('p', built.snapshot('p') as Uint8Array);
    for (const query of QUERIES) {
      expect(restored.search('p', query, 20, 5)).toEqual(built.search('p', query, 20, 5));
      expect(restored.search('p', query, 20, 5, ['d2'])).toEqual(built.search('p', query, 20, 5, ['d2']));
    }
    // A section spans both passages of its clause.
    expect(restored.search('p', 'indemnification', 20, 5)?.map((hit) => hit.chunkIds)).toContainEqual(['d1#1.0', 'd1#1.1']);
    // Passages ranked elsewhere (without their document) are grown alike.
    const ranked = [{ id: 'd2#2.1', score: 2 }, { id: 'd1#0.0', score: 1 }];
    expect(restored.assemble('p', ranked, 2)).toEqual(built.assemble('p', ranked, 2));
  });

  it('goes on growing after a restore, and answers null for a project it does not hold', () => {
    const restored = new ProjectRetrievers();
    restored.restore('p', build().snapshot('p') as Uint8Array);
    expect(restored.add('p', false, [{ id: 'd3', name: 'Lease.txt', opening: 'LEASE between Landlord and Tenant' }], clauses('d3', ['Rent escalation']))).toBe(true);
    expect(restored.search('p', 'rent escalation', 20, 1)?.[0]).toMatchObject({ documentId: 'd3' });
    expect(restored.snapshot('other')).toBeNull();
    expect(restored.search('other', 'rent', 20, 1)).toBeNull();
  });
});
