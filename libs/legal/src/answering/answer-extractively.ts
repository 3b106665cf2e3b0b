import { cite } from '../citations/citation';
import { PageMap } from '../citations/page-map';
import type { CuadCategory } from '../clauses/categories';
import type { ClauseRule, SentenceRule } from '../clauses/rule-types';
import { CLAUSE_RULES } from '../clauses/rules';
import { scoreSegment } from '../clauses/score';
import { splitSegments, type Segment } from '../clauses/segment';
import { CONTRACT_CHANGE_WORDS, EFFECTIVE_UNTIL, findAgreementDate, findEffectiveDateSpan, fixesNoStart } from '../extraction/extract-fields';
import { extractParties } from '../extraction/parties';
import { extractTerm } from '../extraction/term';
import { extractTitle } from '../extraction/title';
import { buildQuestionQuery, parseLegalQuery, questionTerms } from '../retrieval/query';
import { outsideSpans, overlapsAny } from '../text/boilerplate';
import type { TextSpan } from '../text/sentences';
import { DigestMemo, TextMemo } from '../text/text-memo';
import { tokenize } from '../text/tokenizer';
import { CATEGORY_WORDS } from './category-words';
import { matchQuestionCategories } from './question-categories';
import { matchQuestionTopics, TOPIC_RULES, type ContractTopic } from './topics';
import type { AnswerCitation, AnswerOptions, AnswerPassage, ExtractiveAnswer } from './types';

export const ABSTAIN_ANSWER = 'The documents do not appear to address this.';

export const DEFAULT_ANSWER_OPTIONS: Readonly<AnswerOptions> = {
  maxSentences: 3,
  clauseThreshold: 1,
  minCoverage: 0.6,
  relativeCut: 0.6,
};

/** A sentence of a passage, with offsets into its document's canonical text. */
interface Candidate {
  passage: AnswerPassage;
  start: number;
  end: number;
  text: string;
  heading: string;
  sectionStart: boolean;
  /** Rank of its passage, 0 = best. */
  passageRank: number;
}

interface Scored extends Candidate {
  score: number;
}

const RULES = new Map<string, ClauseRule>(CLAUSE_RULES.map((rule) => [rule.category, rule]));
const TOPICS = new Map<ContractTopic, SentenceRule>(TOPIC_RULES.map((rule) => [rule.topic, rule]));
const TOPIC_WORDS = new Map<ContractTopic, string>(TOPIC_RULES.map((rule) => [rule.topic, rule.words]));
const DESCRIPTIVE: ReadonlySet<CuadCategory> = new Set<CuadCategory>(['Document Name', 'Parties', 'Agreement Date', 'Effective Date', 'Expiration Date']);
/** Fields the Case Summary reads from the whole of a contract; a question about them reads the same text. */
const WHOLE_TEXT_FIELDS: ReadonlySet<CuadCategory> = new Set<CuadCategory>(['Agreement Date', 'Effective Date', 'Expiration Date']);

/**
 * Characters of passages and whole texts whose sentences are kept between questions: the next questions on a matter
 * read the same passages and contracts again. The size at most; a server bounds all the memos with
 * `sizeAnswerMemos`, within its search cache's memory.
 */
const MEMO_CHARS = 16_000_000;
/**
 * Fields of a text (a contract's title, parties, dates, term) kept under the text's digest, each memo's results at
 * most: the fields of every contract of a data room of 2,000, by their whole texts and by their openings. Keyed by
 * the texts themselves and bounded by their characters, they held about 160 contracts, and a question about the
 * dates of any other contract read its whole text again (5.7 ms of 7.3 for three contracts).
 */
const FIELD_ENTRIES = 8_000;
/** Sentences whose terms are kept: a set of a sentence's terms weighs about 2.7 bytes a character of it. */
const TERMS_MEMO_CHARS = 16_000_000;
/**
 * Bytes a character of a kept text is estimated to hold in each memo, its text included (about 1.5 bytes a character
 * once copied to the answering thread): a passage's sentence records 0.6, a sentence's set of terms 2.6 (measured on
 * 100 CUAD contracts).
 */
