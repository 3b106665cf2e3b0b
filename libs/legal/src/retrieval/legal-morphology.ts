/**
 * Derivational morphology of legal English on stemmed terms. The stemmer folds inflections (assigns, assigned) but
 * leaves the words drafting derives from one another apart: the act and its parties (assignment, assignee,
 * assignor), the verb and its noun (indemnify, indemnification, indemnity), the quality (confidential,
 * confidentiality). `legalRoot` strips one such ending from a stem, so that terms with the same root are variants.
 */

/** Endings of stems, longest first; each names what it derives (role nouns, nouns of action, qualities). */
const ENDINGS: readonly string[] = ['ification', 'itor', 'ship', 'ifi', 'ite', 'ur', 'or', 'ee', 'if', 'it', 'e', 'i'];

/** A shorter root would join unrelated words ("not" from notify and note). */
const MIN_ROOT = 5;

/** The root of a stemmed term: one derivational ending stripped when at least MIN_ROOT characters remain. */
export function legalRoot(stem: string): string {
  for (const ending of ENDINGS) {
    if (stem.endsWith(ending) && stem.length - ending.length >= MIN_ROOT) return stem.slice(0, stem.length - ending.length);
  }
  return stem;
}

/**
 * The variants of each term in a vocabulary (an index's terms): terms that share its root. Built once per vocabulary;
 * a term's variants never include itself.
 */
export class MorphologyIndex {
  private readonly byRoot = new Map<string, string[]>();

  constructor(vocabulary: Iterable<string>) {
    for (const term of vocabulary) {
      const root = legalRoot(term);
      const family = this.byRoot.get(root);
      if (family) family.push(term);
      else this.byRoot.set(root, [term]);
    }
  }

  variants(term: string): string[] {
    return (this.byRoot.get(legalRoot(term)) ?? []).filter((other) => other !== term);
  }
}
