import type { CuadCategory } from '../clauses/categories';
import { RECENT_QUESTIONS, rememberRecent } from '../text/recent-memo';

type QuestionCue = readonly [category: CuadCategory, pattern: RegExp, weight: number];

const AGREEMENT = String.raw`(?:the\s+|this\s+)?(?:contract|agreement|document)`;
const rx = (source: string): RegExp => new RegExp(source, 'i');

/**
 * How questions name the clause categories. A specific wording ("right of first refusal") outweighs a generic
 * one ("license"), so a question that mentions several categories is matched to the one it is about.
 */
const QUESTION_CUES: readonly QuestionCue[] = [
  ['Document Name', rx(String.raw`\b(?:name|title)\s+of\s+${AGREEMENT}|\b(?:contract|agreement|document)(?:'s|’s)?\s+(?:name|title)\b|what\s+(?:is\s+)?${AGREEMENT}\s+called|what\s+(?:kind|type)\s+of\s+(?:contract|agreement|document)`), 3],
  ['Parties', rx(String.raw`\bwho\s+(?:are|is|were)\s+the\s+(?:contracting\s+)?part(?:y|ies)|\bpart(?:y|ies)\s+(?:who|that)\s+(?:signed|entered)|\bwho\s+(?:signed|entered\s+into)|\bbetween\s+whom\b|\bwhich\s+(?:companies|entities|parties)\b`), 3],
  ['Agreement Date', rx(String.raw`\bdate\s+of\s+${AGREEMENT}|\bwhen\s+was\s+${AGREEMENT}\s+(?:signed|executed|made|dated|entered)|\bagreement\s+date\b|\bexecution\s+date\b|\bwhen\s+was\s+.{0,40}\bsigned\b`), 3],
  ['Effective Date', rx(String.raw`\beffective\s+date\b|\b(?:become|becomes|take|takes|come|comes)\s+(?:into\s+)?(?:effective|effect|force)\b|\bcommencement\s+date\b|\bwhen\s+does\s+${AGREEMENT}\s+(?:start|begin|commence)`), 3],
  ['Expiration Date', rx(String.raw`\bexpir|\binitial\s+term\b|\bhow\s+long\s+(?:does|will|is)\b|\bterm\s+of\s+${AGREEMENT}|\bwhen\s+does\s+${AGREEMENT}\s+end\b`), 2],
  ['Expiration Date', rx(String.raw`\bduration\b|\bend\s+date\b`), 1],
  ['Renewal Term', rx(String.raw`\brenewal\s+(?:term|period)s?\b|\b(?:renew|renews|renewed)\b|\bautomatic(?:ally)?\s+(?:extend|extension|renew)|\bextensions?\b`), 3],
  ['Renewal Term', rx(String.raw`\brenewal\b`), 1],
  ['Notice Period To Terminate Renewal', rx(String.raw`\bnotice\b.{0,60}\b(?:terminate|end|stop|prevent|avoid|cancel)\b.{0,30}\brenew|\bnon-?renewal\b|\bnot\s+to\s+renew\b`), 4],
  ['Governing Law', rx(String.raw`\bgovern(?:s|ing|ed)?\b.{0,40}\blaws?\b|\blaws?\b.{0,40}\bgovern|\bchoice\s+of\s+law|\bapplicable\s+law\b|\bwhich\s+(?:state|country|jurisdiction)(?:'s|’s)?\s+law`), 3],
  ['Governing Law', rx(String.raw`\bjurisdiction\b`), 1],
  ['Most Favored Nation', rx(String.raw`\bmost\s+favou?red|\bbetter\s+terms\b|\bmore\s+favou?rable\b|\bno\s+less\s+favou?rable\b|\bmfn\b|\bbest\s+pric`), 3],
  ['Competitive Restriction Exception', rx(String.raw`\b(?:exceptions?|carve-?outs?|exclusions?)\b.{0,80}\b(?:non-?compete|competition|exclusiv|solicit|restrictions?)`), 4],
  ['Non-Compete', rx(String.raw`\bnon-?compet|\bcompet(?:e|es|ing|ition)\b|\bnot\s+to\s+compete\b`), 2],
  ['Exclusivity', rx(String.raw`\bexclusiv|\ball\s+(?:of\s+)?(?:its\s+)?["“]?requirements|\bsole\s+(?:source|supplier|provider|distributor)`), 3],
  ['No-Solicit Of Customers', rx(String.raw`\bsolicit\w*\b.{0,60}\b(?:customers?|clients?|partners?|accounts?)\b|\b(?:customers?|clients?)\b.{0,40}\bsolicit`), 3],
  ['No-Solicit Of Employees', rx(String.raw`\bsolicit\w*\b.{0,60}\b(?:employees?|staff|personnel|contractors?|workers?)\b|\b(?:hire|hiring|recruit\w*|poach\w*)\b.{0,40}\b(?:employees?|staff|personnel)\b`), 3],
  ['Non-Disparagement', rx(String.raw`\bdisparag|\bdefam|\bnegative\s+(?:statements?|comments?|publicity)`), 3],
  ['Termination For Convenience', rx(String.raw`\bterminat\w*\b.{0,80}\b(?:without\s+cause|for\s+convenience|for\s+any\s+reason|at\s+will|for\s+no\s+reason)|\b(?:without\s+cause|for\s+convenience)\b.{0,60}\bterminat`), 3],
  ['Termination For Convenience', rx(String.raw`\b(?:can|may|right\s+to)\s+(?:\w+\s+){0,3}terminat`), 1],
  ['Rofr/Rofo/Rofn', rx(String.raw`\bfirst\s+(?:refusal|offer|negotiation)|\brof[ron]\b`), 3],
  ['Change Of Control', rx(String.raw`\bchange\s+(?:of|in)\s+control\b|\bmergers?\b|\bacquisitions?\b|\bacquired\b|\bstock\s+sale\b`), 3],
  ['Anti-Assignment', rx(String.raw`\bassign(?:ed|ment|s|able)?\b|\btransfer\s+(?:the|this|its)\s+(?:contract|agreement|rights)`), 2],
  ['Revenue/Profit Sharing', rx(String.raw`\brevenues?\b|\bprofits?\b|\broyalt|\bcommissions?\b|\bnet\s+sales\b`), 2],
  ['Price Restrictions', rx(String.raw`\b(?:raise|increase|reduce|lower|change|adjust)\w*\s+(?:the\s+|its\s+)?prices?\b|\bprice\s+(?:restrictions?|increases?|caps?|freeze|adjustments?|protection)|\bprices?\b.{0,30}\b(?:fixed|locked|frozen)\b`), 3],
  ['Minimum Commitment', rx(String.raw`\bminimum\s+(?:order|purchase|amount|quantit|commitment|volume|units?|annual|sales|royalt|payment|fee)|\btake[\s-]or[\s-]pay\b|\bat\s+least\b.{0,30}\b(?:buy|purchase|order)`), 3],
  ['Volume Restriction', rx(String.raw`\bthresholds?\b|\busage\s+(?:limits?|caps?)\b|\boverage\b|\bexceeds?\s+(?:the\s+|a\s+|certain\s+)?(?:volume|usage|limit|number)`), 3],
  ['Ip Ownership Assignment', rx(String.raw`\bintellectual\s+property\b.{0,80}\b(?:property\s+of|owns?|owned|ownership|assign\w*|belongs?|vests?)\b|\b(?:owns?|ownership\s+of)\s+(?:the\s+)?(?:intellectual\s+property|ip|inventions|work\s+product|deliverables|developments|improvements)|\bwork\s+made\s+for\s+hire\b`), 3],
  ['Joint Ip Ownership', rx(String.raw`\bjoint(?:ly)?\s+(?:or\s+shared\s+)?own|\bshared\s+ownership|\bco-?own|\bjointly[\s-]owned`), 4],
  ['License Grant', rx(String.raw`\blicen[cs]es?\s+(?:(?:is|are|was|were|been|be)\s+)?(?:grant|granted)|\bgrant\w*\b.{0,30}\blicen[cs]e`), 2],
  ['License Grant', rx(String.raw`\blicen[cs]e`), 1],
  ['Non-Transferable License', rx(String.raw`\btransfer\w*\s+(?:the\s+|its\s+|a\s+)?licen[cs]e|\blicen[cs]e\b.{0,60}\b(?:transferable|transferred|assignable|sublicens)|\bnon-?transferable\b`), 3],
  ['Affiliate License-Licensor', rx(String.raw`\baffiliates?\s+of\s+(?:the\s+|such\s+)?licensor\b|\blicensor(?:'s|’s)?\s+affiliates?\b|\blicen[cs]e\s+grant\w*\s+by\s+(?:an\s+|the\s+)?affiliates?`), 4],
  ['Affiliate License-Licensee', rx(String.raw`\baffiliates?\s+of\s+(?:the\s+|such\s+)?(?:licensee|sublicensee)\b|\blicensee(?:'s|’s)?\s+affiliates?\b|\blicen[cs]e\w*\b.{0,40}\bto\b.{0,60}\baffiliates?\b`), 4],
  ['Unlimited/All-You-Can-Eat-License', rx(String.raw`\bunlimited\s+(?:usage|use|number|users?|licen)|\ball[\s-]you[\s-]can[\s-]eat\b|\benterprise(?:[\s-]wide)?[,”"]?\s+(?:licen|use)|\benterprise[,”"]`), 3],
  ['Irrevocable Or Perpetual License', rx(String.raw`\birrevocabl|\bperpetu`), 3],
  ['Source Code Escrow', rx(String.raw`\bescrow\b|\bsource\s+code\b`), 3],
  ['Post-Termination Services', rx(String.raw`\bafter\s+(?:the\s+)?(?:termination|expiration|expiry)|\bpost-?termination\b|\bwind[\s-]?down\b|\btransition\s+(?:services|assistance|period)|\bsurviv\w*\s+(?:termination|expiration)|\blast[\s-]buy\b`), 3],
  ['Audit Rights', rx(String.raw`\baudit\w*\b|\binspect\w*\b|\bbooks\s+and\s+records\b|\bexamine\b.{0,30}\brecords\b`), 3],
  ['Uncapped Liability', rx(String.raw`\buncap\w*|\bunlimited\s+liabilit|\bliabilit\w*\b.{0,40}\b(?:not\s+(?:be\s+)?(?:capped|limited)|without\s+(?:any\s+)?(?:limit|cap))`), 4],
  ['Cap On Liability', rx(String.raw`\bcaps?\s+on\s+(?:[\w'’]+\s+){0,3}liabilit|\bliabilit\w*\s+caps?\b|\blimitation\s+of\s+liabilit|\blimit(?:s|ed|ation)?\s+(?:on\s+)?(?:its\s+|their\s+|the\s+|a\s+party(?:'s|’s)\s+)?liabilit|\bmaximum\b.{0,30}\b(?:liabilit|recovery|damages)`), 3],
  ['Cap On Liability', rx(String.raw`\bconsequential\s+damages|\bindirect\s+damages`), 2],
  ['Liquidated Damages', rx(String.raw`\bliquidated\s+damages|\btermination\s+fees?\b|\bbreak[\s-]?up\s+fees?\b|\bpenalt(?:y|ies)\b`), 3],
  ['Warranty Duration', rx(String.raw`\bwarrant(?:y|ies)\b.{0,40}\b(?:period|duration|how\s+long|last|months?|years?)|\b(?:duration|period|length)\s+of\s+(?:any\s+|the\s+)?warrant`), 3],
  ['Warranty Duration', rx(String.raw`\bwarrant(?:y|ies)\b`), 2],
  ['Insurance', rx(String.raw`\binsur\w*`), 3],
  ['Covenant Not To Sue', rx(String.raw`\bcovenant\s+not\s+to\s+sue\b|\bnot\s+to\s+sue\b|\bcontest\w*\b.{0,30}\bvalidity|\bchalleng\w*\b.{0,40}\b(?:validity|ownership)|\bbring\w*\s+(?:a\s+)?claims?\s+against\b`), 4],
  ['Third Party Beneficiary', rx(String.raw`\bthird[\s-]part(?:y|ies)\s+beneficiar|\bnon-?contracting\s+part|\bbeneficiar(?:y|ies)\b`), 3],
];

export interface QuestionCategoryMatch {
  categories: CuadCategory[];
  /** Weight of the strongest cue: 1 for generic wording, 3 or 4 when the question names the clause. */
  weight: number;
}

/** The clause categories a question asks about: those whose best cue weighs as much as the strongest one. */
export const matchQuestionCategories: (question: string) => QuestionCategoryMatch = rememberRecent(
  categoriesAskedAbout,
  RECENT_QUESTIONS,
  (match) => ({ categories: [...match.categories], weight: match.weight }),
);

function categoriesAskedAbout(question: string): QuestionCategoryMatch {
  const best = new Map<CuadCategory, number>();
  for (const [category, pattern, weight] of QUESTION_CUES) {
    if (weight > (best.get(category) ?? 0) && pattern.test(question)) best.set(category, weight);
  }
  let top = 0;
  for (const weight of best.values()) top = Math.max(top, weight);
  return { categories: [...best].filter(([, weight]) => weight === top).map(([category]) => category), weight: top };
}

/** The clause categories a question asks about, empty when it names none. */
export function questionCategories(question: string): CuadCategory[] {
  return matchQuestionCategories(question).categories;
}
