import { re, type Cue, type SentenceRule } from '../clauses/rule-types';
import { RECENT_QUESTIONS, rememberRecent } from '../text/recent-memo';

/**
 * Kinds of clause lawyers ask about that the clause categories of the reports do not cover: where a dispute is
 * heard and how it is resolved, who indemnifies whom, which damages are excluded, confidentiality, payment,
 * warranties, notices, force majeure and termination for breach.
 */
export const CONTRACT_TOPICS = [
  'Termination For Cause',
  'Forum',
  'Dispute Resolution',
  'Indemnification',
  'Excluded Damages',
  'Confidentiality',
  'Payment Terms',
  'Warranties',
  'Notices',
  'Force Majeure',
] as const;

export type ContractTopic = (typeof CONTRACT_TOPICS)[number];

export interface TopicRule extends SentenceRule {
  topic: ContractTopic;
  /** How a question names the topic, and how strongly (3 when it names the clause, as the category cues weigh). */
  question: readonly Cue[];
  /** Words the clause is written in, searched for along with the question's own. */
  words: string;
}

const DAMAGES_KINDS = String.raw`(?:consequential|indirect|incidental|special|punitive|exemplary|multiple|treble)`;

export const TOPIC_RULES: readonly TopicRule[] = [
  {
    topic: 'Termination For Cause',
    words: 'terminate termination breach default cure insolvency bankruptcy',
    question: [
      // Not a question about what ending costs: "liquidated damages for breach or a fee upon the termination".
      [re`^(?!.*\b(?:termination\s+fees?|liquidated\s+damages|penalt(?:y|ies)|break[\s-]?up\s+fees?)\b).*(?:\bterminat\w*\b.{0,80}\b(?:for\s+(?:cause|breach|default)|breach\w*|default\w*|insolven\w*|bankrupt\w*)|\b(?:breach|default|cause)\b.{0,60}\bterminat)`, 3],
    ],
    sectionTitle: re`terminat.{0,40}(?:cause|breach|default)|\bdefault\b|events?\s+of\s+default`,
    requires: [re`\bterminat|\bcancel`],
    cues: [
      [re`\bterminat\w*\b.{0,300}\b(?:material(?:ly)?\s+breach|breach\w*|default\w*|fail\w*\s+to\s+(?:perform|comply|cure|pay|remedy)|insolven\w*|bankrupt\w*|receiver|winding[\s-]up|liquidat\w*)`, 1.2],
      [re`\b(?:material(?:ly)?\s+breach|breach\w*|default\w*|insolven\w*|bankrupt\w*)\b.{0,300}\bterminat`, 1.2],
      [re`\b(?:cure|remedy)\w*\b.{0,120}\bwithin\b.{0,40}\bdays?\b`, 0.4],
      [re`\bfor\s+cause\b`, 0.5],
    ],
    headings: [[re`terminat|default`, 0.4]],
    negatives: [[re`\bwithout\s+cause\b|\bfor\s+convenience\b|\bfor\s+any\s+reason\b|\bfor\s+no\s+reason\b`, 0.8]],
  },
  {
    topic: 'Forum',
    words: 'jurisdiction venue courts submit exclusive',
    question: [
      [re`\b(?:which|what|whose)\s+courts?\b|\bcourts?\b.{0,60}\b(?:jurisdiction|hear|decide|sue|litigat)|\bjurisdiction\b.{0,60}\b(?:disputes?|claims?|courts?|suits?|litigation)|\bvenue\b|\bforum\b|\bwhere\b.{0,60}\b(?:sue|litigat|brought|heard|resolved)`, 3],
    ],
    sectionTitle: re`jurisdiction|venue|forum|submission`,
    cues: [
      [re`\b(?:exclusive|non-exclusive|personal)\s+jurisdiction\b|\bsubmits?\s+to\s+(?:the\s+)?(?:\w+\s+){0,2}jurisdiction|\bconsents?\s+to\s+(?:the\s+)?(?:\w+\s+){0,2}jurisdiction|\birrevocably\s+(?:submits?|consents?|agrees?)`, 1.2],
      [re`\bvenue\b|\bforum\s+non\s+conveniens|\binconvenient\s+forum`, 1],
      [re`\b(?:courts?|tribunals?)\s+(?:of|in|for|located|sitting|situated)\b`, 0.8],
      [re`\b(?:brought|commenced|instituted|filed|heard|litigated)\s+(?:only\s+|exclusively\s+|solely\s+)?(?:in|before)\b.{0,80}\bcourts?`, 1],
      [re`\bjurisdiction\b`, 0.3],
    ],
    headings: [[re`jurisdiction|venue|forum`, 0.5]],
    negatives: [
      [re`\bgoverned\s+by\b.{0,80}\blaws?\b(?!.{0,200}\bcourts?\b)`, 0.6],
      // Where an arbitral award may be enforced is not where disputes are heard.
      [re`\bjudgment\s+(?:up)?on\s+(?:the\s+|any\s+|such\s+)?(?:arbitra\w+\s+)?award\b|\b(?:recognition|enforcement)\s+of\s+(?:the\s+|any\s+|such\s+)?(?:arbitra\w+\s+)?award\b`, 0.8],
    ],
  },
  {
    topic: 'Dispute Resolution',
    words: 'arbitration arbitrator disputes mediation settle',
    question: [
      [re`\barbitrat\w*|\bmediat\w*|\bdisputes?\b.{0,60}\b(?:resolv|resolution|settle|handled)|\bresolv\w*\s+disputes?`, 3],
    ],
    sectionTitle: re`arbitrat|dispute|mediat`,
    cues: [
      [re`\b(?:settled|resolved|determined|decided)\s+(?:exclusively\s+|finally\s+)?by\s+(?:binding\s+|final\s+)?arbitration|\bsubmitted\s+to\s+(?:binding\s+)?arbitration|\bbinding\s+arbitration`, 1.5],
      [re`\barbitrat\w*`, 0.9],
      [re`\bmediat\w*|\bgood\s+faith\s+negotiat\w*|\bescalat\w*\b.{0,80}\b(?:executives?|officers?|management)`, 0.7],
      [re`\bdisputes?\b.{0,120}\b(?:arising|resolved|resolve|settle|negotiat)`, 0.5],
    ],
    headings: [[re`arbitrat|dispute`, 0.5]],
    negatives: [[re`\barbitrary\b`, 0.9]],
  },
  {
    topic: 'Indemnification',
    words: 'indemnify indemnification hold harmless defend claims',
    question: [[re`\bindemn\w*|\bhold\s+harmless\b`, 3]],
    sectionTitle: re`indemn`,
    cues: [
      [re`\b(?:shall|will|agrees?\s+to|must)\s+(?:\w+\s+){0,3}(?:indemnify|defend\s*,?\s+(?:and\s+)?indemnify)\b`, 1.5],
      [re`\bhold\s+(?:\w+\s+){0,3}harmless\b`, 1],
      [re`\bindemnif\w*`, 0.7],
    ],
    headings: [[re`indemn`, 0.5]],
  },
  {
    topic: 'Excluded Damages',
    words: 'consequential indirect incidental special punitive damages lost profits liable',
    question: [
      [re`\b${DAMAGES_KINDS}\b.{0,40}\bdamages|\blost\s+profits\b|\bexclu\w*\b.{0,40}\bdamages|\bdamages\b.{0,40}\bexclu`, 3],
    ],
    sectionTitle: re`consequential|limitation\s+of\s+(?:liability|damages)|exclusion`,
    requires: [re`\b${DAMAGES_KINDS}\b|\blost\s+profits|\bloss\s+of\s+(?:profits?|revenue|business|data|goodwill)`],
    cues: [
      [re`\b(?:in\s+no\s+event|under\s+no\s+circumstances|not\s+be\s+(?:liable|responsible)|no\s+liability|excludes?|disclaims?|waives?)\b.{0,300}\b${DAMAGES_KINDS}\b`, 1.5],
      [re`\b${DAMAGES_KINDS}\b.{0,300}\b(?:not\s+be\s+(?:liable|responsible|recoverable)|excluded|waived|disclaimed)`, 1.3],
      [re`\b${DAMAGES_KINDS}\s+(?:\w+\s+){0,6}damages\b`, 0.5],
    ],
    headings: [[re`liabilit|damages|consequential`, 0.4]],
  },
  {
    topic: 'Confidentiality',
    words: 'confidential confidentiality disclose information secret',
    question: [[re`\bconfidential\w*(?!\s+treatment)|\bnon-?disclosure\b|\bsecrecy\b|\bkeep\b.{0,40}\bsecret|\bdisclos\w*\b.{0,40}\binformation`, 3]],
    sectionTitle: re`confidential|non-?disclosure|secrecy|proprietary\s+information`,
    cues: [
      [re`\b(?:hold|keep|maintain|treat)\b.{0,80}\b(?:in\s+(?:strict\s+|strictest\s+)?confidence|confidential|secret)`, 1.4],
      [re`\bconfidential\s+information\b.{0,300}\b(?:not|never)\b.{0,60}\b(?:disclose|use|reveal|divulge|make\s+available)`, 1.4],
      [re`\bnot\s+(?:to\s+)?(?:disclose|divulge|reveal)\b`, 0.8],
      [re`\bconfidential\w*`, 0.6],
    ],
    headings: [[re`confidential|non-?disclosure|proprietary`, 0.5]],
  },
  {
    topic: 'Payment Terms',
    words: 'pay paid payable payment invoice fee fees due within days',
    question: [[re`\bpayment\s+terms?\b|\b(?:when|how)\b.{0,40}\b(?:paid|pay|payments?|invoic)|\bpayments?\b.{0,40}\b(?:due|made|schedule)|\binvoic\w*`, 3]],
    sectionTitle: re`payment|invoic`,
    requires: [re`\b(?:pay|pays|paid|payable|payment|payments|invoice\w*|bill|billed|remit\w*)\b`],
    cues: [
      [re`\b(?:pay|paid|payable|payments?|invoices?|remit\w*)\b.{0,200}\bwithin\s+(?:\w+\s+){0,2}(?:\(\d+\)\s+)?(?:calendar\s+|business\s+)?days\b`, 1.4],
      [re`\b(?:shall|will|must|agrees?\s+to)\s+(?:\w+\s+){0,2}pay\b.{0,250}(?:\$|\bUSD\b|\bdollars\b|\beuros?\b|\bpercent\b|%|\bfees?\b|\broyalt|\bcommissions?\b|\bprice\b|\bsalary\b)`, 1.1],
      [re`\b(?:payable|paid|due|invoiced|billed)\s+(?:\w+\s+){0,3}(?:monthly|quarterly|annually|weekly|in\s+arrears|in\s+advance|upon\s+receipt|on\s+or\s+before|within|net\s+\d+)`, 1.1],
      [re`\bnet\s+\d+\b|\bupon\s+receipt\s+of\s+(?:an?\s+|the\s+)?invoice|\bin\s+advance\b|\b(?:monthly|quarterly|annually|in\s+arrears)\b|\bper\s+(?:month|annum|year|quarter)\b|\binstall?ments?\b`, 0.5],
      [re`\binvoice\w*|\blate\s+payments?\b|\binterest\b.{0,60}\b(?:per\s+(?:month|annum)|rate)`, 0.5],
      [re`\b(?:wire\s+transfer|by\s+check|immediately\s+available\s+funds)\b`, 0.4],
    ],
    headings: [[re`payment|invoic|fees|compensation|royalt|price|remuneration`, 0.4]],
    negatives: [[re`\b(?:costs?|expenses?)\s+(?:of|incurred|associated)\b.{0,80}\b(?:enforc|litigation|attorney)|\battorneys?'?\s+fees\b`, 0.8]],
  },
  {
    topic: 'Warranties',
    words: 'warrants warranty represents representations',
    question: [[re`\bwarrant(?:y|ies)\b|\brepresentations?\b`, 2.5]],
    sectionTitle: re`warrant|representations`,
    requires: [re`\bwarrant|\brepresents?\b`],
    cues: [
      [re`\b(?:represents?\s+and\s+warrants?|warrants?\s+(?:and\s+represents?\s+)?that|hereby\s+warrants?)\b`, 1.4],
      [re`\bwarrant(?:y|ies)\b.{0,120}\b(?:free\s+from\s+defects|conform\w*|merchantability|fitness|workmanlike)`, 1.2],
      [re`\b(?:disclaims?|no\s+other|as\s+is)\b.{0,120}\bwarrant`, 0.8],
      [re`\bwarrant(?:y|ies|s)?\b`, 0.5],
    ],
    headings: [[re`warrant|representations`, 0.5]],
  },
  {
    topic: 'Notices',
    words: 'notices writing delivered mail courier address deemed given',
    question: [[re`\bnotices?\b.{0,40}\b(?:given|sent|delivered|served|provided|addressed)|\b(?:give|send|deliver|serve)\s+(?:a\s+)?notices?\b|\bnotice\s+(?:provisions?|address)|\bwhere\b.{0,40}\bnotices?\b`, 3]],
    sectionTitle: re`^\W*(?:[\d.]+\s*)?notices?\b|\bnotices\b`,
    requires: [re`\bnotices?\b|\bcommunications?\b`],
    cues: [
      [re`\b(?:notices?|communications?)\b.{0,250}\b(?:in\s+writing|shall\s+be\s+(?:deemed\s+)?(?:given|sent|delivered|made|received|effective|addressed)|deemed\s+(?:to\s+have\s+been\s+)?(?:given|received|delivered))`, 1.4],
      [re`\b(?:certified|registered)\s+mail|\bovernight\s+(?:courier|delivery)|\bcourier\b|\bfacsimile\b|\btelecop|\bpersonal(?:ly)?\s+deliver|\breturn\s+receipt`, 0.8],
      [re`\baddress(?:ed)?\b.{0,80}\b(?:set\s+forth|below|above|designate|specified|as\s+follows)`, 0.5],
    ],
    headings: [[re`notice`, 0.5]],
    negatives: [[re`\bnotice\s+of\s+(?:termination|breach|default|non-?renewal)|\bterminat\w*\b.{0,80}\bnotice`, 0.6]],
  },
  {
    topic: 'Force Majeure',
    words: 'force majeure beyond reasonable control acts god delay',
    question: [[re`\bforce\s+majeure\b|\bacts?\s+of\s+god\b|\bbeyond\b.{0,30}\bcontrol\b|\bpandemic|\bexcused?\s+(?:from\s+)?performance`, 3]],
    sectionTitle: re`force\s+majeure|acts?\s+of\s+god|excused\s+performance|unavoidable\s+delay`,
    cues: [
      [re`\bforce\s+majeure\b`, 1.4],
      [re`\bacts?\s+of\s+god\b|\bbeyond\s+(?:its|their|the|such\s+party's|such\s+party’s|a\s+party's|the\s+\w+'s)\s+(?:reasonable\s+)?control\b`, 1.2],
      [re`\b(?:fire|flood|earthquake|war|terroris\w*|riot|strike|epidemic|pandemic|embargo)\b`, 0.4],
    ],
    headings: [[re`force\s+majeure|delay`, 0.5]],
  },
];

export interface QuestionTopicMatch {
  topics: ContractTopic[];
  /** Weight of the strongest cue, 0 when the question names no topic. */
  weight: number;
}

/** The clause topics a question asks about: those whose best cue weighs as much as the strongest one. */
export const matchQuestionTopics: (question: string) => QuestionTopicMatch = rememberRecent(
  topicsAskedAbout,
  RECENT_QUESTIONS,
  (match) => ({ topics: [...match.topics], weight: match.weight }),
);

function topicsAskedAbout(question: string): QuestionTopicMatch {
  const best = new Map<ContractTopic, number>();
  for (const rule of TOPIC_RULES) {
    for (const [pattern, weight] of rule.question) if (weight > (best.get(rule.topic) ?? 0) && pattern.test(question)) best.set(rule.topic, weight);
  }
  let top = 0;
  for (const weight of best.values()) top = Math.max(top, weight);
  return { topics: [...best].filter(([, weight]) => weight === top).map(([topic]) => topic), weight: top };
}