const SEGMENT_BYTES_PER_CHAR = 2.1;
const TERMS_BYTES_PER_CHAR = 4;
/** Bytes a kept field is estimated to hold with its digest: a term or a list of parties is up to 1,600 characters of JSON. */
const FIELD_ENTRY_BYTES = 1_500;
const segmentsOf = new TextMemo<readonly Segment[]>(splitSegments, MEMO_CHARS);
const titleOf = new DigestMemo(extractTitle, FIELD_ENTRIES);
const partiesOf = new DigestMemo(extractParties, FIELD_ENTRIES);
const agreementDateOf = new DigestMemo(findAgreementDate, FIELD_ENTRIES);
const effectiveDateOf = new DigestMemo(findEffectiveDateSpan, FIELD_ENTRIES);
const termOf = new DigestMemo((text) => extractTerm(text, segmentsOf.get(text)), FIELD_ENTRIES);

/** A document's opening passage grown to its whole text, when that text is given. */
function wholeDocument(passage: AnswerPassage, texts: AnswerOptions['texts']): AnswerPassage {
  const text = texts?.[passage.documentId];
  if (passage.start !== 0 || text === undefined || text.length <= passage.end) return passage;
  return { ...passage, end: text.length, text };
}

/** The title, parties and date of a contract sit in its first few thousand characters. */
export const OPENING_CHARS = 6000;
const DISPLAY_CHARS = 600;
/** A form's empty answer ("Not applicable.", "None.", "[Reserved]") says nothing worth quoting. */
const PLACEHOLDER = /^\W*(?:not\s+applicable|n\/a|none|nil|reserved|intentionally\s+(?:left\s+)?(?:blank|omitted)|omitted)\W*$/i;
const WORDLIKE = /\p{L}{2,}/u;
/**
 * A page number, then the next entry's section number and title ("... Conflict Among Agreements 16 9.2 Assignment"):
 * twice in one sentence, it is a table of contents, which names clauses the contract holds further on.
 */
const CONTENTS_ENTRY = /(?:^|\s)\d{1,3}\s+(?:\d{1,2}(?:\.\d{1,2})+|(?:ARTICLE|Article|SECTION|Section)\s+(?:[IVXLC]+|\d{1,2}))\.?\s+[A-Z]/g;
const isContents = (text: string): boolean => (text.match(CONTENTS_ENTRY)?.length ?? 0) >= 2;

const NO_SPANS: readonly TextSpan[] = [];

/** The longest part of [start, end) of the passage outside the furniture, trimmed; undefined when none has a word. */
function outsideFurniture(passage: AnswerPassage, start: number, end: number, furniture: readonly TextSpan[]): TextSpan | undefined {
  let best: TextSpan | undefined;
  for (const part of outsideSpans(furniture, start, end)) {
    let from = part.start;
    let to = part.end;
    while (from < to && /\s/.test(passage.text[from - passage.start])) from++;
    while (to > from && /\s/.test(passage.text[to - 1 - passage.start])) to--;
    if (!WORDLIKE.test(passage.text.slice(from - passage.start, to - passage.start))) continue;
    if (best === undefined || to - from > best.end - best.start) best = { start: from, end: to };
  }
  return best;
}

/** Each passage's segments a quote may come from (not a heading, a placeholder or a table of contents), found once per segmentation. */
const quotableSegments = new WeakMap<readonly Segment[], readonly Segment[]>();

function quotable(segments: readonly Segment[]): readonly Segment[] {
  let found = quotableSegments.get(segments);
  if (found === undefined) {
    found = segments.filter((segment) => !segment.isHeading && WORDLIKE.test(segment.text) && !PLACEHOLDER.test(segment.text) && !isContents(segment.text));
    quotableSegments.set(segments, found);
  }
  return found;
}

