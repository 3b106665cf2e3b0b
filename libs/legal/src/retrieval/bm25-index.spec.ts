import { deserialize, serialize } from 'node:v8';
import { tokenize } from '../text/tokenizer';
import { bestPositions, Bm25Index, highestOfRuns, type Bm25Snapshot, type SerializedBm25Index } from './bm25-index';

const DOCS = [
  { id: 'law', text: 'This Agreement shall be governed by the laws of the State of New York.' },
  { id: 'term', text: 'The initial term shall expire five years after the Effective Date and renew automatically.' },
  { id: 'assign', text: 'Neither party may assign this Agreement without the prior written consent of the other party.' },
  { id: 'notice', text: 'Notices shall be sent in writing to the address of the other party.' },
];

describe('Bm25Index', () => {
  const index = Bm25Index.build(DOCS);

  it('finds the document that shares the rare terms of the query', () => {
    expect(index.search('Which law governs the agreement?', 2)[0].id).toBe('law');
    expect(index.search('can the agreement be assigned without consent', 1)[0].id).toBe('assign');
  });

  it('scores by BM25: term frequency saturated by k1, normalised by the length of each document against the average', () => {
    const short = Bm25Index.build([
      { id: 'short', text: 'indemnity indemnity warranty' },
      { id: 'long', text: 'indemnity warranty licence royalty escrow audit' },
      { id: 'other', text: 'warranty licence' },
    ]);
    const [term] = tokenize('indemnity');
    const lengths = { short: tokenize('indemnity indemnity warranty').length, long: tokenize('indemnity warranty licence royalty escrow audit').length, other: 2 };
    const average = (lengths.short + lengths.long + lengths.other) / 3;
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5));
    const bm25 = (tf: number, length: number): number => {
      const weighted = tf / (1 - 0.75 + (0.75 * length) / average);
      return (idf * (weighted * 2.2)) / (weighted + 1.2);
    };
    const scores = Object.fromEntries(short.searchTerms({ terms: [{ term, weight: 1 }] }, 3).map((hit) => [hit.id, hit.score]));
    expect(Object.keys(scores).sort()).toEqual(['long', 'short']);
    expect(scores.short).toBeCloseTo(bm25(2, lengths.short), 12);
    expect(scores.long).toBeCloseTo(bm25(1, lengths.long), 12);
  });

  it('weighs rare terms above common ones (IDF)', () => {
    const scores = Object.fromEntries(index.search('party expire', 4).map((hit) => [hit.id, hit.score]));
    // "party" occurs in two documents, "expire" in one.
    expect(scores.term).toBeGreaterThan(scores.assign);
  });

  it('returns at most k results, best first, and nothing for unknown words', () => {
    const hits = index.search('agreement party', 2);
    expect(hits).toHaveLength(2);
    expect(hits[0].score).toBeGreaterThanOrEqual(hits[1].score);
    expect(index.search('zebra', 5)).toEqual([]);
  });

  it('scores into a given array, clearing what it held, as into a new one', () => {
    const query = { terms: [{ term: tokenize('agreement')[0], weight: 1 }] };
    const into = new Float64Array(DOCS.length).fill(7);
    expect(index.scoreAll(query, undefined, into)).toBe(into);
    expect([...into]).toEqual([...index.scoreAll(query)]);
    expect(() => index.scoreAll(query, undefined, new Float64Array(DOCS.length + 1))).toThrow('cannot go into an array of 5');
  });

  it('applies a filter on ids', () => {
    const hits = index.search('agreement party', 10, (id) => id !== 'assign');
    expect(hits.map((h) => h.id)).not.toContain('assign');
    expect(hits.length).toBeGreaterThan(0);
  });

  it('normalises by length: a short match beats the same match padded with other words', () => {
    const padded = Bm25Index.build([
      { id: 'short', text: 'royalty payments' },
      { id: 'long', text: 'royalty payments ' + 'other words about unrelated matters '.repeat(10) },
    ]);
    expect(padded.search('royalty', 2).map((h) => h.id)).toEqual(['short', 'long']);
    const flat = Bm25Index.build(
      [
        { id: 'short', text: 'royalty payments' },
        { id: 'long', text: 'royalty payments ' + 'other words about unrelated matters '.repeat(10) },
      ],
      { b: 0 },
    );
    const [a, b] = flat.search('royalty', 2);
    expect(a.score).toBeCloseTo(b.score);
  });

  it('lets a weighted field add evidence', () => {
    const withHeadings = new Bm25Index({ fieldWeights: { body: 1, heading: 2 } });
    withHeadings.add('a', 'Each party shall keep records.', { heading: 'Audit Rights' });
    withHeadings.add('b', 'Each party shall keep records.', { heading: 'Notices' });
    expect(withHeadings.search('audit records', 2).map((h) => h.id)).toEqual(['a', 'b']);
  });

  it('scores weighted terms and phrases', () => {
    const phrased = Bm25Index.build(
      [
        { id: 'phrase', text: 'upon a change of control of the company' },
        { id: 'apart', text: 'a change in the board gives control to the company' },
      ],
      { indexBigrams: true },
    );
    const hits = phrased.searchTerms({ terms: [{ term: 'chang', weight: 1 }, { term: 'control', weight: 1 }], bigrams: [{ term: 'chang control', weight: 1 }] }, 2);
    expect(hits[0].id).toBe('phrase');
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
  });

  it('rejects a duplicate id and reserved field names', () => {
    const fresh = new Bm25Index();
    fresh.add('x', 'text');
    expect(() => fresh.add('x', 'more')).toThrow('already indexed');
    expect(() => fresh.add('y', 'text', { body: 'no' })).toThrow('reserved');
  });

  it('restores from its serialised form with identical results', () => {
    const json = JSON.parse(JSON.stringify(index.toJSON())) as SerializedBm25Index;
    const restored = Bm25Index.fromJSON(json);
    expect(restored.size).toBe(index.size);
    for (const query of ['law governs', 'assign consent party', 'term expire renew']) {
      expect(restored.search(query, 4)).toEqual(index.search(query, 4));
    }
    restored.add('new', 'Governing law is Delaware law.');
    expect(restored.search('governing law', 1)[0].id).toBe('new');
  });

  it('keeps every term frequency and field exact when a search packs its postings, and when an add extends them again', () => {
    const fielded = new Bm25Index({ fieldWeights: { body: 1, heading: 0.8 }, indexBigrams: true });
    fielded.add('long', `${'party '.repeat(70_000)}notice`, { heading: 'Notices to a party' });
    fielded.add('short', 'Each party shall give notice.', { heading: 'Notices' });
    const unpacked = fielded.toJSON();
    expect(unpacked.postings[unpacked.terms.indexOf('parti')]).toEqual(expect.arrayContaining([0, 0, 70_000]));
    fielded.search('notice', 2);
    expect(fielded.toJSON()).toEqual(unpacked);
    expect(fielded.occursInField('notic', 'heading')).toBe(true);
    expect(fielded.occursInField('shall', 'heading')).toBe(false);
    fielded.add('third', 'A party may assign.', { heading: 'Assignment' });
    fielded.search('assign', 1);
    const grown = Bm25Index.fromJSON(fielded.toJSON());
    expect(grown.scoreAll({ terms: [{ term: 'parti', weight: 1 }] })).toEqual(fielded.scoreAll({ terms: [{ term: 'parti', weight: 1 }] }));
  });

  it('refuses an unknown serialised version', () => {
    const json = { ...index.toJSON(), version: 2 } as unknown as SerializedBm25Index;
    expect(() => Bm25Index.fromJSON(json)).toThrow('version');
  });

  it('scores a document added after a search against the new average lengths, as a fresh index does', () => {
    const growing = Bm25Index.build(DOCS.slice(0, 2));
    growing.search('agreement', 2);
    for (const document of DOCS.slice(2)) growing.add(document.id, document.text);
    expect(growing.scoreAll({ terms: [{ term: 'agreement', weight: 1 }] })).toEqual(Bm25Index.build(DOCS).scoreAll({ terms: [{ term: 'agreement', weight: 1 }] }));
  });

  it('counts a scoped term only for the documents within its ranges, as the whole score would there', () => {
    const whole = index.scoreAll({ terms: [{ term: 'agreement', weight: 1 }, { term: 'party', weight: 1 }] });
    const agreement = index.scoreAll({ terms: [{ term: 'agreement', weight: 1 }] });
    const party = index.scoreAll({ terms: [{ term: 'party', weight: 1 }] });
    // "agreement" counts for the first two documents only, "party" for the last two; a filter still applies.
    const terms = [
      { term: 'agreement', weight: 1, ranges: [0, 2] },
      { term: 'party', weight: 1, ranges: [2, 4] },
    ];
    const scoped = index.addScoped(terms, new Float64Array(DOCS.length), (id) => id !== 'notice');
    expect([...scoped]).toEqual([agreement[0], agreement[1], party[2], 0]);
    expect(whole[2]).toBeGreaterThan(scoped[2]);
    // Added to what the array holds, which stays as it was outside the ranges and where the filter rejects.
    const held = Float64Array.from(DOCS, (_, i) => i + 0.5);
    expect(index.addScoped(terms, held, (id) => id !== 'notice')).toBe(held);
    expect([...held]).toEqual([0.5 + agreement[0], 1.5 + agreement[1], 2.5 + party[2], 3.5]);
  });

  it('reads a long list only within scattered ranges, each document scored as the whole score scores it', () => {
    // 600 documents; "clause" in every third, with a heading field in some, so documents have one or two pairs.
    const many = new Bm25Index({ fieldWeights: { body: 1, heading: 0.5 } });
    for (let i = 0; i < 600; i++) many.add(`d${i}`, i % 3 === 0 ? `clause ${'word '.repeat(i % 7)}` : 'other words', i % 5 === 0 ? { heading: 'clause' } : {});
    const [clause] = tokenize('clause');
    const whole = many.scoreAll({ terms: [{ term: clause, weight: 2 }] });
    // Ranges of every size, far apart and side by side, some empty of the term, one reaching past the last document.
    const ranges = [0, 1, 3, 4, 5, 9, 40, 41, 42, 200, 333, 334, 500, 520, 599, 700];
    const scoped = many.addScoped([{ term: clause, weight: 2, ranges }], new Float64Array(600));
    const inside = (position: number): boolean => ranges.some((start, i) => i % 2 === 0 && start <= position && position < ranges[i + 1]);
    expect([...scoped]).toEqual([...whole].map((score, position) => (inside(position) ? score : 0)));
    expect(scoped.filter((score) => score > 0).length).toBeGreaterThan(20);
  });

  it('scores the same scoped terms again from where their ranges were found, and finds them anew once a document is added', () => {
    const build = (count: number): Bm25Index => {
      const many = new Bm25Index({ fieldWeights: { body: 1, heading: 0.5 } });
      for (let i = 0; i < count; i++) many.add(`d${i}`, i % 3 === 0 ? `clause ${'word '.repeat(i % 7)}` : 'other words', i % 5 === 0 ? { heading: 'clause' } : {});
      return many;
    };
    const [clause] = tokenize('clause');
    // One array of terms, searched again and again (as a question's kept definition matches are); the last range
    // reaches past the last document.
    const terms = [{ term: clause, weight: 2, ranges: [3, 4, 40, 200, 590, 700] }];
    const many = build(600);
    const first = many.addScoped(terms, new Float64Array(600));
    expect(first.filter((score) => score > 0).length).toBeGreaterThan(20);
    expect([...many.addScoped(terms, new Float64Array(600))]).toEqual([...first]);
    // A document added within the last range, holding the term: every score of the term changes (its idf and the
    // average lengths), and the new document counts.
    many.add('d600', 'clause clause');
    const fresh = build(600);
    fresh.add('d600', 'clause clause');
    const again = many.addScoped(terms, new Float64Array(601));
    expect([...again]).toEqual([...fresh.addScoped([{ ...terms[0] }], new Float64Array(601))]);
    expect(again[600]).toBeGreaterThan(0);
    expect(again[3]).not.toBe(first[3]);
  });

  it('scores a long list the same when it is searched again and read from what the first searches worked out', () => {
    // 3,000 documents of varied lengths; "clause" in most, in the body, a heading field or both (one or two pairs each).
    const build = (count: number): Bm25Index => {
      const many = new Bm25Index({ fieldWeights: { body: 1, heading: 0.5 } });
      for (let i = 0; i < count; i++) many.add(`d${i}`, i % 4 === 3 ? 'other words' : `clause ${'word '.repeat(i % 11)}${i % 2 === 0 ? 'clause' : ''}`, i % 5 === 0 ? { heading: 'clause' } : {});
      return many;
    };
    const [clause] = tokenize('clause');
    const query = { terms: [{ term: clause, weight: 2 }] };
    const many = build(3000);
    const first = many.scoreAll(query);
    const second = many.scoreAll(query);
    const third = many.scoreAll(query);
    expect(first.filter((score) => score > 0).length).toBeGreaterThan(2000);
    expect([...second]).toEqual([...first]);
    expect([...third]).toEqual([...first]);
    // A filter still applies, and the ranking is the same.
    expect(many.searchTerms(query, 5, (id) => id !== 'd2')).toEqual(build(3000).searchTerms(query, 5, (id) => id !== 'd2'));
    // A document added changes every score of the list: what was worked out before is not used again.
    many.add('d3000', 'clause clause clause');
    const fresh = build(3000);
    fresh.add('d3000', 'clause clause clause');
    expect([...many.scoreAll(query)]).toEqual([...fresh.scoreAll(query)]);
    expect([...many.scoreAll(query)]).toEqual([...fresh.scoreAll(query)]);
  });

  it('picks the k best positive scores, best first, ties in insertion order, as a full sort would', () => {
    const index = Bm25Index.build(Array.from({ length: 200 }, (_, i) => ({ id: `d${i}`, text: 'clause' })));
    // Scores with many ties and zeros, from a fixed sequence.
    const scores = Float64Array.from({ length: 200 }, (_, i) => ((i * 37) % 11) - 3);
    const sorted = [...scores.keys()].filter((i) => scores[i] > 0).sort((a, b) => scores[b] - scores[a] || a - b);
    for (const k of [0, 1, 5, 64, 150, 500]) {
      expect(index.topK(scores, k)).toEqual(sorted.slice(0, k).map((i) => ({ id: `d${i}`, score: scores[i] })));
    }
  });

  it('picks the best lifted scores the same when it passes over runs that cannot beat the best found so far', () => {
    // 3,000 positions in runs of 1 to 40, a third of them 0; shares of 0 for most runs, some large, one negative.
    const scores = Float64Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? 0 : ((i * 7919) % 1009) / 97));
    const starts: number[] = [];
    const ends: number[] = [];
    for (let at = 0, run = 0; at < scores.length; run++) {
      starts.push(at);
      at = Math.min(scores.length, at + 1 + ((run * 13) % 40));
      ends.push(at);
    }
    const shares = Float64Array.from(starts, (_, run) => (run % 17 === 0 ? ((run * 31) % 23) / 2 : run === 5 ? -4 : 0));
    const highest = new Float64Array(starts.length);
    const best = highestOfRuns(scores, starts, ends, highest);
    expect(best).toBe(Math.max(...scores));
    expect([...highest]).toEqual(starts.map((start, run) => Math.max(0, ...scores.subarray(start, ends[run]))));
    const lifted = Float64Array.from(scores, (score, i) => {
      const run = ends.findIndex((end) => i < end);
      return score > 0 ? score + shares[run] : score;
    });
    const sorted = [...lifted.keys()].filter((i) => lifted[i] > 0).sort((a, b) => lifted[b] - lifted[a] || a - b);
    for (const k of [1, 8, 24, 100, 3000]) {
      const expected = sorted.slice(0, k).map((i) => ({ position: i, score: lifted[i] }));
      expect(bestPositions(scores, k, { starts, ends, shares })).toEqual(expected);
      expect(bestPositions(scores, k, { starts, ends, shares, highest })).toEqual(expected);
    }
  });

  it('restores from its snapshot the exact postings, decoded when read, and goes on growing and snapshotting', () => {
    // Enough documents and repeats that document gaps and frequencies take several bytes each.
    const words = ['indemnify', 'licensor', 'territory', 'royalty', 'audit', 'warranty'];
    const texts = Array.from({ length: 400 }, (_, i) => `${words[i % 6]} ${'royalty '.repeat(i % 40)}clause ${i % 7 === 0 ? 'audit' : ''}`);
    const fields = (i: number): Record<string, string> => (i % 3 === 0 ? { heading: `${i}. ${words[(i + 1) % 6]}` } : {});
    const whole = new Bm25Index({ fieldWeights: { body: 1, heading: 0.8 } });
    texts.forEach((text, i) => whole.add(`d${i}`, text, fields(i)));
    const half = new Bm25Index({ fieldWeights: { body: 1, heading: 0.8 } });
    texts.slice(0, 300).forEach((text, i) => half.add(`d${i}`, text, fields(i)));

    const restored = Bm25Index.fromSnapshot(deserialize(serialize(half.toSnapshot())) as Bm25Snapshot);
    expect(restored.search('royalty audit', 50)).toEqual(half.search('royalty audit', 50));
    // Some lists decoded by that search, the others still as stored: extended, then snapshotted again.
    texts.slice(300).forEach((text, i) => restored.add(`d${i + 300}`, text, fields(i + 300)));
    const again = Bm25Index.fromSnapshot(deserialize(serialize(restored.toSnapshot())) as Bm25Snapshot);
    for (const query of ['royalty audit', 'indemnify territory', 'warranty clause', 'licensor']) {
      expect(again.search(query, 400)).toEqual(whole.search(query, 400));
      expect(restored.search(query, 400)).toEqual(whole.search(query, 400));
    }
    expect(again.toJSON()).toEqual(whole.toJSON());
  });
});
