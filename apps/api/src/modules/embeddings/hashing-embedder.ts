import { stem, tokenize } from '@casewise/legal';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv1a(value: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * The offline embedder: signed feature hashing of stemmed terms and of word character 4-grams, so
 * inflections and compounds that exact terms miss still land near each other. No weights, nothing to
 * download, deterministic. (The embedding packages that ship weights in npm were measured on the
 * retrieval benchmark and did not earn their size; see the README.)
 */
export class HashingEmbedder {
  readonly name = 'hashing-v1';

  constructor(readonly dimensions = 384) {}

  embed(text: string): number[] {
    const vector = new Float64Array(this.dimensions);
    const counts = new Map<string, number>();
    for (const token of tokenize(text, { stem: false })) {
      const term = stem(token);
      counts.set(`t:${term}`, (counts.get(`t:${term}`) ?? 0) + 1);
      if (token.length >= 6) {
        for (let i = 0; i + 4 <= token.length; i++) {
          const gram = `g:${token.slice(i, i + 4)}`;
          counts.set(gram, (counts.get(gram) ?? 0) + 0.25);
        }
      }
    }
    for (const [feature, count] of counts) {
      const hash = fnv1a(feature);
      const weight = 1 + Math.log(count + 1);
      vector[hash % this.dimensions] += hash & 0x80000000 ? -weight : weight;
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm) || 1;
    return Array.from(vector, (value) => Math.fround(value / norm));
  }
}
