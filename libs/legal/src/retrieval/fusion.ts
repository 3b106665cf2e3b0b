export interface FusedId {
  id: string;
  score: number;
}

/**
 * Reciprocal rank fusion: each list adds 1 / (k + rank) to the ids it holds (rank from 1), so items that several
 * rankers place high rise without any need to calibrate their scores against each other.
 */
export function fuseRankings(lists: readonly (readonly { id: string }[])[], k = 60): FusedId[] {
  const scores = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  let order = 0;
  for (const list of lists) {
    const seen = new Set<string>();
    list.forEach((item, rank) => {
      if (seen.has(item.id)) return;
      seen.add(item.id);
      scores.set(item.id, (scores.get(item.id) ?? 0) + 1 / (k + rank + 1));
      if (!firstSeen.has(item.id)) firstSeen.set(item.id, order++);
    });
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (firstSeen.get(a.id) ?? 0) - (firstSeen.get(b.id) ?? 0));
}