function candidatesOf(passages: readonly AnswerPassage[], boilerplate: AnswerOptions['boilerplate']): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  passages.forEach((passage, passageRank) => {
    const fallbackHeading = passage.headingPath.length > 0 ? passage.headingPath[passage.headingPath.length - 1] : '';
    const furniture = boilerplate?.[passage.documentId] ?? NO_SPANS;
    for (const segment of quotable(segmentsOf.get(passage.text))) {
      const from = passage.start + segment.start;
      const to = passage.start + segment.end;
      // A sentence that runs into a page's footer or header is quoted without it; one clear of them (trimmed and with a
      // word, as a quotable segment is) whole.
      const kept = overlapsAny(furniture, from, to) ? outsideFurniture(passage, from, to, furniture) : { start: from, end: to };
      if (kept === undefined) continue;
      const { start, end } = kept;
      const key = `${passage.documentId}\u0000${start}\u0000${end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        passage,
        start,
        end,
        // The segment's own string when the sentence is the whole of it: the memos that read it next (its terms) find
        // it by a hash worked out once, where a new slice would be hashed afresh for every question.
        text: start === from && end === to ? segment.text : passage.text.slice(start - passage.start, end - passage.start),
        heading: segment.heading !== '' ? segment.heading : fallbackHeading,
        sectionStart: segment.sectionStart,
        passageRank,
      });
    }
  });
  return out;
}

/** The candidate sentence of `passage` in which the local offset `from` falls, if any. */
function sentenceContaining(candidates: readonly Candidate[], passage: AnswerPassage, from: number): Candidate | undefined {
  const start = passage.start + from;
  return candidates.find((c) => c.passage.documentId === passage.documentId && c.start <= start && start < c.end);
}

function passageWeight(candidate: Candidate, bestPassageScore: number): number {
  const relative = bestPassageScore > 0 ? Math.max(0, candidate.passage.score) / bestPassageScore : 0;
  return 0.2 * relative + 0.1 / (1 + candidate.passageRank);
}

/** The preamble sentence that names the agreement ("This Supply Agreement is made ..."). */
const NAMING_SENTENCE = /^\W{0,3}(?:this|the)\s+(?:[\w&/,-]+\s+){0,10}?(?:agreement|contract|amendment|addendum|licen[cs]e|lease|memorandum)\b/i;

const EFFECTIVE_STATEMENT = /\b(?:shall|will|to)\s+(?:become|be)\s+effective\b|\b(?:shall|will)\s+take\s+effect\b|\bcomes?\s+into\s+(?:force|effect)\b|\b(?:signed|executed)\s+and\s+effective\b/i;
/**
 * A notice, an amendment or a waiver taking effect is not the contract doing so; nor is a termination, an
 * assignment, a letter of credit or a price when it is what takes effect (not "upon termination of the prior
 * agreement, this Agreement ...").
 */
const OTHER_THING_EFFECTIVE = new RegExp(
  String.raw`\b(?:notices?|communications?|notifications?|${CONTRACT_CHANGE_WORDS})\b.{0,200}\b(?:be|become|becomes)\s+effective\b|` +
    String.raw`\b(?:statements?|requests?|terminations?|cancell?ations?|resignations?|removals?|assignments?|transfers?|letters?\s+of\s+credit|prices?|signature\s+pages?|facsimile)\b(?:(?!\b(?:this|the)\s+(?:agreement|contract)\b)(?:[^.;]|\.(?=\d))){0,80}?\b(?:(?:be|become|becomes)\s+effective|takes?\s+effect)\b|` +
    // An end rather than a start ("shall be effective through March 31, 2004"), a guarantee revived ("shall continue to be
    // effective, or be reinstated"), and a sentence defining another term ('"Fallback Rate" means the rate ... to be effective').
    String.raw`\beffective${EFFECTIVE_UNTIL}|\bcontinue\s+to\s+be\s+effective\b|^\W*["“](?!effective\s+date)[^"”]{1,60}["”]\s+(?:shall\s+)?means?\b`,
  'is',
);
const DATE_ABOVE = /\bdate\s+(?:first\s+)?(?:(?:set\s+forth|written|stated|shown)\s+)?(?:above|hereinabove)|\bfirst\s+(?:above\s+)?written\b|\bdate\s+hereof\b|\bdate\s+of\s+(?:this|the)\s+agreement\b/i;

/** Words of a preamble that makes the contract: "This Supply Agreement is made ...", "... AGREEMENT, dated as of ...". */
const MAKING_WORDS = /^[^.;]{0,300}?\b(?:made|entered|dated|executed|effective|between|among)\b/i;

/** A preamble that opens with the contract's name: "INTELLECTUAL PROPERTY AGREEMENT, dated as of September 27, 2018 ...". */
const NAMED_PREAMBLE = /^\W{0,3}(?:[\w&/'-]+,?\s+){0,10}?(?:agreement|contract|amendment|addendum|licen[cs]e)\b,?\s+(?:\([^()]{0,80}\)\s*,?\s*)?(?:is\s+)?(?:dated|effective|made|entered\s+into|by\s+and\s+(?:between|among))\b/i;

/**
 * The preamble's sentence naming the contract, after its title: "This MANUFACTURING AND MARKETING AGREEMENT (this
 * "Agreement") is entered into by and between ...", also where it runs on from the title without a break. A later
 * sentence that only names the agreement ("This Agreement will renew automatically ...") is not it.
 */
function namingSentence(passage: AnswerPassage, candidates: readonly Candidate[], titleEnd: number): Candidate | undefined {
  const after = passage.start + titleEnd;
  for (const c of candidates) {
    if (c.passage !== passage || c.end <= after) continue;
    const lead = c.start >= after ? 0 : after - c.start;
    const skip = lead + (c.text.slice(lead).length - c.text.slice(lead).trimStart().length);
    const text = c.text.slice(skip);
    if ((NAMING_SENTENCE.test(text) && MAKING_WORDS.test(text)) || NAMED_PREAMBLE.test(text)) return skip === 0 ? c : { ...c, start: c.start + skip, text };
  }
  return undefined;
}

/** Sentences that state the contract's name, parties or dates, found with the field extractors. */
function descriptiveMatches(category: CuadCategory, passages: readonly AnswerPassage[], candidates: readonly Candidate[]): Scored[] {
  const out: Scored[] = [];
  // Read from the top of the document; a passage that a passage from the top already covers adds nothing.
  const covered = (passage: AnswerPassage): boolean =>
    passages.some((p) => p !== passage && p.documentId === passage.documentId && p.start === 0 && p.end >= passage.end);
  passages.forEach((passage, rank) => {
    const opening = passage.start < OPENING_CHARS && (passage.start === 0 || !covered(passage));
    const score = (base: number): number => base - 0.01 * rank;
    // Quotes the sentence holding the field; a field on a line of its own (a title, "Dated: ...") is quoted as is.
    const add = (from: number, to: number, value: number, whole = false): void => {
      const sentence = whole ? undefined : sentenceContaining(candidates, passage, from);
      if (sentence !== undefined) out.push({ ...sentence, score: value });
      else out.push({ passage, start: passage.start + from, end: passage.start + to, text: passage.text.slice(from, to), heading: '', sectionStart: false, passageRank: rank, score: value });
    };
    if (category === 'Document Name' && passage.start === 0) {
      const title = titleOf.get(passage.text);
      if (title !== undefined) add(title.start, title.end, score(2), true);
      const naming = namingSentence(passage, candidates, title?.end ?? 0);
      if (naming !== undefined) out.push({ ...naming, score: score(1.5) });
    } else if (category === 'Parties' && opening) {
      for (const party of partiesOf.get(passage.text)) add(party.start, party.end, score(2));
    } else if (category === 'Agreement Date' && opening) {
      const date = agreementDateOf.get(passage.text);
      if (date !== undefined) add(date.start, date.end, score(2));
    } else if (category === 'Expiration Date' && passage.start === 0) {
      const term = termOf.get(passage.text);
      if (term !== undefined) add(term.start, term.end, score(2));
      // "The Term shall be for the Contract Period": the definition that dates its end is quoted beside the clause.
      const end = term?.expiresOn;
      if (term !== undefined && end !== undefined && (end.start < term.start || end.end > term.end)) add(end.start, end.end, score(2));
    } else if (category === 'Effective Date') {
      const effective = opening ? effectiveDateOf.get(passage.text) : undefined;
      if (effective !== undefined) add(effective.start, effective.end, score(2));
      for (const c of candidates) {
        if (c.passage === passage && EFFECTIVE_STATEMENT.test(c.text) && !OTHER_THING_EFFECTIVE.test(c.text) && !fixesNoStart(c.text)) out.push({ ...c, score: score(1.8) });
      }
      // "Effective as of the date first written above" points back to the date of the agreement.
      if (opening && out.some((c) => DATE_ABOVE.test(c.text))) {
        const date = agreementDateOf.get(passage.text);
        if (date !== undefined) add(date.start, date.end, score(1.7));
      }
    }
  });
  return out;
}

interface LexicalScorer {
  /** Share of the question's own terms the text contains, plus a little for synonyms. */
  coverage(text: string): number;
  ownTerms: number;
}

/**
 * Sentences kept with their terms: the same sentences are read again by the next questions on the same documents.
 * Dropped least recently used first, not all at once when full; a hundred contracts' sentences read in answers come
 * to about 4.4 million characters.
 */
const termsOf = new TextMemo<ReadonlySet<string>>((text) => new Set(tokenize(text)), TERMS_MEMO_CHARS);

/** Each memo of this module at its largest (in characters of texts or in results), with what a unit of it is estimated to hold. */
const MEMOS: readonly { memo: Pick<TextMemo<unknown>, 'resize' | 'size'>; units: number; bytesPerUnit: number }[] = [
  { memo: segmentsOf, units: MEMO_CHARS, bytesPerUnit: SEGMENT_BYTES_PER_CHAR },
  ...[titleOf, partiesOf, agreementDateOf, effectiveDateOf, termOf].map((memo) => ({ memo, units: FIELD_ENTRIES, bytesPerUnit: FIELD_ENTRY_BYTES })),
  { memo: termsOf, units: TERMS_MEMO_CHARS, bytesPerUnit: TERMS_BYTES_PER_CHAR },
];

/** Memory the answering memos of one thread may hold at their largest, in bytes (about 160 MB). */
export const ANSWER_MEMO_BYTES = MEMOS.reduce((sum, { units, bytesPerUnit }) => sum + units * bytesPerUnit, 0);

/**
 * Bounds the memory the answering memos of this thread may hold to about `maxBytes` (at most `ANSWER_MEMO_BYTES`), each
 * memo shrunk in the same proportion, the least recently used texts dropped first. A server calls it once per thread,
 * with the share of its search cache's memory it gives them.
 */
export function sizeAnswerMemos(maxBytes: number): void {
  const share = Math.max(0, Math.min(1, maxBytes / ANSWER_MEMO_BYTES));
  for (const { memo, units } of MEMOS) memo.resize(Math.floor(units * share));
}

/** Bytes the answering memos of this thread are estimated to hold now. */
export function answerMemoBytes(): number {
  return MEMOS.reduce((sum, { memo, bytesPerUnit }) => sum + memo.size * bytesPerUnit, 0);
}

function lexicalScorer(question: string): LexicalScorer {
  const own = new Set(questionTerms(question));
  const expansions = new Map<string, number>();
  for (const { term, weight } of buildQuestionQuery(question).terms) if (!own.has(term)) expansions.set(term, weight);
  return {
    ownTerms: own.size,
    coverage(text: string): number {
      if (own.size === 0) return 0;
      const terms = termsOf.get(text);
      let hits = 0;
      for (const term of own) if (terms.has(term)) hits++;
      let extra = 0;
      for (const [term, weight] of expansions) if (terms.has(term)) extra += weight;
      return hits / own.size + Math.min(0.2, 0.05 * extra);
    },
  };
}

/** What the question asks about: clause categories, topics, or both when their cues weigh the same. */
interface QuestionSubject {
  categories: CuadCategory[];
  topics: ContractTopic[];
  /** Weight of the strongest cue: 1 for generic wording, 3 or 4 when the question names the clause. */
  weight: number;
}

function questionSubject(question: string): QuestionSubject {
  const byCategory = matchQuestionCategories(question);
  const byTopic = matchQuestionTopics(question);
  return {
    categories: byCategory.weight >= byTopic.weight ? byCategory.categories : [],
    topics: byTopic.weight >= byCategory.weight ? byTopic.topics : [],
    weight: Math.max(byCategory.weight, byTopic.weight),
  };
}

/** Passages ranked this deep or deeper are read only for a clause that states itself plainly. */
const DEEP_RANK = 8;
/** How much more evidence a clause needs there. */
const DEEP_FACTOR = 1.6;

/**
 * A sentence that defines a term ('"Change of Control" means ...', '1.28 "Shortfall License" shall mean ...'): it says what
 * a word will mean wherever the contract uses it, not that the contract contains such a clause.
 */
const DEFINITION = /^\W*(?:\d+(?:\.\d+)*\.?\s+|\([a-z0-9]{1,4}\)\s+)?["“][^"”]{1,80}["”]\s+(?:shall\s+)?(?:means?|has\s+the\s+meaning|shall\s+have\s+the\s+meaning)\b/i;

/** Scores the candidates the rule recognises; `operativeOnly` leaves out definitions, for a question about a kind of clause. */
function ruleMatches(rule: SentenceRule, candidates: readonly Candidate[], threshold: number, scores: Map<Candidate, number>, operativeOnly = false): void {
  const base = (rule.answerScore ?? rule.documentScore ?? rule.minScore ?? 1) * threshold;
  for (const candidate of candidates) {
    if (operativeOnly && DEFINITION.test(candidate.text)) continue;
    const needed = candidate.passageRank >= DEEP_RANK ? base * DEEP_FACTOR : base;
    const score = scoreSegment(rule, candidate);
    if (score >= needed) scores.set(candidate, Math.max(scores.get(candidate) ?? 0, score / needed));
  }
}

function clauseMatches(subject: QuestionSubject, candidates: readonly Candidate[], threshold: number): Map<Candidate, number> {
  const scores = new Map<Candidate, number>();
  for (const category of subject.categories) {
    const rule = RULES.get(category);
    if (rule === undefined) continue;
    const dependencies = rule.dependsOn?.map((d) => RULES.get(d)).filter((r): r is ClauseRule => r !== undefined) ?? [];
    if (dependencies.length > 0 && !candidates.some((c) => dependencies.some((d) => scoreSegment(d, c) >= (d.minScore ?? 1)))) continue;
    ruleMatches(rule, candidates, threshold, scores, true);
  }
  for (const topic of subject.topics) ruleMatches(TOPICS.get(topic) as SentenceRule, candidates, threshold, scores);
  return scores;
}

function display(quote: string): string {
  const flat = quote.replace(/\s+/g, ' ').trim();
  if (flat.length <= DISPLAY_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', DISPLAY_CHARS);
  return `${flat.slice(0, cut > DISPLAY_CHARS / 2 ? cut : DISPLAY_CHARS)} …`;
}

/**
 * Whether the question names a kind of clause (a category or topic the rules recognise), so that more passages
 * should be read: the rules find the clause among them even where it shares few words with the question.
 */
export function namesClause(question: string): boolean {
  return questionSubject(parseLegalQuery(question).question).weight >= 2;
}

/**
 * What to search for to answer a question: the question, and for a question about a topic or a named kind of clause
 * the words its clauses are written in, since a lawyer's wording ("payment terms", "liquidated damages") is rarely
 * the clause's ("paid monthly in arrears", "a penalty of one percent for each week of delay").
 */
export function searchQuery(question: string): string {
  const { topics, categories, weight } = questionSubject(parseLegalQuery(question).question);
  const named = weight >= 2 ? categories.flatMap((c) => CATEGORY_WORDS[c]?.split(' ') ?? []) : [];
  if (topics.length === 0 && named.length === 0) return question;
  const words = new Set([...topics.flatMap((topic) => (TOPIC_WORDS.get(topic) as string).split(' ')), ...named]);
  return `${question} ${[...words].join(' ')}`;
}

/** Picks the best sentences, at most `maxSentences`, none much weaker than the best, with no two overlapping. */
function select(scored: readonly Scored[], options: AnswerOptions): Scored[] {
  const ranked = [...scored].sort(
    (a, b) => b.score - a.score || a.passageRank - b.passageRank || a.passage.documentId.localeCompare(b.passage.documentId) || a.start - b.start,
  );
  const chosen: Scored[] = [];
  for (const s of ranked) {
    if (chosen.length >= options.maxSentences) break;
    if (chosen.length > 0 && s.score < options.relativeCut * chosen[0].score) break;
    if (chosen.some((c) => c.passage.documentId === s.passage.documentId && s.start < c.end && c.start < s.end)) continue;
    chosen.push(s);
  }
  return chosen;
}

function compose(chosen: readonly Scored[], options: AnswerOptions): ExtractiveAnswer {
  // Reading order: documents in the order of their best sentence, sentences in document order.
  const documentOrder = new Map<string, number>();
  for (const s of chosen) if (!documentOrder.has(s.passage.documentId)) documentOrder.set(s.passage.documentId, documentOrder.size);
  const ordered = [...chosen].sort((a, b) => (documentOrder.get(a.passage.documentId) ?? 0) - (documentOrder.get(b.passage.documentId) ?? 0) || a.start - b.start);
  // Each document's page map is built once; a sentence outside its pages (or with none given) keeps its passage's page.
  const pageMaps = new Map<string, PageMap>();
  const citations: AnswerCitation[] = ordered.map(({ passage, start, end }) => {
    let pages = pageMaps.get(passage.documentId);
    if (pages === undefined) {
      pages = new PageMap(options.pages?.[passage.documentId] ?? []);
      pageMaps.set(passage.documentId, pages);
    }
    const quoted = { id: passage.documentId, file: passage.file, text: passage.text, textStart: passage.start, pages };
    return { passageId: passage.id, ...cite(quoted, start, end, pages.pageHolding(start) ?? passage.page) };
  });
  const lines: string[] = [];
  let previous: AnswerCitation | undefined;
  for (const c of citations) {
    const quote = `“${display(c.quote)}”`;
    if (previous !== undefined && previous.documentId === c.documentId && previous.page === c.page) lines[lines.length - 1] += ` ${quote}`;
    else lines.push(`According to ${c.file} (page ${c.page}): ${quote}`);
    previous = c;
  }
  return { answer: lines.join('\n\n'), citations, abstained: false };
}

/** Whether a question about these descriptive fields reads the whole texts of the documents whose openings it is given. */
function readsWholeTexts(descriptive: readonly CuadCategory[]): boolean {
  return descriptive.some((c) => WHOLE_TEXT_FIELDS.has(c));
}

/**
 * The documents whose whole texts `answerExtractively` reads for this question (`AnswerOptions.texts`): those of
 * the opening passages given, for a question about a contract's dates; none for any other question.
 */
export function wholeTextsRead(question: string, passages: readonly Pick<AnswerPassage, 'documentId' | 'start'>[]): string[] {
  const descriptive = questionSubject(parseLegalQuery(question).question).categories.filter((c) => DESCRIPTIVE.has(c));
  if (!readsWholeTexts(descriptive)) return [];
  return [...new Set(passages.filter((passage) => passage.start === 0).map((passage) => passage.documentId))];
}

/**
 * Whether the question is about the document as a whole (its name, parties or dates), which the opening of a
 * contract answers; callers should then pass each document's opening passages along with the retrieved ones.
 */
export function wantsDocumentOpening(question: string): boolean {
  return matchQuestionCategories(parseLegalQuery(question).question).categories.some((c) => DESCRIPTIVE.has(c));
}

function abstention(): ExtractiveAnswer {
  return { answer: ABSTAIN_ANSWER, citations: [], abstained: true };
}

/**
 * Answers a question by quoting the sentences of the retrieved passages that address it, each cited by its
 * document, page and exact offsets; abstains when none does. A question about a clause category (caps,
 * exclusivity, renewal, ...) is answered only from sentences the clause rules recognise for that category;
 * any other question needs a sentence that contains most of its terms.
 */
export function answerExtractively(question: string, passages: readonly AnswerPassage[], options: Partial<AnswerOptions> = {}): ExtractiveAnswer {
  const opts: AnswerOptions = { ...DEFAULT_ANSWER_OPTIONS, ...options };
  const bare = parseLegalQuery(question).question;
  if (passages.length === 0 || bare.trim().length === 0) return abstention();

  const subject = questionSubject(bare);
  const { categories, weight } = subject;
  const descriptive = categories.filter((c) => DESCRIPTIVE.has(c));
  const candidates = candidatesOf(passages, opts.boilerplate);
  const lexical = lexicalScorer(bare);
  let bestPassageScore = 0;
  for (const p of passages) bestPassageScore = Math.max(bestPassageScore, p.score);

  const scored: Scored[] = [];
  // A contract's dates are read from the whole of it; its clauses and the question's words only from what was retrieved.
  const readWhole = readsWholeTexts(descriptive) && opts.texts !== undefined;
  const fieldPassages = readWhole ? passages.map((p) => wholeDocument(p, opts.texts)) : passages;
  const fieldCandidates = readWhole ? candidatesOf(fieldPassages, opts.boilerplate) : candidates;
  for (const category of descriptive) scored.push(...descriptiveMatches(category, fieldPassages, fieldCandidates));

  const clauses = clauseMatches(subject, candidates, opts.clauseThreshold);
  // A generic wording ("license") only hints at a category; the question's own words can answer it too.
  const lexicalAllowed = weight <= 1;
  for (const candidate of candidates) {
    const clause = clauses.get(candidate);
    const coverage = lexical.coverage(candidate.text);
    const headingCoverage = candidate.heading === '' ? 0 : lexical.coverage(candidate.heading);
    const lexicalHit = lexicalAllowed && lexical.ownTerms > 0 && coverage >= opts.minCoverage && coverage * lexical.ownTerms >= Math.min(2, lexical.ownTerms);
    if (clause === undefined && !lexicalHit) continue;
    const base = clause === undefined ? coverage : 1 + Math.min(clause, 2);
    scored.push({ ...candidate, score: base + 0.3 * coverage + 0.1 * headingCoverage + passageWeight(candidate, bestPassageScore) });
  }

  // Fields found in a passage (a title, a party, a date) are quoted as found: never from the furniture.
  const chosen = select(
    scored.filter((s) => !overlapsAny(opts.boilerplate?.[s.passage.documentId] ?? NO_SPANS, s.start, s.end)),
    opts,
  );
  return chosen.length === 0 ? abstention() : compose(chosen, opts);
}
