import { DURATION_SOURCE } from '../extraction/dates';
import { re, type ClauseRule } from './rule-types';

const DUR = DURATION_SOURCE;
/** A duration, or one redacted in a filing: "[***] days", "[ * ]". */
const PERIOD = String.raw`(?:${DUR}|\[[\s*]*\](?:\s*\(\s*\[?[\s*]*\]?\s*\))?(?:\s*(?:calendar\s+|business\s+)?(?:days?|weeks?|months?|years?))?)`;
/** A clause on what happens when a provision is found invalid: it states no term, covenant or limit of its own. */
const SEVERABILITY = re`\b(?:invalid|unenforceable|illegal|severab\w*)\b`;
/** Words that give a right to terminate at will: a sentence holding them is no termination for cause alone. */
const AT_WILL = String.raw`convenience|without\s+cause|for\s+any\s+(?:or\s+no\s+)?reason|at\s+will`;
/**
 * A licence or right said not to be granted: "No right, title, license, or interest in any Marks ... is intended to be
 * given", "No license, either express or implied, is granted", "nothing ... shall be construed to grant", "shall have no
 * obligation to disclose, license or ...". (A party that "may not grant sublicenses ... to any Affiliate ... without the
 * prior written approval" of the other may still do so: that is a licence reaching affiliates, on a condition.)
 */
const LICENCE_DENIED = re`\bno\s+(?:other\s+)?(?:rights?|title|interests?|licen[cs]es?)\b[^.;]{0,160}?\b(?:is|are|shall\s+be|will\s+be)\s+(?:hereby\s+)?(?:intended\s+to\s+be\s+)?(?:granted|given|conveyed|conferred|intended)\b|\bnothing\b[^.;]{0,150}\b(?:construed|deemed|interpreted)\s+(?:as\s+|to\s+)?(?:grant|confer|convey)|\bno\s+obligation\s+to\s+(?:[\w-]+,?\s+){0,3}(?:or\s+)?licen[cs]`;
const IP = String.raw`(?:intellectual\s+property|inventions?|patents?|patent\s+rights|copyrights?|improvements?|work\s+product|deliverables|developments?|know-?how|technology|materials|results|data|works?|software|trade\s?marks?|modifications|derivative\s+works|proprietary\s+rights)`;

/**
 * Sentence-level rules for the clause categories that are found by their wording. The descriptive
 * categories (document name, parties, dates) come from field extraction instead.
 */
export const CLAUSE_RULES: readonly ClauseRule[] = [
  {
    category: 'Expiration Date',
    sectionTitle: re`^(?:(?:initial\s+)?term(?:\s+of\s+(?:the\s+)?agreement)?|duration|term\s+and\s+duration|duration\s+of\s+(?:the\s+)?agreement|effective\s+date\s+and\s+term|commencement\s+and\s+term)\W*$`,
    cues: [
      [re`\b(?:agreement|contract|term)\b.{0,120}\b(?:shall|will|is|to)\s+(?:be\s+)?(?:automatically\s+)?(?:continue|remain|be\s+in\s+(?:full\s+)?(?:force|effect)|in\s+(?:full\s+)?(?:force|effect)|effective|valid|expire|end|terminate\s+(?:on|at|upon)|run|last|for\s+a\s+(?:term|period)|commence|begin)`, 0.7],
      [re`\b(?:term|period|duration)\s+of\s+${DUR}|\b${DUR}\s+(?:from|after|following|commencing|beginning|starting)\b|\bfor\s+(?:a\s+(?:term|period)\s+of\s+)?${DUR}\s*(?:\(|commencing|from|beginning|after|following|,|$)`, 0.5],
      [re`\b(?:until|through|ending\s+on|expir(?:e|es|ing)\s+on|terminat(?:e|es|ing)\s+on|end\s+on)\s+(?:the\s+)?(?:date|expiration|end|completion|earlier|later|last|first|[0-9]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\w+\s+(?:\(\d+\)\s+)?(?:anniversary|year))`, 0.5],
      [re`\bindefinite(?:ly)?\b|\bin\s+perpetuity|\buntil\s+(?:terminated|such\s+time)`, 0.4],
      [re`["“](?:initial\s+)?term["”]|\binitial\s+(?:term|period)\b|\b(?:enter|come)s?\s+into\s+force`, 0.4],
    ],
    headings: [[re`\bterm\b|duration|expiration|commencement`, 0.4]],
    negatives: [
      [re`\bsurviv|confidential|warrant|insurance|payment\s+terms|invoice|employment\s+term|indemnif`, 0.6],
      [re`\bbreach|default|insolven|bankrupt|force\s+majeure|fail(?:s|ure)?\s+to|may(?:,[^,]{1,40},)?\s+(?:earlier\s+)?terminate|right\s+to\s+terminate`, 0.5],
      // Periods measured from the end, not the end itself: records kept after it, a covenant until some years have run.
      [re`\b(?:retain|keep|maintain|preserve)\b.{0,80}\bfor\s+(?:a\s+period\s+of\s+)?.{0,40}\b(?:after|following)\s+(?:the\s+)?(?:expiration|expiry|termination|end)|\bat\s+any\s+time\s+(?:prior\s+to|before)\s+the\s+expiration\s+of`, 0.6],
      [re`\bduring\s+the\s+term\b|\bterm\s+of\s+(?:the\s+)?(?:license|lease|loan|warrants?|notes?|options?|employment)\b`, 0.3],
      // Severability: "each term, provision or covenant herein shall be valid and enforceable to the full extent permitted".
      [SEVERABILITY, 0.8],
      // A recital tells the story behind the contract, not how long it runs; nor do an amendment's "all other terms ... shall
      // remain unchanged" or a counterpart signed by facsimile that "shall be effective".
      [re`^\W*whereas\b`, 0.8],
      [re`\bremain\s+(?:unchanged|unmodified|unaltered|the\s+same)\b|\bcounterparts?\b|\bfacsimile\b|\bsignature\s+pages?\b`, 0.8],
      // A start alone ("This Agreement shall be effective as of the date of execution by both parties"), a waiver, the entire
      // agreement: none says when the contract ends.
      [re`^(?!.*\b(?:until|through|thru|expir\w*|terminat\w*|end(?:s|ing)?|period|years?|months?|days?|continue\w*|remain\w*|perpetu\w*|indefinite\w*|duration|anniversary|completion|term)\b).*\b(?:effective|come\s+into\s+force|enter\s+into\s+force|commence\w*|begin\w*)\b|\bwaive[dr]?\b|\bentire\s+agreement\b|\bno\s+representations?\b`, 0.8],
      // What ends is one party's duties, not the contract: "The obligations of the Agent pursuant to this Agreement shall
      // terminate upon the completion of the Offering".
      [re`^\W*(?:the\s+)?(?:rights\s+and\s+)?obligations\s+of\s+(?:the\s+|each\s+|either\s+)?\w+(?:\s+\w+){0,2}\s+(?:pursuant\s+to|under)\s+this\s+agreement\b`, 0.6],
      // When a contract starts is not when it ends ("shall be in full force and effect as of the Settlement Date").
      [re`^(?!.*\b(?:until|through|expir\w*|ending|years?|months?|days?|period|perpetu\w*|indefinite\w*|revoked|terminated)\b).*\b(?:in\s+(?:full\s+)?(?:force(?:\s+and\s+effect)?|effect)|effective)\s+(?:as\s+of|on|upon|from)\b`, 0.5],
    ],
    minScore: 0.5,
    documentScore: 0.5,
    // An answer needs more than a length or an end date alone ("not to exceed 12 months from the request").
    answerScore: 0.6,
  },
  {
    category: 'Renewal Term',
    sectionTitle: re`\brenewal\b|\bextension\s+of\s+term`,
    cues: [
      [re`\b(?:automatic(?:ally)?\s+(?:be\s+)?(?:renew|extend|continue)|automatic\s+(?:annual\s+)?(?:renewals?|extensions?)|renew(?:s|ed)?\s+(?:automatically|tacitly)|(?:extended|continue)\s+automatically|auto-?renew)`, 1.3],
      // An evergreen term: "thereafter, it shall automatically continue until terminated by either party upon ... notice",
      // "shall continue for an initial term of one (1) year and indefinitely after that until terminated".
      // (Not a contract that runs until terminated from its start: "shall continue in effect thereafter until terminated".)
      [re`^\W*(?:thereafter|after\s+that|following\s+(?:the|such)\s+(?:initial\s+)?term)\b.{0,80}\b(?:continue|remain)\b.{0,60}\buntil\s+(?:terminated|either\s+party)|\b(?:years?|months?|term|period)\b[^.]{0,150}\b(?:thereafter|after\s+that)\b.{0,80}\buntil\s+(?:terminated|either\s+party)|\bindefinitely\s+(?:after\s+that|thereafter)\b`, 1.3],
      // A term that runs on after the first: "this Agreement shall continue on a year to year basis ('Extended Term(s)')".
      [re`\b(?:shall|will)\s+(?:thereafter\s+)?continue\s+(?:in\s+(?:full\s+)?(?:force|effect)(?:\s+and\s+effect)?\s+)?(?:on\s+an?\s+|for\s+(?:an?\s+)?)(?:year[\s-]to[\s-]year|month[\s-]to[\s-]month|successive|additional|further)\b`, 0.6],
      [re`\brenewal\s+(?:term|period)s?\b|\bextension\s+(?:term|period)s?\b`, 0.8],
      [re`\b(?:successive|consecutive)\s+(?:${DUR}|one|two|three|five|annual|\w+-year|renewal|periods?|terms?)`, 0.7],
      [re`\b(?:option|right)\s+to\s+(?:renew|extend)\b`, 0.8],
      [re`\bmay\s+be\s+(?:renewed|extended)\b`, 0.8],
      [re`\b(?:renew(?:ed|able)?|extend(?:ed)?)\s+(?:(?:the|this)\s+(?:term\s+(?:of\s+)?)?(?:(?:this|the)\s+)?(?:agreement|contract|term|license)\s+)?for\s+(?:an?\s+|the\s+)?(?:additional|further|successive|consecutive|another|subsequent|one|two|three|five|\w+\s*\(\d+\))`, 1],
      [re`\byear[\s-]to[\s-]year|month[\s-]to[\s-]month|renew(?:ed)?\s+annually`, 0.8],
      [re`\brenew`, 0.3],
    ],
    headings: [[re`\bterm\b|renewal|duration`, 0.3]],
    negatives: [
      [re`\binsurance|polic(?:y|ies)|registration|permit|trade\s?marks?|patents?|domain|letter\s+of\s+credit|visa`, 0.7],
      [re`\b(?:notice|notify)\b.{0,80}\b(?:non-?renewal|not\s+to\s+renew)`, 0.1],
      // A renewal the parties may agree on later is no renewal term.
      [re`\brenew\w*\s+(?:only\s+)?(?:by|upon|with|on|through)\s+(?:the\s+)?mutual\s+(?:written\s+)?(?:agreement|consent)`, 2],
      // Also when words stand between or the agreement is written after a comma ("may be renewed for successive one (1) year
      // terms pursuant to mutual written agreement", "may be renewed, subject to mutual written approval", "the parties must
      // mutually agree in writing to extend the term"), unless the term also renews by itself.
      [re`^(?!.*\bautomatic).*(?:\brenew\w*\b[^.;]{0,60}?\b(?:by|upon|pursuant\s+to|subject\s+to)\s+(?:the\s+)?mutual[,\s]+(?:written\s+)?(?:agreement|consent|approval)|\bmutually\s+agree\s+(?:in\s+writing\s+)?to\s+(?:renew|extend))`, 2],
    ],
    documentScore: 1.3,
  },
  {
    category: 'Notice Period To Terminate Renewal',
    requires: [re`\b(?:renew|extend|extension|successive|then[\s-]current|expiration\s+of\s+(?:the|this|such|any|its)|end\s+of\s+(?:the|such|any|each|its)|thereafter|indefinitely|month[\s-]to[\s-]month|year[\s-]to[\s-]year|automatically\s+continue)`],
    cues: [
      [re`\b(?:notice|notif(?:y|ies|ication))\b.{0,150}\b(?:not\s+to\s+(?:renew|extend)|non-?renewal|of\s+(?:its|their)\s+(?:intent(?:ion)?|election|decision|desire)\s+(?:not\s+)?to\s+(?:renew|extend|terminate))`, 1.1],
      [re`\b(?:not\s+to\s+renew|non-?renewal)\b.{0,150}\b${DUR}`, 0.8],
      [re`\bunless\b.{0,100}\b(?:notice|notif)`, 0.6],
      [re`${DUR}.{0,40}\b(?:prior\s+to|before|in\s+advance\s+of|preceding)\b.{0,80}\b(?:expir|end\s+of|renewal|anniversary|termination\s+date)`, 0.7],
      [re`\b(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than)\s+${DUR}`, 0.3],
      // Notice that ends an evergreen term or the current term: "thereafter, it shall automatically continue until terminated by
      // either party upon not less than thirty (30) days prior written notice", "may cancel this Agreement at the end of the
      // Initial Term and thereafter on each anniversary ... upon thirty days prior written notice".
      [re`\b(?:thereafter|after\s+(?:the\s+)?initial\s+(?:term|period)|indefinitely|month[\s-]to[\s-]month|year[\s-]to[\s-]year)\b.{0,150}\buntil\b.{0,100}\bnotice\b|\b(?:terminat|cancel)\w*\b.{0,80}\b(?:at|on|upon)\s+the\s+(?:expir\w+|end)\s+of\b.{0,120}\bnotice\b|\bnotice\b.{0,80}\b(?:terminat|cancel)\w*\b.{0,60}\b(?:at|on)\s+the\s+(?:expir\w+|end)\s+of\b`, 0.8],
    ],
    headings: [[re`\bterm\b|renewal|duration`, 0.2]],
    negatives: [
      [re`\bbreach|default|cure|insolven|bankrupt`, 0.5],
      // An insurance policy's own cancellation or non-renewal, of which a party is to be told, is not the contract's renewal.
      // (Also the certificates that evidence the coverages: "All certificates must provide that we will receive at least
      // thirty (30) days' prior written notice of ... cancellation, or non-renewal of the coverages".)
      [re`\b(?:polic(?:y|ies)|insurer|insurance|coverages?|certificates?)\b.{0,200}\b(?:cancell?ation|non-?renewal|material\s+(?:change|modification))|\b(?:cancell?ation|non-?renewal)\s*,?\s+(?:or\s+)?(?:non-?renewal\s+)?(?:or\s+)?material\s+(?:change|modification)`, 1],
      // Notice that takes up an option to renew or extend, or opens talks on it, is the opposite of notice that ends a renewal:
      // "To exercise this option, LeadersOnline must notify VerticalNet ... no later than 90 days prior to the expiration",
      // "Customer shall exercise its option, if at all, by delivering written notice", "may, at its option, renew this Agreement",
      // "may, by written notice ... extend the term of the Agreement", "shall submit a written proposal for renewal".
      [re`\boption\s+to\s+(?:renew|extend)\b|\bto\s+exercise\s+(?:this|such|its|the|any)\s+(?:renewal\s+)?option\b|\bright\s+to\s+renew\b|\bchoose\s+to\s+renew\b|\bintent(?:ion)?\s+to\s+(?:renew|extend)\b|\bnegotiat\w*|\bwish\s+to\s+renew\b|\bexercise\s+(?:this|such|its|the|any)\s+(?:renewal\s+)?option\b|\bat\s+(?:its|their)\s+option,?\s+(?:renew|extend)\b|\bmay\b[^.;]{0,100}(?<!not\s+to\s+)\b(?:renew|extend)\s+(?:the\s+term|this\s+agreement)\b|\b(?:proposal|terms)\s+for\s+(?:the\s+)?renewal\b`, 1.2],
      // Nor is a notice that ends the contract for convenience or on a change of control.
      [re`\bconvenience\b|\bchange\s+(?:of|in)\s+control\b`, 0.8],
    ],
    minScore: 0.8,
    documentScore: 0.8,
  },
  {
    category: 'Governing Law',
    sectionTitle: re`governing\s+law|applicable\s+law|choice\s+of\s+law|law\s+and\s+jurisdiction`,
    cues: [
      [re`\bgoverned\s+(?:in\s+all\s+respects\s+)?by\b.{0,200}\blaws?\b`, 1.5],
      [re`\b(?:construed|interpreted|enforced|determined)\b.{0,100}\b(?:in\s+accordance\s+with|under|pursuant\s+to|by)\b.{0,80}\blaws?\b`, 1.1],
      [re`\bgoverning\s+law\b`, 0.6],
      [re`\blaws?\s+of\s+(?:the\s+)?(?:state|commonwealth|province|republic|kingdom|people'?s|england|hong\s+kong|[A-Z][a-z]+)`, 0.3],
      [re`\bconflicts?\s+of\s+laws?|choice\s+of\s+law`, 0.4],
    ],
    headings: [[re`governing\s+law|applicable\s+law|choice\s+of\s+law|jurisdiction`, 0.4]],
    negatives: [[re`\bcomply\s+with|compliance\s+with|in\s+violation`, 0.4]],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Most Favored Nation',
    sectionTitle: re`most\s+favou?red`,
    cues: [
      [re`\bmost\s+favou?red\s+(?:nation|customer|licensee|pricing|terms?|treatment|status)|\bmost\s+favou?rable\s+(?:terms?|treatment|price)`, 1.3],
      [re`\b(?:no\s+less|not\s+less|at\s+least\s+as)\s+favou?rabl[ey]\b.{0,200}\bthan\b.{0,120}\b(?:other|any|third|similarly)`, 1.1],
      [re`\b(?:more\s+favou?rable|lower|better)\s+(?:prices?|terms?|rates?|pricing|royalt\w+)\b.{0,200}\b(?:third\s+part|other\s+(?:customers?|licensees?|distributors?|clients?|purchasers?|resellers?)|any\s+other)`, 1.1],
      [re`\blowest\s+(?:net\s+)?(?:price|rate|fee)s?\b`, 0.7],
      [re`\bMFN\b`, 1.2],
      [re`\bhigher\s+(?:price|fee|rate)s?\s+than\b.{0,100}\bother`, 0.9],
      [re`\b(?:full\s+)?benefit\s+of\s+(?:any\s+(?:and\s+all\s+)?)?(?:such\s+)?(?:lower|better|more\s+favou?rable)`, 1],
    ],
    negatives: [
      [re`\b(?:no\s+less|not\s+less)\s+favou?rable\s+(?:to\s+\w+\s+)?than\s+(?:those|that|the\s+terms)\s+(?:set\s+forth|contained|provided|offered\s+to\s+(?:the\s+)?(?:\w+\s+)?(?:in|by)\s+(?:the\s+)?(?:notice|offer))`, 0.7],
      [re`\bright\s+of\s+first|first\s+refusal|arm'?s[\s-]length`, 0.6],
    ],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Competitive Restriction Exception',
    dependsOn: ['Non-Compete', 'Exclusivity', 'No-Solicit Of Customers'],
    cues: [
      [re`\b(?:nothing\s+(?:in\s+this\s+(?:agreement|section|paragraph|article|clause)|herein|contained\s+(?:herein|in\s+this\s+\w+))|the\s+(?:foregoing|preceding|above)(?:\s+\w+)?|this\s+(?:section|restriction|covenant|provision|paragraph))\b.{0,80}\b(?:shall|will|does|is\s+not\s+intended\s+to)\s+(?:not\s+)?(?:be\s+(?:construed|deemed|interpreted)\s+(?:to\s+|as\s+)?)?(?:prevent|prohibit|restrict|preclude|limit|apply\s+to|bar|restrain)`, 1],
      [re`\b(?:shall|will|does)\s+not\s+(?:be\s+deemed\s+to\s+)?(?:prohibit|restrict|prevent|preclude|limit)\b.{0,200}\b(?:compet|develop|market|sell|distribut|offer|acquir|engag|own|operat|solicit|licens|provid|manufactur|purchas)`, 0.8],
      [re`\b(?:less\s+than|not\s+more\s+than|up\s+to|no\s+more\s+than|not\s+exceeding)\s+(?:\w+\s+)?(?:\(\s*\d+\s*%?\s*\)\s*)?(?:percent|%)\s+of\s+(?:the\s+)?(?:any\s+class\s+of\s+)?(?:issued\s+and\s+)?(?:outstanding|issued|voting|equity|shares|stock)`, 1],
      [re`\breserves?\s+(?:the|all|its)\s+(?:\w+\s+)?rights?,?\s+(?:[^.;]{0,80},\s+)?to\s+(?:\w+\s+){0,3}(?:market|sell|offer|operate|distribute|license|develop|use|own|franchise|establish|grant|engage|provide)`, 0.8],
      [re`\b(?:shall|will|is|are)\s+(?:be\s+)?(?:permitted|free|entitled|allowed)\s+to\b|\b(?:may|shall\s+have\s+the\s+right\s+to)\s+(?:\w+\s+){0,3}(?:with|for|to)\s+(?:any\s+)?(?:other|third)`, 0.5],
      [re`\bnotwithstanding\s+(?:the\s+(?:foregoing|above|preceding)|anything\s+to\s+the\s+contrary|section)|\bexcept\s+(?:for|as\s+(?:otherwise\s+)?(?:provided|permitted|set\s+forth))|\bprovided,?\s+(?:however|that)|\bexclud(?:ed|ing)\s+from|\bexception|\bcarve[\s-]?out`, 0.4],
      // (Not "a court of competent jurisdiction" or "competent authorities".)
      [re`\bcompet(?!en)|exclusiv|solicit|non-?compet|restrict(?:ion|ive|ed)|similar\s+products|territory|designated\s+area`, 0.4],
      [re`\bnon-?exclusive\b`, 0.3],
      // Exclusivity that lasts only while a minimum is met: "In order to maintain the exclusivity granted hereunder, X shall
      // provide orders for a minimum of ...", "exclusive rights ... upon the customer fulfilling the minimum annual purchase".
      [re`\b(?:maintain|retain|keep)\s+(?:the\s+|its\s+|such\s+)?exclusiv|\bexclusiv\w*\b[^.]{0,200}\b(?:upon|provided|subject\s+to|conditioned\s+on|so\s+long\s+as)\b[^.]{0,80}\bminimum\s+(?:annual\s+|monthly\s+|quarterly\s+)?(?:purchase|order|sales|volume)`, 0.6],
      // A restriction said not to reach something: "The restrictions of this Section shall not be applicable to the ownership
      // of shares ...", "the foregoing restrictions shall not apply:", "Any marketing exclusivity ... shall not preclude".
      [re`\b(?:the|such|these|this|any)\s+(?:[\w-]+\s+){0,2}(?:restrictions?|covenants?|exclusivity|prohibitions?)\b.{0,100}\b(?:shall|will|does|do)\s+not\s+(?:be\s+applicable|apply|preclude|prevent|prohibit|restrict|limit)\b`, 0.6],
      // A restriction narrowed to part of what it might cover: "the foregoing restriction applies only to persistent placements".
      [re`\b(?:restrictions?|covenants?|exclusivity|prohibitions?|obligations?)\b[^.;]{0,60}\b(?:appl(?:y|ies)|extends?|is\s+limited)\s+only\s+to`, 0.6],
      // What one side may still do despite the restriction just stated: "Notwithstanding the foregoing, Excite may display ...".
      [re`\bnotwithstanding\s+(?:the\s+(?:foregoing|above|preceding)|anything\s+to\s+the\s+contrary)[^.;]{0,100}?\b(?:may|(?:shall|will|is|are)\s+(?:be\s+)?(?:permitted|entitled|free|allowed)\s+to)\s+(?:\w+\s+){0,3}?(?:display|sell|market|offer|distribute|develop|provide|purchase|buy|engage|operate|include|work|manufacture|promote|license|own|acquire|compete|solicit|hire|conduct|continue|enter\s+into)\b`, 0.5],
      // Exclusivity kept only while a target is met: "unless you do not meet the Minimum Development Quota".
      [re`\b(?:unless|if|until)\b[^.;]{0,80}\b(?:not\s+)?(?:meet|achieve|satisf\w*|fulfil+)\b[^.;]{0,60}\b(?:minimum|quotas?|targets?|requirements)\b`, 0.5],
    ],
    negatives: [
      [re`\bconfidential\s+information|indemnif|limitation\s+of\s+liability|insurance|assign(?:ment)?\s+(?:this|of\s+this)`, 0.6],
      // Remedies and ways out of the contract are no exception to a restriction on competing.
      [re`\binjunct\w*|equitable\s+(?:relief|remed)|restraining\s+order|\bbe\s+terminated\b|\bmay\s+(?:\w+\s+){0,3}(?:terminate|cancel)\b|\b(?:entitled|permitted|free)\s+to\s+(?:\w+\s+)?(?:terminate|cancel)\b`, 0.6],
      // Exceptions to other duties: keeping information secret, not hiring each other's staff, going to court.
      [re`\bpublic\s+domain\b|\b(?:known|available)\s+to\s+the\s+(?:general\s+)?public\b|\bdisclos\w*|\bemploy(?:ing|ment)\b|\bgeneral\s+(?:advertis\w+|solicitation)|\b(?:provisional|ancillary|interim)\s+(?:or\s+\w+\s+)?(?:remed\w*|relief)`, 0.8],
      // A ban on hiring or soliciting the other side's staff, and its exceptions, is no restriction on competing
      // ("shall not solicit for employment any employee of the other", "shall not preclude either party from employing any
      // such employee who answers a general advertisement"); nor is an exception to keeping information secret ("The
      // foregoing obligations shall not apply to information that the Receiving Party can show ...").
      [re`\b(?:solicit\w*|hir(?:e|es|ed|ing)|recruit\w*|employ(?:s|ing)?)\b.{0,150}\b(?:employees?|personnel|staff)\b`, 1],
      [re`\breceiving\s+party\b|\bnot\s+apply\s+to\s+(?:any\s+)?information\b`, 0.6],
      // Nor are an arbitration's interim measures, publicity, or a licence granted with its own exceptions in brackets
      // ("a non-exclusive, non-transferable (except in accordance with Section 11.7) license").
      [re`\barbitra\w*|\bconservatory\b|\binterim\s+measures|\bpublicity\b|\b(?:press|news)\s+releases?\b|\bpublic\s+announcements?\b|\brequired\s+by\s+(?:any\s+)?(?:applicable\s+)?(?:law|regulation)`, 1.2],
      // The licence may come after a long run of its terms or a name with a dot in it ("does hereby grant to example.com a
      // non-exclusive, non-transferable (except as provided in Section 11.7) and non-sublicensable royalty-free license").
      [re`\b(?:hereby\s+)?grants?\b(?:[^.;]|\.(?=\w)){0,300}\b(?:licen[cs]e|right\s+to\s+use)\b`, 0.6],
      // A proviso keeping a claim, remedy, warranty, tax or dispute term alive ("nothing shall limit either party's liability
      // for fraud", "shall not prevent a Party from seeking damages") excepts nothing from a restriction on competing.
      [re`\bliab(?:le|ility)\s+(?:to|for|arising|under)\b|\bbe\s+(?:held\s+)?liable\b|\bfraud\w*|\bdamages\b|\bwarrant(?:y|ies)\b|\bremed(?:y|ies)\b|\btax(?:es)?\b|\bvenue\b|\bdisput\w+`, 1],
      // Nor do a securities offering's documents, or a party's leave to assign its rights, except anything from competing.
      [re`\bprospectus\b|\bregistration\s+statement\b|\bsecurities\s+act\b|\bassign(?:ing|s)?\s+(?:its|the|this|any|all)\b`, 1],
      // Nor do a promise not to disparage, a force majeure clause, or a time bar on suits ("No lawsuit or other action may
      // be brought ... after two years") except anything from competing.
      [re`\bdisparag\w*|\bforce\s+majeure\b|\bforces?\s+beyond\b|\bacts?\s+of\s+(?:god|war)\b|\b(?:lawsuit|suit|action|claim)s?\b[^.;]{0,150}\bmay\s+be\s+brought\b`, 1],
    ],
    minScore: 0.9,
    documentScore: 0.9,
  },
  {
    category: 'Non-Compete',
    sectionTitle: re`non-?compet|covenant\s+not[\s-]+to[\s-]+compete`,
    cues: [
      [re`\bnon-?compet(?:e|ition)\b|\bcovenant\s+not[\s-]+to[\s-]+compete`, 0.9],
      [re`\b(?:shall|will|may|agrees?\s+(?:that\s+it\s+(?:shall|will)\s+)?)\s*not\b.{0,200}\b(?:compete|competitive|competing|competitor)`, 1],
      [re`\b(?:directly\s+or\s+indirectly)\b.{0,250}\b(?:own|manage|operate|control|engage|participate|be\s+connected|have\s+any\s+interest)\b.{0,250}\b(?:compet|similar\s+(?:business|products?)|same\s+business)`, 0.9],
      [re`\b(?:shall|will|may|agrees?\s+to|covenants?\s+to)\s+not\b.{0,200}\b(?:engage|participate|research|develop|commerciali[sz]e|promote|market|sell|distribute|manufacture|offer|operate|carry\s+on|be\s+(?:engaged|concerned|interested)|authori[sz]e|license|provide)\b|\b(?:neither|nor)\b.{0,80}\b(?:shall|will)\b.{0,150}\b(?:engage|research|develop|commerciali[sz]e|promote|market|sell|distribute|manufacture|offer|operate)`, 0.5],
      [re`\bcompet(?:e|ing|itive|itor|itors|ition)\b|\b(?:similar|substantially\s+similar|same\s+or\s+similar)\s+(?:(?:to|as)\s+(?:the\s+)?(?:[\w-]+\s+){0,2})?(?:products?|business|services?)|\bdesignated\s+area|\bwithin\s+(?:a\s+)?(?:radius\s+of\s+)?(?:\w+\s+)?(?:\(\s*\d+\s*\)\s*)?miles`, 0.5],
      [re`\bnon-?competition\s+period|restricted\s+(?:period|activities|business)|restrictive\s+covenant`, 0.6],
      // A covenant not to work in a field for a time, without the word "compete": "During the term ... neither X nor its
      // Affiliates will research, develop ...", "for two years following termination, Y shall not engage in ...".
      [re`\b(?:during\s+the\s+(?:term|period)\b|for\s+(?:a\s+period\s+of\s+)?(?:\w+\s+)?(?:\(\s*\d+\s*\)\s*)?(?:years?|months?)\s+(?:after|following)\b).{0,300}(?:\b(?:shall|will)\s+not\b|\bneither\b.{0,80}\b(?:shall|will)\b).{0,150}\b(?:engage|research|develop|commerciali[sz]e|manufacture|carry\s+on|be\s+(?:engaged|concerned|interested))`, 0.4],
      // A promise not to go into a business, made with "agrees not to" or "undertakes not to": "agrees not to open an office
      // in the region", "undertakes not to develop on its own account any product", "agrees not to engage in business dealings".
      [re`\b(?:agrees?|undertakes?|covenants?)\s+not\s+to\s+(?:directly\s+or\s+indirectly\s+)?(?:engage\s+in|develop|conduct|operate|carry\s+on|open\s+an?\s+(?:office|business|competing))\b`, 0.9],
      [re`\b(?:itself\s+or\s+(?:with\s+or\s+)?through\s+(?:any\s+)?(?:third|other)\s+part|either\s+(?:solely|alone)\s+or\s+jointly|concerned\s+or\s+interested)`, 0.4],
    ],
    headings: [[re`non-?compet|not[\s-]+to[\s-]+compete|restrictive\s+covenant|competition|competitive\s+activit|exclusiv`, 0.4]],
    negatives: [
      [re`\banti-?trust|competition\s+laws?|fair\s+competition|competitive\s+(?:bid|price|pricing|rates?|terms|harm|position|disadvantage)|unfair\s+competition|competent|confidential\s+information|disclos`, 0.6],
      [re`\binsurance|indemnif|warrant`, 0.4],
      // What happens to a covenant a court finds too wide is no covenant itself.
      [SEVERABILITY, 0.6],
      // Leave to assign, a recital or a preamble naming a non-competition agreement, a covenant deleted: none restricts competing.
      [re`\bmay\s+not\s+(?:\w+\s+){0,2}assign\b|\bassign\w*\b[^.;]{0,80}\bwithout\b[^.;]{0,60}\bconsent|^\W*whereas\b|\bis\s+entered\s+into\b|\bdeleted\s+in\s+its\s+entirety`, 0.9],
      // No covenant at all: a party said to be under none elsewhere, free to compete, or a contract that does not prevent it.
      [re`\bnot\s+(?:under|bound\s+by|subject\s+to)\s+any\s+(?:\w+\s+){0,2}(?:obligations?|agreements?|covenants?|restrictions?)\b|\bfree\s+(?:and\s+without\s+restriction\s+)?to\s+(?:develop|make|market|sell|license|compete|engage)|\b(?:shall|does|will)\s+not\s+(?:prevent|preclude|prohibit|restrict|limit)\s+(?:either|any|the|a)\s+(?:party|\w+)\s+from\b|\bcompetitive\s+(?:analysis|quotations?|intelligence)`, 1],
      // A party said to keep its freedom to deal with others ("retains the right to use other suppliers whether or not
      // similar"), or a contract said to confer no exclusivity ("No exclusivity ... is conferred or implied").
      [re`\bretains?\s+the\s+(?:\w+\s+)?right\s+to\s+(?:use|utili[sz]e|engage|retain|work\s+with|do\s+business\s+with)\s+(?:other|any\s+other|third)|\bno\s+(?:\w+\s+)?exclusivity\b[^.;]{0,100}\b(?:is|are|shall\s+be)\s+(?:conferred|granted|implied)`, 1],
      // A covenant pointed to in another document ("subject to compliance with the covenant not to compete in Section 8.3 of
      // the Purchase Agreement"), or a document said to hold none, is no covenant of this contract.
      [re`\bcovenants?\s+not[\s-]+to[\s-]+compete\s+(?:in|under|set\s+forth\s+in|contained\s+in)\s+(?:section|article|paragraph|the|that|any)\b|\bdoes\s+not\s+contain\s+(?:a|any)\s+(?:[\w-]+\s+)?(?:covenant|non-?compet)`, 1],
      // A representation that the contract breaches no other agreement ("conflict with, or result in a breach of, ... any
      // agreement, including a restrictive covenant") restricts nothing.
      [re`\bconflict\s+with,?\s+(?:or\s+)?(?:result\s+in\s+)?(?:a\s+)?(?:breach|violation|default)\b|\bresult\s+in\s+(?:a\s+)?(?:breach|violation)\s+of\b`, 0.9],
      // A duty to keep information secret, or not to hire the other side's staff, under a "non-compete" heading is no
      // covenant not to compete ("will keep in confidence ...", "will not employ employees of the other party").
      [re`\bkeep\s+(?:in\s+confidence|confidential|secret)\b`, 0.6],
      [re`\bfor\s+employment\b|\b(?:solicit|hire|recruit|employ)\w*\b[^.;]{0,100}\b(?:employees?|personnel|staff)\b`, 0.6],
    ],
    minScore: 0.9,
    documentScore: 0.9,
  },
  {
    category: 'Exclusivity',
    sectionTitle: re`exclusivity|exclusive\s+(?:dealing|relationship|supply|purchase|distribution)`,
    cues: [
      [re`(?<!non-?\s?)\bexclusive(?:\s*,\s*(?:[\w-]+\s+){0,2}?[\w-]+){0,3},?\s+(?:right|licen[cs]e|licen[cs]ee|distribut\w*|agent|agency|supplier|supply|provider|dealer|reseller|partner|basis|source|sales|marketing|manufactur\w*|representative|financial\s+advisor|option|territory|arrangement|relationship|appointment)`, 1.1],
      [re`\bexclusively\s+(?:from|through|with)\b|\b(?:manufactur|suppl|sell|sold|provid|repair|servic|distribut|market|work|perform|purchas|buy|bought)\w*\s+(?:\w+\s+){0,6}?exclusively\s+(?:for|by|to)\b|\bexclusively\s+(?:repaired|supplied|manufactured|sold|distributed|purchased|provided|performed|serviced|marketed)\s+(?:by|through)\b`, 0.6],
      [re`\bexclusive(?:ly)?\b`, 0.4],
      // The grant's words may stand between: "an exclusive, non-transferable (except as set forth in Section 10.7) and
      // non-sublicensable license", "an exclusive (even as to and against Aucta in the Territory) right and license".
      // A bracket may hold one of its own ("non-sublicensable (except as provided in Section 2.1(c)) license"), and words
      // may stand between without a comma ("a sole and exclusive worldwide right", "an exclusive royalty-free licence").
      [re`(?<!non-?\s?)\bexclusive\s*(?=[,(])(?:\s*(?:,|\band\b|\bor\b|\((?:[^()]|\([^()]{0,40}\)){0,150}\)|[\w-]+)){1,8}?\s*(?:right|licen[cs]e)s?\b|(?<!non-?\s?)\bexclusive\s+(?!of\b)(?:[\w-]+\s+){1,2}(?:right|licen[cs]e)s?\b|(?<!non-?\s?)\bexclusive\s+(?:[\w-]+\s+)?(?:sponsor|marketer|seller|co-?operation)\b`, 0.6],
      // A role given alone, whatever it is called: "as exclusive Remarketing Agent", "its exclusive sales representative".
      [re`(?<!non-?\s?)\bexclusive\s+(?:[\w-]+\s+){1,2}(?:agent|distributor|dealer|reseller|supplier|provider|licensee|representative|partner|manufacturer)s?\b`, 0.6],
      [re`\bsole\s+(?:and\s+exclusive\s+)?(?:source|supplier|provider|distributor|agent|partner|manufacturer|licensee|reseller)|\b(?:be|is|as)\s+the\s+only\s+(?:[\w-]+\s+)?(?:distributor|licensee|supplier|provider|reseller|agent|sponsor|dealer|source|manufacturer|representative)\b`, 1],
      [re`\b(?:all|entire|one\s+hundred\s+percent|100\s*%)\s+(?:of\s+)?(?:its|their|his|her|the)\s+(?:\w+\s+)?(?:requirements|needs)\b`, 1.2],
      [re`\b(?:(?:shall|will|may)\s+not|(?:agrees?|undertakes?|covenants?)\s+not\s+to)\b.{0,120}\b(?:appoint|grant|license|engage|sell|purchase|buy|obtain|procure|authori[sz]e|enter\s+into)\b.{0,150}\b(?:any\s+other|third\s+part|anyone\s+(?:else|other\s+than)|any\s+(?:one|person|entity)\s+(?:(?:or\s+entity\s+)?other\s+than|else)|another\s+(?:company|entity|person|party|licensee|distributor|supplier|provider|sponsor)|other\s+(?:distributors?|suppliers?|persons?|entit(?:y|ies)|part(?:y|ies)|compan(?:y|ies)|agents?|manufacturers?|providers?|sources?|licensees?))`, 0.9],
      [re`\bexclusivity\b`, 0.6],
      // "The license hereby granted shall be exclusive as to the products ...".
      [re`\b(?:licen[cs]es?|rights?|appointments?|distributorship|agency)\s+(?:(?:hereby\s+)?granted\s+(?:(?:hereunder|herein|hereby|to\s+\w+)\s+)?)?(?:shall\s+be|is|are|will\s+be)\s+(?:\w+\s+)?exclusive\b`, 1],
    ],
    negatives: [
      // Non-exclusive, unless the sentence also grants something exclusive ("an exclusive licence ... and a non-exclusive licence").
      [re`^(?!.*(?<!non-?\s?)\bexclusive\b).*\bnon-?\s?exclusive\b`, 0.8],
      [re`\b(?:not|no|nor)\s+(?:[\w'’]+\s+){0,5}exclusive\b|non-?exclusivity|\bnothing\b.{0,120}\b(?:preclude|prevent|prohibit|restrict)|\bbribery|corrupt`, 0.9],
      // A recital tells of exclusive rights the parties have or mean to grant; an owner's "sole and exclusive right, title and
      // interest", or its exclusive right to maintain or register its marks, is ownership, not exclusive dealing.
      [re`^\W*(?:recitals\s+)?whereas\b|\bexclusive\s+rights?,?\s+(?:and\s+)?title\b|\bexclusive\s+right\s+(?:and\s+obligation\s+)?to\s+(?:maintain|apply\s+for|make\s+all)\b`, 0.9],
      // A contract's title and opening words ("EXCLUSIVE SUPPLY AGREEMENT This Exclusive Supply Agreement is made ...") name
      // the deal; they grant nothing.
      [re`^\W*(?:[\w-]+\s+){0,6}agreement\s+this\b`, 0.9],
      // A party told that others already hold exclusive rights ("Licensee acknowledges that Licensor may have entered into
      // exclusive license arrangements with other companies") is granted none.
      [re`\b(?:acknowledges?|recogni[sz]es?|understands?|is\s+aware)\b(?:\s+and\s+\w+)?\s+that\b[^.;]{0,80}\b(?:may|will|has|have)\b[^.;]{0,160}?\b(?:granted|entered\s+into|their\s+own)\b[^.;]{0,150}\bexclusive\b`, 1.3],
      // A ban on passing one's own rights on ("shall not sublicense, assign, pledge ... to any third party all or any part of
      // its rights or duties under this Agreement", "shall not subcontract, assign ... to any third party any right or obligation
      // it has") restricts assignment, not dealings with others.
      [re`\b(?:sub-?licen[cs]e|assign|transfer|pledge|encumber)\b[^.;]{0,150}\b(?:its|their|his|her)\s+(?:\w+\s+)?(?:rights?|duties|obligations?)\s+(?:or\s+\w+\s+)?(?:under|hereunder)\b|\b(?:any|its)\s+(?:of\s+its\s+)?rights?\s+or\s+obligations?\b`, 0.9],
      // Exclusive as the only remedy, warranty, owner or forum, or a right reserved to one side in a procedure: "the sole and
      // exclusive right to settle", "the exclusive right to remove and replace its designees", "exclusive rights and interests in".
      [re`\bexclusive\s+(?:remed(?:y|ies)|warrant(?:y|ies)|jurisdiction|venue|forum|property|owner|ownership|control|discretion|responsibility|means|of|liability|use\s+and\s+benefit|benefit|rights?\s+(?:and\s+(?:remed|interests?)|of\s+ownership|to\s+(?:own|control|prosecute|enforce|settle|defend|remove|replace|register|bring|select)))|sole\s+(?:and\s+exclusive\s+)?(?:remed|discretion|cost|expense|responsib|owner|property|judg|option|benefit)`, 0.9],
    ],
    minScore: 0.9,
    documentScore: 0.9,
  },
  {
    category: 'No-Solicit Of Customers',
    cues: [
      [re`\b(?:not|refrain\s+from|nor|neither)\b.{0,200}\b(?:solicit|divert|entice|induce|interfere|call\s+(?:up)?on|approach|circumvent|contact|accept\s+(?:any\s+)?business|take\s+away)\w*\b.{0,200}\b(?:customers?|clients?|merchants?|accounts?|suppliers?|vendors?|business\s+relationships?|patrons?|book\s+of\s+business|prospects?)\b`, 1.2],
      [re`\bnon-?solicit(?:ation)?\b`, 0.4],
      // The covenant's own verbs, often in a list under a lead-in "shall not": "divert or attempt to divert any business or
      // customer", "solicit, divert or attempt to solicit or divert any customer".
      [re`\b(?:divert|solicit|entice)(?:s|ing)?,?\s+(?:or\s+)?attempt\s+to\s+(?:(?:solicit|divert|entice)\s+or\s+)?(?:divert|solicit|entice)\s+(?:\w+\s+){0,3}?(?:customers?|clients?|accounts?|business)\b|\bdivert(?:s|ing)?\s+(?:any|the|all)\s+(?:\w+\s+){0,2}?(?:customers?|clients?|accounts?|business)\b`, 0.9],
      [re`\b(?:shall|will|may)\s+not\b.{0,100}\b(?:sell|market|supply|license)\b.{0,100}\bdirectly\s+to\s+(?:any\s+)?(?:end[\s-]users?|customers?)|\b(?:shall|will)\s+not\b.{0,100}\b(?:sell|supply|provide)\b.{0,100}\bto\s+(?:any\s+)?(?:customers?|clients?|individuals?\s+or\s+entities)\s+(?:who|that|of)\b`, 0.9],
    ],
    negatives: [
      [re`\bemploy(?:ee|ees|ment|ed)|personnel|staff|hire\b`, 0.4],
      [re`\bconfidential\s+information`, 0.3],
      // Contacting customers to serve them (a help desk, complaints, an escalation, an audit) is no promise not to solicit them.
      [re`\bcontact\s+information\b|\bhelp\s+desk\b|\bcustomer\s+(?:care|service|support)\b|\baudit\w*|\binspect\w*|\bcomplaints?\b|\bescalat\w+`, 0.6],
    ],
    minScore: 0.9,
    documentScore: 0.9,
  },
  {
    category: 'No-Solicit Of Employees',
    cues: [
      [re`\b(?:not|nor|neither|refrain\s+from)\b.{0,200}\b(?:solicit(?:s|ing)?|recruit(?:s|ing)?|hire|hiring|employ|employing|induce|inducing|entice|enticing|retain)\b.{0,150}\b(?:employees?|personnel|staff|officers?|consultants?|individuals?\s+(?:who\s+(?:is|are|was|were)\s+)?employed|persons?\s+(?:who\s+(?:is|are|was|were)\s+)?employed|engineers)\b`, 1.2],
      [re`\bsolicit\w*\s+(?:\w+\s+){0,3}(?:for\s+employment|to\s+(?:leave|terminate))|\bnon-?solicit(?:ation)?\b.{0,120}\b(?:employ|personnel)|\bno[\s-]hire\b`, 1],
      [re`\b(?:leave|terminate)\s+(?:his\s+or\s+her\s+|their\s+|its\s+)?(?:employ|relationship)|\bhires?\s+any\b.{0,80}\bpersonnel`, 0.6],
    ],
    negatives: [
      [re`\bequal\s+employment|discriminat|employment\s+(?:practices|laws?|taxes)|workers'?\s+compensation|independent\s+contractor|deemed\s+(?:to\s+be\s+)?(?:an?\s+)?employees?|employees\s+of\s+(?:the\s+)?(?:other|either)\s+party\s+for\s+(?:any|all)\s+purpose|withhold|convicted|debarred|felony`, 0.9],
      [re`\bconfidential|disclos|solely\s+responsible\s+for\s+(?:its\s+)?employees|qualified\s+(?:personnel|employees)|sufficient\s+(?:personnel|employees)`, 0.6],
      // Who hires, pays or keeps staff is no ban on poaching them: "Neither Party shall have any responsibility for the hiring,
      // termination or compensation of the other Party's employees", "are not obligated to hire any additional employees", "the
      // right, but not the obligation, to hire personnel", "shall not constitute a contract of employment", retention bonuses.
      [re`\bresponsib\w*\s+for\s+(?:the\s+)?hiring\b|\b(?:not\s+(?:be\s+)?(?:obligated|required)|no\s+obligation)\s+to\b[^.;]{0,20}\bhire\b|\bright(?:,?\s+but\s+not\s+the\s+obligation,?)?\s+to\s+hire\b|\bcontract\s+of\s+employment\b|\bretention\s+bonus`, 0.9],
    ],
    minScore: 0.6,
    documentScore: 0.6,
  },
  {
    category: 'Non-Disparagement',
    sectionTitle: re`disparage`,
    cues: [
      [re`\bdisparag`, 1.3],
      [re`\bdefam|derogatory|negative\s+(?:comments?|statements?|posts?|remarks?|publicity)`, 1],
      [re`\binto\s+(?:public\s+)?(?:disrepute|ridicule|contempt|scandal)|tarnish|detrimental\s+to\s+(?:the\s+)?(?:\w+\s+){0,3}(?:image|reputation|goodwill)|harm(?:ful)?\s+to\s+(?:the\s+)?(?:\w+\s+){0,4}(?:reputation|goodwill|image)|(?:adversely\s+)?(?:affect|reflect|jeopardi[sz]e)\w*\s+(?:adversely\s+)?(?:up)?on\s+(?:the\s+)?(?:\w+\s+){0,3}(?:reputation|image|goodwill)`, 0.7],
      [re`\b(?:reputation|goodwill|image)\b`, 0.2],
      // A promise not to harm the other's name: "The Company shall not tarnish or bring into disrepute the reputation of ...".
      [re`\b(?:shall|will)\s+not\s+(?:\w+\s+){0,2}(?:tarnish|disparage|bring\s+into\s+disrepute)`, 0.5],
    ],
    negatives: [
      [re`\bgoodwill\s+(?:associated\s+with\s+(?:the\s+)?(?:licensed\s+)?(?:marks?|trade\s?marks?)|shall\s+inure)`, 0.3],
      // A warranty that content is lawful, not a promise to say nothing bad: "will not constitute defamation, product
      // disparagement or trade libel", "does not contain any material that is libelous".
      [re`\blibel`, 1.1],
      // A separate non-disparagement agreement to be signed, or a bare heading that names the subject and states nothing.
      [re`\bnon-?disparagement\s+agreement|^\W*[\d.]*\s*[^.;]{0,60}\bnon-?disparagement\W*$`, 0.5],
    ],
    documentScore: 1.3,
  },
  {
    category: 'Termination For Convenience',
    sectionTitle: re`termination\s+for\s+convenience|termination\s+without\s+cause`,
    // Something ends: not a right exercised "at any time ... for any reason" that ends nothing (an inspection, a change
    // of terms made on notice). An item of a list that opens "by" goes on from its lead-in ("This Agreement may be
    // terminated: (a) by Magenta for any reason upon notice").
    requires: [re`\bterminat|\bterminable|\bcancel|\bwithdraw|\brevok|^\W*\(?[a-z0-9]{1,4}[.)]\s*by\b`],
    cues: [
      [re`\b(?:may|shall\s+(?:have|be\s+entitled\s+to)\s+the\s+right\s+to|has\s+the\s+right\s+to|is\s+entitled\s+to|reserves\s+the\s+right\s+to|right\s+to|can|will\s+be\s+entitled\s+to),?\s+(?:\w+,?\s+){0,5}(?:terminate|cancel|withdraw)\b|\b(?:may|can)\s+(?:also\s+)?be\s+(?:terminated|cancel+ed)\b|\b(?:until|unless)\s+terminated\s+by\s+(?:either|any|one)\s+party|\bcancellable|terminable\b`, 0.5],
      [re`\bwithout\s+(?:any\s+)?(?:cause|reason|penalty)|\bfor\s+(?:its|their|any\s+party's|his|her)?\s*convenience|\bfor\s+any\s+(?:or\s+no\s+)?reason(?:\s+or\s+no\s+reason)?|\bfor\s+no\s+reason|\bwith\s+or\s+without\s+cause|\bat\s+any\s+time\b|\bat\s+will\b|\bin\s+(?:its|their|his|her)\s+(?:sole\s+)?(?:and\s+absolute\s+)?discretion|\bnon-?cause`, 0.6],
      [re`${DUR}.{0,40}\bnotice|\bnotice\b.{0,40}${DUR}|\b(?:upon|by|on|after|with)\s+(?:giving\s+|delivering\s+|providing\s+|serving\s+)?(?:the\s+other\s+part(?:y|ies)\s+)?(?:at\s+least\s+|not\s+less\s+than\s+|no\s+less\s+than\s+|a\s+minimum\s+of\s+)?(?:\[\s*\*+\s*\]\s*)(?:'?s?\s*)?(?:prior\s+)?(?:written\s+)?notice`, 0.4],
      [re`\bterminat\w*\s+(?:this\s+agreement\s+)?for\s+(?:its\s+)?convenience|termination\s+for\s+convenience`, 0.6],
      // A contract that runs until one side gives notice: "shall continue in effect until either Party informs the other Party
      // with thirty (30) day prior written notice of termination".
      // (Not notice given only to end a term: "... by giving written notice at least six (6) months prior to the end of the term".)
      [re`\buntil\s+(?:(?:terminated|cancel+ed)\s+by\s+)?(?:either|any|one)\s+party\b(?![^.;]{0,150}\b(?:prior\s+to|before)\s+the\s+(?:end|expiration|expiry)\b).{0,100}\bnotice\b`, 0.7],
      // A right to end the contract on notice and nothing more, the notice closing the sentence: "Either party may terminate
      // this Agreement upon prior written notice thereof to the other party", "... by giving two (2) weeks' notice in writing to
      // the Owner". (A ground named after the notice, "if ...", "upon the occurrence of ...", is a right for cause.)
      [re`\b(?:may|can)\s+(?:also\s+)?terminate\s+(?:this|the)\s+(?:\w+\s+)?(?:agreement|contract)\s+(?:at\s+any\s+time\s+)?(?:by|upon|on|with)\s+(?:giving\s+|providing\s+|delivering\s+|serving\s+|sending\s+)?[^.;]{0,60}?\bnotice\b(?:\s+(?:thereof|in\s+writing))?(?:\s+(?:given\s+)?(?:in\s+writing\s+)?(?:by\s+\w+\s+)?to\s+(?:the\s+)?[\w-]+(?:\s+part(?:y|ies))?)?\s*\.?\s*$`, 0.3],
    ],
    negatives: [
      [re`\bbreach|default|fail(?:s|ed|ure)?\s+to|insolv|bankrupt|receiver|cure|change\s+(?:of|in)\s+control|\bmerger\b|\bconsolidation\s+of\b|force\s+majeure|violat|cease\s+to|material(?:ly)?\s+(?:adverse|breach)|convicted|if\s+(?:the\s+other|either)\s+party\b|\bconditions?\b.{0,80}\bnot\s+(?:have\s+been\s+|be\s+)?(?:fulfilled|satisfied|met)\b|\bprevented\s+from`, 0.7],
      [re`\bnon-?renewal|not\s+to\s+renew|\brenew|\bprior\s+to\s+the\s+(?:end|expiration|expiry)\s+of\s+(?:the\s+|said\s+|such\s+|any\s+|its\s+|then[-\s]current\s+)?(?:\w+\s+)?(?:term|period)\b|\bshall\s+(?:continue|automatically\s+(?:continue|extend))`, 0.4],
      // A lead-in to a list of grounds ("may terminate ... as follows:"): the grounds, not the lead-in, say why.
      [re`\bas\s+follows\s*[:.]?\s*$`, 0.8],
      // Ending the contract by agreeing to ("by mutual consent", "by written agreement") is no right of one party; a right
      // on grounds listed after it ("in the event:", "on any of the following grounds") or "with cause" is one for cause.
      [re`\b(?:by|upon|with)\s+(?:the\s+)?(?:mutual|written|joint)\s+(?:written\s+)?(?:agreement|consent)\b|\bmutual(?:ly)?\s+(?:agree|consent)`, 1],
      [re`\bany\s+(?:one\s+)?of\s+the\s+following\b|\bfollowing\s+(?:grounds|events|circumstances)\b|\bin\s+the\s+event\s*:\s*$`, 0.8],
      [re`^(?!.*\b(?:${AT_WILL})\b).*\b(?:with|for)\s+cause\b`, 0.6],
      // A right that waits for a breach or failure to go uncured is termination for cause, whatever "at any time" follows
      // (unless the sentence also gives a right for convenience).
      [re`^(?!.*\b(?:${AT_WILL}|at\s+any\s+time\s+(?:upon|on|by|with)\b)\b).*(?:\buncured\b|\bfails?\s+to\s+cure\b|\bnot\s+(?:been\s+)?cured\b|\bnon-?breaching\s+party\b)`, 0.5],
      [re`\bsuspend|waive|withhold\s+(?:its\s+)?consent`, 0.3],
      // A right that arises only on an event ("If ... persists, Client may terminate", "may terminate ... in the event that
      // ...") is not one to end the contract at will, unless the sentence also gives one ("at any time upon notice").
      [re`^(?!.*\b(?:${AT_WILL}|at\s+any\s+time\s+(?:upon|on|by|with)\b)\b)(?:\W*(?:\(?[a-z0-9]{1,3}[.)]\s*)?(?:if|in\s+the\s+event|should|where|in\s+case)\b|.*\b(?:terminate|cancel)\b[^.;]{0,120}\b(?:if|in\s+the\s+event\s+(?:that|of)|in\s+case\s+of|should)\b)`, 0.5],
      // Something other than the contract ended at will: a subagency, the service, an appointment made under it.
      [re`^(?!.*\b(?:this|the)\s+agreement\b).*\b(?:terminate|cancel)\s+(?:the|any|such|a|its)\s+(?:sub-?agency|sub-?agents?|services?|appointments?|employment|sub-?contracts?|sub-?contractors?)\b`, 0.8],
      // Nor is ending one's part in something or a leave given under it: "may cancel its participation in the trade show",
      // "may withdraw its permission to use the logos", "may terminate development of a licensed product".
      [re`^(?!.*\b(?:this|the)\s+(?:[\w-]+\s+){0,2}agreement\b).*\b(?:terminate|cancel|withdraw)\s+(?:the\s+|its\s+|any\s+|such\s+)?(?:[\w-]+\s+){0,3}(?:participation|permission|display|development|commerciali[sz]ation|approvals?)\b`, 0.8],
      // A right said not to exist: "shall not be terminable or revocable for any reason", "may not be terminated for any reason".
      [re`\b(?:not|never)\s+(?:be\s+)?(?:terminable|revocable|cancell?able)\b|\b(?:shall|may|will)\s+not\s+(?:be\s+)?(?:terminated|revoked|cancell?ed)\s+(?:for\s+any\s+reason|at\s+any\s+time|without\s+cause)`, 1],
      // A provision found invalid "for any reason" is severed: that ends no contract at will.
      [SEVERABILITY, 0.5],
    ],
    minScore: 0.8,
    documentScore: 0.8,
  },
  {
    category: 'Rofr/Rofo/Rofn',
    sectionTitle: re`first\s+(?:refusal|offer|negotiation)`,
    cues: [
      [re`\bright\s+of\s+first\s+(?:refusal|offer|negotiation|negotiations)\b|\bROF[RON]\b`, 1.5],
      [re`\bfirst\s+right\s+(?:of\s+(?:refusal|first\s+offer)|to\s+(?:negotiate|purchase|acquire|offer|obtain|match|license|distribute))`, 1.3],
      [re`\b(?:option|right)\s+to\s+(?:purchase|acquire|match|buy)\b`, 0.6],
      [re`\bmatch(?:ing)?\s+(?:the\s+|such\s+)?(?:offer|terms|bid|proposal)`, 0.8],
      [re`\bexclusive\s+(?:right|period|opportunity)\s+(?:to|of|in\s+which\s+to)\s+negotiat`, 1],
      [re`\bfirst\s+(?:opportunity|option)\s+to\b|\bright\s+to\s+(?:negotiate|be\s+offered)\b`, 0.8],
      [re`\b(?:offer|notify)\b.{0,100}\b(?:first|before\s+offering|prior\s+to\s+offering)\b.{0,100}\bthird\s+part`, 0.7],
      [re`\b(?:put|call)\s+option`, 0.5],
      [re`\bfirst\s+option\b|\boption\s+to\s+(?:acquire|purchase|negotiate|commerciali[sz]e|co-?develop|license|distribute|obtain)|\b(?:an?\s+|the\s+)?opportunity\s+to\s+(?:enter\s+into|negotiate|purchase|acquire|match|retain|make\s+an\s+offer|bid)|\bshall\s+first\s+(?:make\s+an\s+)?offer|\bexercise\s+(?:its|such|the)\s+option`, 0.9],
      // "the first right of negotiation for each Additional Title", "a first right ... to submit a binding nomination", "has
      // received a bona fide third party offer ... before MSL may accept such offer, MSL shall notify IBM", "will first contact".
      [re`\bfirst\s+right\b|\bright\s+of\s+(?:first\s+)?negotiation\b|\bprior\s+right\b.{0,80}\bto\s+(?:purchase|acquire|buy|negotiate)\b`, 0.8],
      [re`\bbona\s+fide\s+(?:third[\s-]party\s+|written\s+)?offer\b|\b(?:shall|will)\s+first\s+(?:contact|notify|offer|provide|approach|negotiate)\b`, 0.8],
    ],
    // A stock option granted as pay, or an option a customer may buy (an extended warranty), is no right of first refusal.
    negatives: [
      [re`\boptions?\s+to\s+purchase\s+(?:up\s+to\s+)?[\d,]+\s+(?:shares|units)|\boption\s+(?:share\s+)?(?:exercise\s+)?price\b`, 2],
      [re`\boption\s+to\s+purchase\s+(?:an?\s+)?(?:extended\s+)?(?:warrant|service\s+plan|coverage)`, 0.8],
      // Negotiating a dispute first, or approving a subcontractor first, offers no one a right to a deal.
      [re`\bdisputes?\b|\bsub-?contractors?\b|\bwithin\s+the\s+meaning\s+of\b`, 0.6],
    ],
    minScore: 0.8,
    documentScore: 0.8,
  },
  {
    category: 'Change Of Control',
    sectionTitle: re`change\s+(?:of|in)\s+control`,
    cues: [
      // "a change of control", "any material change in the organization, ownership, management or control of the Agent".
      [re`\bchange\s+(?:of|in)\s+(?:the\s+)?(?:effective\s+)?(?:[\w-]+,?\s+(?:or\s+|and\s+)?){0,3}(?:control|ownership)\b|\b(?:ownership|control)\s+change\b`, 1.2],
      // A party taken over, named as what ends or needs leave: "terminate ... after Licensee is acquired by a third party",
      // "In case of division or merger of Party B, this Agreement shall terminate".
      [re`\b(?:is|becomes?)\s+acquired\s+by\s+(?:a|any|another)\s+(?:third\s+part(?:y|ies)|(?:other\s+)?(?:company|entity|person|corporation|competitor))\b|\b(?:in\s+(?:the\s+)?(?:case|event)\s+of|upon)\s+(?:a\s+|any\s+|the\s+)?(?:[\w-]+\s+){0,3}(?:merger|acquisition|consolidation)\b.{0,150}\b(?:terminat|consent|notif)|\btransfer\s+(?:of\s+)?(?:its\s+)?ownership\b(?!\s+of\s+(?:the|a|an|any|such|all)\b)`, 0.8],
      [re`\b(?:merger|merges?|consolidat\w+|reorgani[sz]ation|amalgamation)\b.{0,250}\b(?:terminat|consent|notif|notice|assign|successor)`, 0.6],
      [re`\b(?:assign|terminat|consent)\w*\b.{0,250}\b(?:merger|consolidation|reorgani[sz]ation|amalgamation)`, 0.6],
      [re`\b(?:sale|transfer|disposition|acqui\w+)\s+of\s+(?:all\s+or\s+)?(?:substantially\s+)?all\s+(?:or\s+substantially\s+all\s+)?(?:of\s+)?(?:its|the|their|such\s+party's)\s+(?:\w+\s+){0,3}(?:assets|business|stock|shares|equity)`, 0.7],
      [re`\b(?:acqui\w+|own\w*|hold\w*)\s+(?:\w+\s+){0,4}["“]?(?:control|majority|fifty\s+percent|50\s*%|more\s+than\s+(?:fifty|50))`, 0.6],
      [re`\bvoting\s+(?:stock|securities|power|control|shares|rights)|beneficial\s+owner(?:ship)?`, 0.4],
      [re`\bby\s+operation\s+of\s+law`, 0.3],
      // A merger or a sale of shares counted as a transfer the contract restricts: "the term \"Transfer\" means any sale,
      // assignment, ... merger", "a Transfer shall also be deemed to include a merger", "a merger ... shall be considered a
      // transfer".
      [re`\b(?:transfer|assignment)["”]?\s[^.;]{0,120}\b(?:deemed\s+to\s+include|shall\s+(?:also\s+)?include|includes?|means?)\b[^.;]{0,250}\b(?:merger|consolidation|change\s+(?:of|in)\s+(?:the\s+)?(?:control|ownership))|\b(?:merger|consolidation|sale\s+of\s+(?:\w+\s+)?(?:stock|shares))\b[^.;]{0,150}\b(?:shall|will)\s+(?:also\s+)?be\s+(?:considered|deemed)\s+(?:to\s+be\s+)?an?\s+(?:transfer|assignment)`, 0.8],
    ],
    headings: [[re`change\s+(?:of|in)\s+control|assign`, 0.2]],
    negatives: [
      [re`\bprice|fees?\b|royalt`, 0.3],
      [re`["“](?:affiliate|affiliated\s+company|control|controlled)["”]\s+(?:shall\s+)?means?|\bcommon\s+control|["“]control["”]|meaning\s+in\s+this\s+context|\bunder\s+common`, 0.7],
      // Who counts as an affiliate or a subsidiary, said without quotes: "An Affiliate is another entity where at least
      // 50.1% of its voting power is owned ...", "A subsidiary of a party is considered a company of which ...".
      [re`^\W*(?:an?|the\s+term)\s+(?:affiliate|subsidiary)\b(?:\s+of\s+(?:a|either|any|each)\s+party)?\s+(?:is|shall\s+be|will\s+be)\s+(?:considered|deemed|another|any|a|an)\b`, 1.2],
      [re`\bgood\s+reason|severance|executive|employment`, 0.6],
      // A "reorganization" or "assignment for the benefit of creditors" in bankruptcy, with no change in who owns a party.
      [re`^(?!.*\b(?:change\s+(?:of|in)\s+(?:the\s+)?(?:[\w-]+,?\s+(?:or\s+|and\s+)?){0,3}(?:control|ownership)|acquir|acquisition|merger|consolidation|substantially\s+all|voting|shareholders?|equity|assign(?![^.;]{0,80}\bbenefit\s+of)|transfer)).*\b(?:bankrupt|insolven|receiver|benefit\s+of\s+(?:its\s+)?creditors|liquidation)`, 0.6],
      // A contract binding on each side's successors "whether by merger" restricts nothing unless the sentence says so.
      // The same bankruptcy words beside a termination right: "a petition ... seeking reorganization, arrangement, readjustment
      // of its debts", "an assignment of substantially all of its assets for the benefit of creditors".
      [re`\b(?:seeking|petition\s+for|for)\s+(?:a\s+|its\s+)?reorgani[sz]ation\b|\breorgani[sz]ation,\s+arrangement\b|\barrangement\s+with\s+(?:its\s+)?creditors|\bassignment\s+(?:of\s+[^.;]{0,60}?)?for\s+the\s+benefit\s+of\s+(?:its\s+|their\s+)?creditors`, 0.6],
      [re`^(?!.*\b(?:not|no|without|consent|terminat\w*|notif\w*|notice|except|provided)\b).*\b(?:binding\s+(?:up)?on|inure\s+to\s+the\s+benefit)\b`, 0.6],
      // A change of control said not to be an assignment, and who is deemed to control whom: "A change of control of Rogers
      // shall not be considered an assignment", "shall be regarded as in control of another corporation if it owns ...".
      [re`\b(?:change\s+(?:of|in)\s+control|merger|consolidation)\b[^.;]{0,120}\b(?:shall|will)\s+not\s+be\s+(?:considered|deemed|construed\s+as|treated\s+as)\s+(?:to\s+be\s+)?an?\s+assignment|\bshall\s+be\s+(?:deemed|regarded\s+as)\s+(?:to\s+)?(?:\w+\s+)?(?:be\s+)?(?:in\s+)?control(?:s|led)?\b|\bshall\s+have\s+["“]control["”]\s+of\b`, 1.2],
      // The same said after "nor": "No delegation ... shall be deemed an assignment, nor shall any change in control ... be
      // deemed an assignment hereunder".
      [re`\bnor\s+(?:shall|will)\s+(?:any\s+|a\s+)?(?:change\s+(?:of|in)\s+(?:the\s+)?(?:control|ownership)|merger|consolidation)\b[^.;]{0,150}\bbe\s+(?:deemed|considered|treated\s+as|construed\s+as)\s+(?:to\s+be\s+)?an?\s+assignment`, 1],
      // An assignment on a merger for which "no such consent shall be required" (or, misspelt, "not such consent").
      [re`\b(?:no|not)\s+(?:such\s+)?consent\s+(?:shall|will)\s+be\s+required`, 1.5],
      // Leave to assign on a merger without the other's consent is the absence of a change-of-control restriction.
      // ("except that either Party may assign ... without such consent to an entity that acquires ...").
      // So is an assignment on a merger that "does not require" or "no consent shall be required" for.
      [re`\bmay\s+(?!not\b)(?:(?!not\b)[\w,]+\s+){0,5}(?:assign|transfer)\b[^.;]{0,160}?\b(?:in\s+connection\s+with|as\s+part\s+of|in\s+the\s+event\s+of|upon|without\s+(?:[\w'’]+\s+){0,4}consent|to\s+(?:a|an|any|its|the)\s+(?:[\w-]+\s+){0,2}(?:successor|acquir\w+|purchaser|surviving|(?:entity|person|party|company)\s+(?:who|that|which)\s+acquires))\b[^.;]{0,120}?\b(?:merger|consolidation|reorgani[sz]ation|acquisition|sale\s+of\s+(?:all|substantially))|\bno\s+(?:such\s+)?consent\s+(?:shall\s+be|is|will\s+be)\s+required\b[^.]{0,300}?\b(?:merger|consolidation|acquisition|sale\s+of\s+(?:all|substantially))|\b(?:merger|acquisition)\b[^.;]{0,100}\bdoes\s+not\s+require\b|\bexcept\b[^.;]{0,120}?(?:\bwithout\s+(?:such\s+|the\s+other\s+party['’]s\s+|its\s+)?(?:prior\s+)?(?:written\s+)?consent|\bno\s+consent|\bmay\s+(?:\w+\s+){0,4}assign|\bby\s+operation\s+of\s+law\s+or\s+in\s+connection\s+with)\b[^.]{0,300}?\b(?:merger|consolidation|acquisition|acquires|sale\s+of\s+(?:all|substantially))`, 1.6],
    ],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Anti-Assignment',
    sectionTitle: re`^(?:assignment|assignments|assignability|assignment\s+and\s+(?:delegation|subcontracting|transfer)|no\s+assignment|successors\s+and\s+assigns)\W*$`,
    cues: [
      [re`\b(?:shall|may|will|can)\s+not\s+(?:\w+\s+){0,3}(?:assign|transfer|delegate|sub-?contract)`, 1],
      [re`\b(?:neither|no)\s+(?:party|this\s+agreement|rights?)\b.{0,120}\b(?:assign|transfer|delegat)`, 0.9],
      [re`\b(?:assign(?:ed|ment|able)?|transfer(?:red|able)?|delegat(?:e|ed|ion))\b.{0,250}\b(?:without\s+(?:first\s+obtaining\s+)?(?:the\s+)?(?:prior\s+)?(?:express\s+)?(?:written\s+)?(?:consent|approval)|with\s+(?:the\s+)?(?:prior\s+)?(?:written\s+)?(?:consent|approval))`, 1.2],
      [re`\bnot\s+(?:be\s+)?(?:assignable|transferable)|non-?assignable`, 1],
      [re`\b(?:any\s+)?(?:purported|attempted)\s+(?:assignment|transfer)\b.{0,150}\b(?:void|null|invalid|no\s+(?:force|effect))`, 1],
      // An agreement that ends if it is assigned (as advisory and fund agreements must): "This Agreement will automatically
      // terminate in the event of its assignment".
      // (Also "will also terminate automatically in the event of its assignment", "terminate in the event of (A) its assignment".)
      [re`\b(?:shall|will)\s+(?:also\s+)?(?:automatically\s+|immediately\s+)?terminate\b.{0,40}\bin\s+the\s+event\s+of\s+(?:\(\w{1,3}\)\s+)?(?:its|an?)\s+["“]?assignment`, 1],
      // An assignment made against the clause is void: "Any attempt to assign this Agreement other than as permitted above will
      // be null and void", "Any assignment in derogation of the foregoing shall be null and void".
      [re`\b(?:attempt(?:s|ed)?\s+(?:by\s+[^.;]{1,40}?\s+)?to\s+(?:assign|transfer|delegate)|(?:assignment|transfer|delegation)\s+(?:\w+\s+){0,3}(?:in\s+(?:derogation|violation|contravention|breach)\s+of|other\s+than\s+as\s+(?:expressly\s+)?permitted|not\s+(?:expressly\s+)?permitted))\b.{0,150}\b(?:null|void|invalid|no\s+(?:force|effect))`, 1],
      [re`\bassign(?:ment|s|ed)?\b`, 0.2],
    ],
    headings: [[re`assign`, 0.5]],
    negatives: [
      [re`\b(?:hereby\s+)?(?:assigns?|assignment\s+of)\s+(?:all\s+)?(?:(?:of\s+)?(?:its|their|his|her)\s+)?(?:right,?\s+title|inventions?|intellectual|patents?|copyrights?)`, 0.6],
      [re`\bnon-?transferable\s+licen|licen[cs]e\b.{0,60}\bnon-?transferable`, 0.4],
      // A present assignment of rights, which restricts nothing: "Seller does hereby transfer, sell, assign, convey and deliver to
      // the Buyer all right, title and interest", "hereby irrevocably assigns to the Company his entire right, title".
      [re`\b(?:does\s+)?hereby\s+(?:\w+,?\s+){0,5}assigns?,?(?:\s+\w+,?){0,4}\s+(?:to\s+[^.;]{1,80}?\s+)?(?:all\s+)?(?:(?:of\s+)?(?:its|their|his|her|the)\s+)?(?:right,?\s+title|(?:entire\s+)?(?:right|interest)\s+(?:in|to)\b|inventions?|intellectual|patents?|copyrights?)`, 1.2],
      // A contract binding on each side's successors and assigns restricts no assignment unless the sentence says so.
      [re`^(?!.*\b(?:not|no|without|consent|void|except|provided)\b).*\b(?:binding\s+(?:up)?on|inure\s+to\s+the\s+benefit)\b`, 1.5],
    ],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Revenue/Profit Sharing',
    sectionTitle: re`royalt|revenue\s+shar|profit\s+shar|commissions?`,
    cues: [
      [re`\broyalt(?:y|ies)\b`, 0.8],
      [re`(?:percent|%|percentage|\[\s*\*+\s*\])\s*\)?\s*(?:\(\s*[^)]{1,12}\)\s*)?\]?\)?\s*of\s+(?:the\s+|all\s+|its\s+|such\s+|(?:[\w-]+\s+)?[\w-]+['’]s\s+)?["“]?(?:[\w-]+\s+){0,3}(?:(?:gross|net|invoiced|cumulative)\s+(?:[\w-]+\s+){0,2}(?:sales|revenues?)|net\s+sales|gross\s+(?:sales|revenues?|receipts|margin|profits?|proceeds)|net\s+(?:revenues?|profits?|receipts|income|proceeds)|revenues?|profits?|proceeds|sales\s+price|collections|receipts|income|billings|fees\s+(?:received|collected))`, 1.2],
      [re`\b(?:revenue|profit)s?[\s-](?:shar(?:e|ing)|split)|\bsplit\b.{0,60}\b(?:revenue|profit|proceeds)`, 1.3],
      [re`\bcommissions?\b`, 0.6],
      // A fee that is a share of what is sold or managed: "a fee not to exceed 5.5% of the aggregate Purchase Price of the
      // Shares sold", "0.20% of the value of the Fund's average annual net assets", "% of the net wholesale volume".
      [re`(?:percent|%|percentage|\[\s*\*+\s*\])\s*\)?\s*(?:\(\s*[^)]{1,12}\)\s*)?\]?\)?\s*(?:of|based\s+on)\s+(?:the\s+)?(?:[\w-]+\s+){0,5}(?:(?:aggregate\s+)?purchase\s+price\s+of\s+(?:the\s+)?(?:\w+\s+){0,2}(?:sold|shares|units)|net\s+assets?|net\s+asset\s+value|(?:net\s+|gross\s+)?wholesale\s+(?:volume|price|sales)|amounts?\s+(?:received|collected))`, 1],
      // A share of what the other side takes in: "10% of any activation commissions ... it receives", "fifty percent (50%) of the
      // Retail Price for all Products sold", "a fixed percentage (15%) of Billable Platform Fees paid by Licensee".
      [re`(?:percent|%|percentage)\s*\)?\s*(?:\(\s*[^)]{1,12}\)\s*)?(?:of|on)\s+(?:[\w-]+\s+){0,6}?(?:(?:fees|price|commissions?|amounts?|sums|revenues?|proceeds|income|billings?|receipts)\b[^.;]{0,80}\b(?:received|receives|sold|paid|collected|generated|earned|billed)\b|(?:price|fees?)\s+(?:for|of)\s+(?:all|each|any)\s+(?:[\w-]+\s+){0,2}sold\b)`, 1],
      [re`\bcommissions?\s+(?:rate\s+)?(?:of|equal\s+to|at)\s+(?:\w+\s+){0,2}\(?\s*[\d.]+\s*%|\b[\d.]+\s*%\s+commission`, 0.6],
      // Sharing itself: "the parties shall share certain revenues", "net revenues ... shall be shared fifty-fifty", "fee sharing".
      [re`\bshare\s+(?:certain\s+|all\s+|such\s+|the\s+)?(?:net\s+|gross\s+)?(?:revenues?|fees|profits?|proceeds|income)\b|\b(?:revenues?|profits?|fees|proceeds|income)\b.{0,80}\b(?:shall|will)\s+be\s+(?:shared|split|distributed|divided)\b|\bfee\s+sharing\b|\bprofit\s+participation\b`, 1.2],
      // A royalty per unit sold: "royalties of $[**] for each and every unit of the product sold".
      [re`\b(?:for|on|per)\s+(?:each|every)\s+(?:and\s+every\s+)?(?:[\w-]+\s+){0,2}(?:unit|copy|item|product)s?\b.{0,60}\bsold\b`, 0.4],
      [re`\bshare\s+(?:of|in)\s+(?:the\s+)?(?:\w+\s+){0,2}(?:revenues?|profits?|proceeds|income|savings)`, 1],
      // A percentage named as the royalty or commission before its base: "a seventeen percent (17%) royalty of the price it
      // receives", "a 5% commission of the gross sales price", and a royalty rate stated in percent.
      [re`(?:percent|%|percentage)\s*\)?\s*(?:\(\s*[^)]{1,12}\)\s*)?(?:royalty|commission|revenue\s+share|share)\s+(?:of|on)\s+(?:the\s+|all\s+|its\s+)?(?:[\w-]+\s+){0,3}(?:price|sales|revenues?|receipts|proceeds|profits?|income|fees)\b|\broyalty\s+rates?\b.{0,60}(?:percent|%)`, 0.5],
      [re`\bnet\s+sales|gross\s+revenues?|net\s+revenues?|net\s+profits?`, 0.3],
    ],
    negatives: [
      [re`\btax(?:es)?\b|interest\s+(?:at|rate)|late\s+payment`, 0.3],
      // Costs shared are not revenue shared: "the arbitrator's fees shall be shared equally".
      [re`\b(?:arbitrat\w*|mediat\w*|costs?|expenses|losses)\b.{0,80}\bshared?\b|\bshared?\b.{0,40}\b(?:costs?|expenses|losses)\b`, 0.8],
      // A commission that is a body of people or a regulator, an employee's share options, a filing's redaction legend.
      [re`\b(?:supervision|supervisory|steering|joint|securities\s+and\s+exchange|trade|utilities)\s+commission\b|\bcommission\s+(?:formed|composed|consisting)\b|\b(?:share|stock)\s+options?\b|\bappreciation\s+rights\b|\bunredacted\b|\bconfidential\s+treatment\b`, 1],
      // Profit sharing as a kind of deal or plan a party may not enter ("entering into any joint venture, partnership or
      // profit-sharing agreement"), fees said to be "net of any agency commissions", and a seller's representations "to the
      // knowledge of" it (that no royalties are owed): none shares revenue between the parties.
      [re`\bprofit[\s-]sharing\s+(?:plans?|arrangements?|agreements?)\b|\b(?:pension|retirement|bonus)\b.{0,40}\bprofit[\s-]sharing|\bnet\s+of\s+(?:any\s+|all\s+)?(?:agency\s+)?commissions\b|\bto\s+the\s+knowledge\s+of\b`, 1.2],
    ],
    minScore: 0.9,
    documentScore: 0.9,
  },
  {
    category: 'Price Restrictions',
    requires: [re`\bpric|\brates?\b|\bfees?\b|\bcharges?\b|\bCPI\b|consumer\s+price|payment\s+schedule`],
    cues: [
      [re`\b(?:prices?|pricing|rates?|fees?|charges?)\b.{0,150}\b(?:shall|will|may)\s+not\s+(?:be\s+)?(?:increased?|raised?|exceed|changed?|adjusted?)`, 1.1],
      [re`\b(?:not|no)\s+(?:\w+\s+){0,3}(?:increase|raise)\s+(?:the\s+|its\s+|any\s+)?(?:prices?|rates?|fees?|charges?)`, 1.1],
      [re`\b(?:increase|adjust|chang|rais)\w*\b.{0,200}\b(?:not\s+(?:to\s+)?exceed|no\s+more\s+than|not\s+more\s+than|limited\s+to|cap(?:ped)?\s+at|once\s+(?:per|every|a|each|in\s+any)|more\s+(?:often|frequently)\s+than|only\s+once)`, 1.1],
      [re`\b(?:prices?|pricing|rates?)\b.{0,100}\b(?:fixed|firm)\s+(?:for|during|until|through)\b`, 0.8],
      [re`\bCPI\b|consumer\s+price\s+index|\bsubject\s+to\s+(?:annual\s+)?adjustment`, 0.6],
      [re`\b(?:uniformly\s+applied|same\s+prices?)\b`, 0.4],
    ],
    negatives: [
      [re`\binterest\s+rate|late\s+(?:payment|charge)|liabilit|insurance`, 0.5],
      // Rates that price no goods or services: a security's return ("the Dividend Rate may not exceed the Maximum Rate", "the
      // rate per annum"), a currency or discount rate, or how fast something flows ("the hourly rate at which ... is injected").
      [re`\b(?:dividend|coupon|discount|exchange|conversion)\s+rates?\b|\brate\s+per\s+annum\b|\bper\s+annum\s+rate\b|\brate\s+at\s+which\b`, 0.5],
      // An indemnity's list of what it covers ("negligence or willful misconduct", "indemnify and hold harmless").
      [re`\bindemnif|\bhold\s+(?:\w+\s+){0,4}harmless|\bnegligen|wil(?:l)?ful\s+misconduct`, 0.5],
      // Price protection: a credit when the seller lowers its list price, which compensates a reseller and limits no price.
      [re`\bprice\s+(?:protection|credits?)\b`, 0.5],
    ],
    documentScore: 1,
  },
  {
    category: 'Minimum Commitment',
    sectionTitle: re`minimum\s+(?:purchase|order|commitment|royalt|quantit|volume|annual)`,
    cues: [
      [re`\bminimum\s+(?:annual\s+|quarterly\s+|monthly\s+|purchase\s+|order\s+|sales\s+)?(?:purchases?|orders?|annual|quarterly|monthly|quantit(?:y|ies)|volumes?|commitments?|royalt(?:y|ies)|amounts?|number|sales|requirements?|payments?|fees?|guarantee|revenues?|units?|targets?|performance)`, 1.2],
      [re`\b(?:purchase|order|buy|acquire|sell|take)\s+(?:from\s+\w+\s+)?(?:at\s+least|not\s+less\s+than|no\s+less\s+than|a\s+minimum\s+of)`, 1.2],
      // An undertaking to buy, sell, deliver or spend at least so much: "undertakes to order at least [***]% of the Annual
      // Forecast", "will deliver not less than [****] Impressions", "shall issue Purchase Orders for at least ...", "shall be
      // under an obligation to open at least 6 outlets".
      [re`\b(?:shall|will|must|agrees?\s+to|undertakes?\s+to|commits?\s+to|(?:is\s+)?obligated\s+to|(?:be|is)\s+under\s+an?\s+obligation\s+to|guarantees?\s+(?:that\s+)?(?:it\s+will\s+)?)\s+(?:\w+\s+){0,3}?(?:purchase|order|buy|sell|deliver|spend|supply|issue\s+purchase\s+orders?|set\s+up|open|achieve|generate)\b[^.;]{0,80}?\b(?:at\s+least|not\s+less\s+than|no\s+less\s+than|a\s+minimum\s+of)\b`, 1],
      [re`\b(?:sales?|purchase|revenue|volume|annual|quarterly)\s+(?:targets?|quotas?)\b`, 0.8],
      [re`\btake[\s-]or[\s-]pay|\bshortfall|\bdeficiency\s+payments?`, 0.9],
      // A commitment by its name ("will meet its Quarterly Volume Commitment") and a minimum lot ("ordered in the minimum
      // and/or standard lot size quantities").
      [re`\b(?:volume|purchase|quantity|capacity|spend(?:ing)?)\s+commitments?\b|\bminimum\b.{0,40}\b(?:lot\s+sizes?|order\s+sizes?)\b`, 1],
      // "a minimum of four (4) times per year", "subject to a minimum charge of $80", "a minimum recoupable guarantee".
      [re`\ba\s+minimum\s+of\s+(?:\[|\(|US\$|\$|\d|(?:[a-z]+[\s-]){1,3}\()|\bminimum\s+(?:[\w-]+\s+){0,2}?(?:charges?|guarantees?|payments?|fees?)\b|\b(?:monthly|annual|quarterly|yearly)\s+minimum\b|\bsubject\s+to\s+a\s+minimum\b`, 0.6],
      [re`\b(?:not\s+less\s+than|no\s+less\s+than|at\s+least)\s+(?:US)?\$\s*[\d_\[]`, 0.7],
      // A forecast or order made binding: "shall constitute a binding commitment of the Buyer to purchase the quantities",
      // "shall constitute a firm purchase order" (not one that "will not be deemed to constitute a binding purchase order").
      [re`\bbinding\s+(?:commitment|obligation)\s+(?:of|on|upon|for)\s+(?:[\w-]+\s+){0,3}?to\s+(?:purchase|order|buy|take)\b|(?<!\bnot\s+(?:be\s+)?(?:deemed\s+to\s+)?)\b(?:constitute|be\s+deemed\s+(?:to\s+be\s+)?|become|be\s+treated\s+as)\s+(?:an?\s+)?(?:firm|binding)\s+(?:purchase\s+)?(?:orders?|commitments?)\b`, 1],
      // A fee owed for at least a period ("is obligated to pay the monthly fee for a minimum of 24 months"), and a fee
      // guaranteed to be paid ("agrees to pay a non-refundable Guaranteed Fee").
      [re`\b(?:obligated|required|agrees?|shall|will|must)\s+(?:\w+\s+)?(?:to\s+)?pay\b.{0,80}\bfor\s+(?:a\s+minimum\s+of|at\s+least|not\s+less\s+than|no\s+less\s+than)\b|\b(?:pay|paid|payable)\b.{0,80}\bguaranteed\s+(?:[\w-]+\s+){0,3}(?:fees?|payments?|royalt(?:y|ies)|sums?|amounts?)\b`, 0.8],
      // A least count written in words: "a minimum of five units", "at least twenty stores".
      [re`\b(?:a\s+minimum\s+of|at\s+least|not\s+less\s+than|no\s+less\s+than)\s+(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)[\s-]+){1,3}(?:units|orders|products|cases|tons|customers|locations|centres|centers|stores|outlets)\b`, 0.6],
      [re`\bguarantee[ds]?\b.{0,60}\b(?:impressions|circulation|page\s+views|visitors|units|click-?throughs|clicks|leads|subscribers)\b|\bimpressions?\s+guarantee`, 0.7],
      [re`\bat\s+least\s+(?:\w+\s+)?(?:\(\s*[\d,]+\s*\)\s*)?(?:units|orders|products|tons|cases|customers|locations|sales\s+representatives)`, 0.7],
      [re`\bminimum\b`, 0.3],
    ],
    negatives: [
      // Insurance a party must carry, however high its limits: "Umbrella/Excess Liability with limits of not less than
      // $5,000,000", "shall maintain Fidelity Bond", "$1,000,000 per occurrence".
      [re`\bumbrella\b|\bexcess\s+liability|\bfidelity\s+bond|\bper\s+occurrence|\bgeneral\s+liability|\b(?:insurance|coverage)\b[^.]{0,60}\b(?:limits?\s+of|with\s+limits|in\s+(?:an?\s+)?amounts?\s+(?:of\s+)?(?:not\s+less\s+than|at\s+least))`, 1],
      // A minimum length of notice or a minimum share of a specification: "a minimum of 60 days before", "a minimum of 99.9 percent".
      [re`\bminimum\s+of\s+(?:[\w.]+[\s-]){0,2}(?:\(\s*[\d.]+\s*%?\s*\)\s*)?(?:percent|%|days?|business\s+days|hours|months|years)\b|\bminimum\s+of\s+[\d.]+\s*%`, 0.6],
      [re`^(?!.*\bminimum\b).*\b(?:at\s+least|not\s+less\s+than|no\s+less\s+than)\s+(?:[\w.]+[\s-]){0,2}(?:\(\s*\d+\s*\)\s*)?(?:calendar\s+|business\s+|working\s+)?(?:days?|weeks?|hours|months|years)\b`, 0.6],
      [re`\bminimum\s+(?:limits?|coverage|insurance|amount\s+of\s+insurance|wage|age|standards?|shelf\s+life|requirements?\s+of\s+(?:applicable\s+)?law|term|notice)|insurance|per\s+occurrence`, 0.8],
      // A minimum named only as what a provision leaves out: "contest any charge (other than the minimum monthly fees)".
      [re`^(?:(?!\bminimum\b).)*\b(?:other\s+than|except(?:\s+for)?|excluding)\s+(?:the\s+|any\s+)?minimum\b`, 1.5],
      // A minimum waived ("shall not be subject to any minimum purchase requirements"), a specification's minimum
      // requirements, a standard of care ("take at least those measures that it employs").
      [re`\bnot\s+(?:be\s+)?(?:otherwise\s+)?(?:subject\s+to|bound\s+by|(?:required|obligated)\s+to\s+(?:purchase|order|meet|achieve|buy))\s+(?:any\s+)?minimum\b|\bno\s+minimum\s+(?:purchase|order|quantit|commitment|volume|requirement|amount|number|level|fees?|payments?|charges?|utili[sz]ation|royalt)`, 2.3],
      // A least number of other things: copies or information disclosed, directors or shareholders, staff, references; and
      // insurance "in the minimum amounts" specified.
      [re`\bminimum\s+(?:amount|number)\s+of\s+(?:[\w'’-]+\s+){0,3}(?:information|copies|directors|shareholders|people|persons|references|meetings)\b|\bminimum\s+of\s+(?:\w+\s+){0,3}(?:\(\d+\)\s+)?(?:directors|shareholders|people|persons|(?:confirmed\s+)?(?:work\s+)?references|dedicated\s+people)\b|\binsurance\b[^.]{0,80}\bminimum\s+amounts?`, 1.5],
      // A late charge, a quorum of meetings, a time counted from an event ("for a minimum of [*] from the date"), money to
      // be raised: none is a commitment to buy.
      [re`\blate\s+(?:charges?|fees?|payments?)\b|\breturned\s+check|\bmeetings?\b|\binjunct\w*|\bconfidential\s+treatment|\bminimum\s+of\s+\[\s*\*+\s*\]\s+(?:from|after|following)\b|\b(?:raise|raising)\b.{0,60}\bfunding\b`, 0.8],
      [re`\bminimum\s+requirements?\b`, 1],
      // An offer that must be taken whole: "to purchase all, but not less than all, of such Units".
      [re`\bnot\s+less\s+than\s+all\b`, 1.2],
      // A shortfall that is money owed, not a quantity bought: "if any audit discloses a shortfall in payment", "cash
      // shortfalls in the registers", "any shortfall shall be paid" after costs are deducted from a deposit.
      [re`\b(?:audit|inspection|examination)\b.{0,80}\b(?:discloses?|reveals?|shows?|determines?)\b.{0,60}\bshortfall|\bshortfalls?\s+in\s+(?:(?:the\s+)?payments?|collections|amounts?\s+(?:owed|due|paid))|\b(?:payment|cash|interest)\s+shortfalls?\b|\bdeduct\w*\b.{0,150}\bany\s+shortfall`, 0.9],
      // Minimum standards of quality or conduct a party must keep: "maintain minimum performance standards".
      [re`\bminimum\s+(?:[\w-]+\s+)?standards?\b`, 1.2],
      [re`\bat\s+least\s+(?:those|the\s+same|such|reasonable|the\s+(?:degree|level|standard))\b.{0,60}\b(?:measures|care|precautions|efforts|standards?|protection)`, 1.5],
    ],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Volume Restriction',
    cues: [
      [re`\b(?:in\s+excess\s+of|exceed(?:s|ing)?|more\s+than|above|over|beyond)\b.{0,120}\b(?:units|hours|calls|users|transactions|volume|quantit(?:y|ies)|capacity|forecast(?:ed)?|usage|copies|seats|downloads|minutes|gigabytes|requests|appearances|impressions|visits|page\s+views|sessions|days)`, 0.8],
      [re`\b(?:maximum|cap|limit)\s+(?:of|on)\s+(?:\w+\s+){0,3}(?:units|hours|calls|users|quantit(?:y|ies)|volume|number|appearances|days|sessions)`, 0.8],
      [re`\badditional\s+(?:fees?|charges?|compensation|payment)\b.{0,150}\b(?:exceed|in\s+excess|above|over|beyond|additional\s+(?:hours|units|usage))`, 1],
      // Use past a count paid for on top: "If Nantz agrees to more than three store appearances in any Contract Year, the Company
      // shall pay an additional fee of $7,500 for each additional appearance"; a count written with commas ("operating in excess
      // of 25,000 miles per annum shall be subject to an Additional Charge").
      [re`\b(?:more\s+than|in\s+excess\s+of|exceed(?:s|ing)?|beyond)\s+(?:the\s+)?(?:[\w,.]+\s+){0,2}(?:\(\s*\d+\s*\)\s*)?(?:[a-z-]+\s+){0,2}[a-z-]{3,}s\b.{0,150}\b(?:additional|extra)\s+(?:fees?|charges?|compensation|payments?)\b`, 1.2],
      [re`\boverage`, 1],
      // A cap on a count of things: "up to two hundred (200) Hit Compounds", "up to 500,000 impressions", "up to [***] FTE persons"
      // (not a length of time, a share or a sum of money).
      [re`\b(?:up\s+to|a\s+maximum\s+of|no\s+more\s+than|not\s+more\s+than)\s+(?:(?:[a-z]+[\s-]){1,3}\(\s*\d[\d,]*\s*\)|\d{1,3}(?:,\d{3})+|\[\s*\*+\s*\])\s+(?!(?:calendar\s+|business\s+|working\s+|consecutive\s+)?(?:days?|weeks?|months?|years?|percent|dollars|per\s*cent)\b)(?:[\w-]+\s+){0,3}?(?:[a-z-]{3,}s|FTEs?)\b`, 1],
      [re`\b(?:not\s+(?:to\s+)?exceed(?:ing)?|no\s+more\s+than|up\s+to|not\s+more\s+than)\s+(?:\w+\s+){0,2}(?:\(\s*\d+\s*\)\s*)?(?:hours|days|sessions|appearances|units|photo|times|major|calls|impressions|(?:\d+\s*%|percent)\s+of\s+(?:the\s+)?(?:\w+\s+)?forecast)`, 0.8],
      [re`\bforecast\w*\b.{0,150}\b(?:exceed|more\s+than|in\s+excess|greater\s+than)`, 0.7],
      [re`\bvolume\b|\bcapacity\b|\bper\s+(?:contract|license|calendar)\s+year|\beach\s+(?:contract\s+)?year`, 0.3],
      // A ceiling on a quantity: "provided the quantity of such purchases does not exceed ...", "The total number of Pin Codes
      // ... shall not exceed", "the maximum daily quantity of gas", "for each day in excess of one day".
      [re`\b(?:quantit(?:y|ies)|number|volume|units?|copies|hours|downloads|orders?)\b[^.;]{0,80}\b(?:shall|does|will|may)\s+not\s+exceed\b|\bmaximum\s+(?:daily\s+|annual\s+|monthly\s+|hourly\s+)?(?:quantity|number|cap)\b|\bfor\s+each\s+[\w-]+\s+in\s+excess\s+of\b`, 1],
    ],
    negatives: [
      [re`\bliabilit|insurance|interest|late\s+payment|price\s+increase|\$|dollars`, 0.5],
      // A limit on employees' working time is labour law, not a limit on what a party may buy or use; nor is a deadline ("within
      // a period not to exceed sixty (60) days"), an absence, or what an arbitration allows each side.
      [re`\bworking\s+(?:hours|time)\b|\bovertime\b|\bminimum\s+wage`, 1],
      [re`\b(?:period|time)\b[^.;]{0,20}\bnot\s+to\s+exceed\b|\bnot\s+to\s+exceed\s+(?:\w+\s+)?(?:\(\s*\d+\s*\)\s+)?(?:business\s+|calendar\s+)?(?:days?|weeks?|months?|years?)\b|\babsence\b|\barbitrat\w*|\bdepositions?\b|\bdiscovery\b`, 1],
      // How often the other side may audit or inspect, or how long a publication may be held back: "may exercise such right
      // to audit no more than one time per calendar year", "delay publication by no more than sixty (60) days".
      [re`\baudit\w*|\binspect\w*|\bpublication\b`, 1],
      // A deadline ("no later than thirty (30) days after", "commencing not more than ninety (90) days after shipment"), and a
      // cap on what is no volume of goods or use: shares offered or optioned, directors on a board, words in a statement.
      [re`\b(?:no|not)\s+(?:more|later)\s+than\s+(?:[\w-]+\s+)?(?:\(\s*\d+\s*\)\s*)?(?:business\s+|calendar\s+|working\s+)?(?:days?|weeks?|months?|years?)\s+(?:after|before|prior|following|from|of)\b|\b(?:up\s+to|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of)\s+[^.;]{0,40}?\b(?:directors|shares|words|pages|members|arbitrators|option)\b`, 1],
    ],
    documentScore: 1,
  },
  {
    category: 'Ip Ownership Assignment',
    cues: [
      // "hereby sells, transfers, conveys and assigns to EKR all right, title and interest", "agrees to assign, and hereby does
      // assign, to Sanofi all of its rights", "iVillage assigns to FMC all right, title and interest in and to the content".
      [re`\b(?:hereby|shall|will|agrees?\s+to|does\s+hereby)\s+(?:irrevocably\s+)?(?:(?:hereby|does|sells?|grants?|transfers?|conveys?|assigns?)\s*,?\s+(?:and\s+)?){0,4}?(?:assigns?|transfers?|conveys?)\b.{0,250}\b(?:right,?\s+title|${IP}|ownership|marks?|domain\s+names?|goodwill|interest\s+(?:therein|in\s+and\s+to))|\bassigns?\s+to\s+(?:\w+\s+){1,3}(?:all\s+)?(?:of\s+)?(?:(?:its|their|his|her)\s+)?(?:right|rights),?\s+title`, 1.4],
      [re`\b(?:shall|will)\s+(?:(?:be|become)\s+(?:and\s+remain\s+)?(?:the\s+|our\s+|its\s+|their\s+)?(?:sole\s+and\s+exclusive\s+|sole\s+|exclusive\s+)?(?:property|owners?\s+of|owned\s+(?:solely\s+|exclusively\s+)?by)|vest\s+(?:solely\s+)?in|belong\s+(?:exclusively\s+)?to)\b`, 0.7],
      [re`\bwork[\s-]made[\s-]for[\s-]hire|works?\s+(?:made\s+)?for\s+hire`, 1.2],
      [re`\b(?:all\s+(?:of\s+(?:its|their)\s+)?|(?:its|their)\s+entire\s+)right,?\s+title,?\s+and\s+interest`, 0.4],
      [re`\b${IP}\b|\bIP\b`, 0.3],
    ],
    negatives: [
      [re`\bassign\s+(?:or\s+transfer\s+)?(?:this\s+(?:[\w-]+\s+){0,3}agreement|its\s+rights\s+(?:or|and|under)|any\s+of\s+its\s+rights)|without\s+(?:the\s+)?(?:prior\s+)?(?:express\s+)?(?:written\s+)?consent`, 0.8],
      [re`\bconfidential\s+information\s+(?:shall\s+)?(?:remain|be)\b|\bproperty\s+of\s+the\s+disclos`, 0.6],
      [re`\btitle\s+(?:to|and\s+risk)\s+(?:the\s+)?(?:products?|goods|equipment)|risk\s+of\s+loss`, 0.8],
      // No transfer at all ("Nothing in this Agreement shall effect a transfer of ownership"), or the contract itself assigned.
      [re`\bnothing\b.{0,80}\b(?:transfer|assign|convey)\w*|\bin\s+and\s+to\s+this\s+agreement\b`, 0.8],
      // Money, a lease or receivables handed over are not intellectual property ("shall transfer to the payroll accounts",
      // "a collateral assignment of lease", "the Additional Receivables to be transferred to the Issuer").
      [re`\bassignment\s+of\s+(?:the\s+)?lease\b|\breceivables\s+(?:to\s+be\s+)?(?:transferred|assigned|sold)\b|\b(?:transfer|assignment|sale)\s+of\s+(?:the\s+)?(?:\w+\s+)?receivables\b|\bpayroll\b`, 0.8],
      // Materials said not to be works made for hire, with nothing assigned instead, stay with their maker.
      [re`^(?!.*\bassign).*\bnot\s+(?:an?\s+)?\W?works?\s+(?:made\s+)?for\s+hire`, 1.2],
    ],
    documentScore: 1,
  },
  {
    category: 'Joint Ip Ownership',
    sectionTitle: re`joint(?:ly)?\s+own`,
    cues: [
      [re`\bjoint(?:ly)?\s+own(?:ed|ership|ers?)?\b|\bowned\s+jointly|\bco-?own(?:ed|ership|ers?)\b`, 1.3],
      [re`\bjoint\s+(?:inventions?|patents?|patent\s+rights|intellectual\s+property|ip|technology|developments?|improvements?|works?|data|program\s+(?:patents?|ip|know-?how)|know-?how|results)`, 1],
      [re`\bundivided\s+(?:interest|share|right)`, 1],
      [re`\bequal(?:ly)?\s+(?:undivided\s+)?(?:ownership|owned|share)|owned\s+(?:equally|in\s+equal\s+shares)`, 0.8],
    ],
    negatives: [
      [re`\bjoint\s+venture\s+(?:company|entity)\b`, 0.3],
      // How the parties stand to each other, not who owns what: "nothing ... shall be construed to create a partnership, joint
      // venture, co-ownership or agency", "the relationship ... is that of independent contractors".
      [re`\b(?:partnership|joint\s+venture|independent\s+contractors?)\b`, 1],
      // Shares held in a physical asset ("owned by the Parties in common and undivided shares", "as tenants in common"), and a
      // statement that nothing is jointly owned ("No Licensed Patent is jointly owned by ...").
      [re`\bin\s+common\s+and\s+undivided|\btenants?\s+in\s+common|\bno\s+(?:[\w-]+\s+){1,3}(?:is|are)\s+(?:jointly\s+owned|co-?owned)`, 1],
    ],
    documentScore: 1,
  },
  {
    category: 'License Grant',
    sectionTitle: re`(?:grant\s+of\s+)?licen[cs]e\s+grant|grant\s+of\s+(?:license|rights)|^licen[cs]e\W*$`,
    cues: [
      [re`\b(?:hereby\s+)?grants?\b.{0,250}\b(?:licen[cs]e|sub-?licen[cs]e|right\s+to\s+use|right\s+and\s+licen[cs]e)`, 1.2],
      // The passive grant: "Agent is granted a limited license and right to use all Intellectual Property".
      [re`\b(?:is|are|shall\s+be|will\s+be|has\s+been|have\s+been)\s+(?:hereby\s+)?granted\s+(?:an?\s+|the\s+)?(?:[\w-]+,?\s+){0,5}(?:licen[cs]e|sub-?licen[cs]e|right\s+to\s+use)\b`, 1.2],
      [re`\b(?:non-?exclusive|exclusive|royalty[\s-]free|perpetual|worldwide|limited|non-?transferable|revocable|fully[\s-]paid)\b.{0,80}\blicen[cs]e\b`, 0.8],
      [re`\blicen[cs]e\s+(?:to|under)\s+(?:use|make|sell|reproduce|distribute|display|the|all|such)`, 0.6],
      [re`\blicen[cs]or\s+(?:hereby\s+)?grants|licen[cs]e\s+grant`, 0.8],
      [re`\bhereby\s+(?:grants?|licenses)\b`, 0.4],
    ],
    negatives: [
      [re`\bno\s+(?:other\s+)?(?:licen[cs]es?|rights?)\b.{0,40}\b(?:granted|implied)|nothing\s+(?:in\s+this\s+agreement|herein|contained\s+(?:herein|in\s+this\s+agreement))\b.{0,120}\b(?:grant|licen[cs]e)|except\s+as\s+expressly\s+(?:set\s+forth|provided)\b.{0,60}\bno\s+licen`, 0.9],
      // The story behind the contract ("WHEREAS, A and B entered into the License Agreement"), and an option to buy.
      [re`^\W*(?:recitals\s+)?whereas\b|\boption\s+to\s+(?:purchase|buy|acquire)\b`, 0.8],
      [re`\blicen[cs]e\s+(?:fees?|keys?|numbers?|plates?)\b|business\s+licen[cs]e|driver'?s\s+licen[cs]e`, 0.4],
      // Grants and licences named in a list of public permits: "obtain servitudes, rights-of-way, grants, permits or licenses",
      // "order, decree, permit, approval, concession, grant, franchise, license".
      [re`\bgrants?,\s+(?:[\w-]+,?\s+){0,3}(?:or\s+|and\s+)?licen[cs]es?\b`, 0.6],
      // A grant made before and elsewhere, told as background: "have previously granted the exclusive rights to license ... to",
      // a lettered recital "(A) The Licensee has been granted a licence to use ...".
      [re`\bpreviously\s+(?:been\s+)?granted|^\W*\(?[a-h]\)\s[^.;]{0,80}\b(?:has|have)\s+been\s+granted`, 0.9],
    ],
    documentScore: 1.2,
  },
  {
    category: 'Non-Transferable License',
    requires: [re`licen[cs]|\bright\s+to\s+(?:use|distribute|sell|market|reproduce|access)|\busage\b`],
    cues: [
      [re`\bnon-?transferr?able|not\s+transferr?able|non-?assignable|not\s+assignable`, 1.2],
      [re`\blicen[cs]e\w*\b.{0,200}\b(?:may|shall|will)\s+not\s+(?:\w+\s+){0,3}(?:assign|transfer|sub-?licen[cs]e)`, 1.1],
      [re`\b(?:no|without\s+the|without\s+any|not\s+have\s+(?:any|the))\s+rights?\s+to\s+(?:grant\s+)?(?:further\s+)?(?:sub-?licen[cs]es?|sub-?franchises?|assign|transfer)`, 1],
      // A licence personal to its holder, or a use that may not be passed on: "a personal, non-exclusive, royalty-free right and
      // license", "Such usage may not be sold or transferred".
      [re`\bpersonal\b[^.;]{0,60}\b(?:licen[cs]e|right\s+to\s+use)|\b(?:may|shall|will|can)\s+not\s+be\s+(?:sold|transferred|assigned|sub-?licen[cs]ed)(?:\s+or\s+(?:sold|transferred|assigned|sub-?licen[cs]ed))?\b`, 1],
      [re`\bnon-?sub-?licen[cs]e?able|not\s+sub-?licen[cs]e?able`, 1],
      [re`\b(?:may|shall|will)\s+not\s+(?:\w+\s+){0,2}sub-?licen[cs]e`, 0.9],
    ],
    negatives: [
      [re`\bconfidential\s+information`, 0.5],
      // A handover said not to transfer ownership, which limits no licence: "The release of the Material to the Licensee will not
      // act as an assignment of any Intellectual Property Rights".
      [re`\bnot\s+(?:act|operate|be\s+deemed|be\s+construed|constitute)\s+(?:as\s+)?an?\s+assignment`, 0.5],
      // "Personal" that is about no licence: an endorser's personal appearances, a personal holding company tax.
      [re`\bpersonal\s+(?:appearances?|holding\s+compan)`, 0.5],
    ],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Affiliate License-Licensor',
    requires: [re`licen[cs]|grant`],
    cues: [
      [re`\b(?:and|or)\s+(?:its|their)\s+affiliates\s+(?:hereby\s+)?grants?`, 1.2],
      [re`\b(?:owned|controlled|licensed\s+to|held|licensable)\b(?:\s+(?:or|and(?:\/or)?)\s+(?:owned|controlled|licensed\s+to|held|licensable))*\s+by\s+(?:\w+\s+){0,3}(?:or|and(?:\/or)?)\s+(?:any\s+of\s+)?(?:its|their)\s+(?:affiliates|subsidiaries)|\b(?:its|their)\s+(?:affiliates|subsidiaries)\s+(?:own|control|owns|controls)\b`, 1.2],
      [re`\b(?:on\s+behalf\s+of|for)\s+(?:itself\s+and\s+)?(?:as\s+representative\s+of\s+)?(?:its|their|all\s+(?:other\s+)?members\s+of\s+the|the\s+other\s+members\s+of)\b.{0,60}\b(?:affi?liates|subsidiaries|group)\b.{0,200}\bgrants?`, 1.2],
      [re`\bcause\s+(?:its|their|each\s+of\s+its|the\s+(?:other\s+)?members\s+of\s+(?:the\s+)?)\b.{0,60}\b(?:affiliates|subsidiaries|group)\s+to\s+(?:hereby\s+)?grant|\bobtain\s+from\s+(?:your|its|their)\s+affiliates`, 1.2],
      [re`\b(?:affiliates?|subsidiaries)\s+of\s+(?:the\s+)?licen[cs]or\b`, 0.8],
    ],
    negatives: [
      [LICENCE_DENIED, 1.2],
      // Ownership acknowledged, with nothing passing: "neither the Company, nor its Affiliates ... will acquire any ownership
      // rights in", "shall not acquire any license or other intellectual property interest ... in".
      [re`\bacquire\s+any\s+(?:\w+\s+)?(?:ownership|licen[cs]es?|rights?|interests?)\b`, 1.2],
      // What a group does or holds, told and not granted: "X and its Affiliates own, license, lease, operate ...", "Schedule 1
      // sets forth a true and complete list of all Patents owned or Controlled by X or its Affiliates".
      [re`\b(?:own|owns),\s+(?:licen[cs]e|lease|operate|manage)|\b(?:sets?\s+forth|contains?|is)\s+a\s+(?:true,?\s+(?:and\s+)?)?(?:complete|correct|accurate)\b[^.;]{0,40}\blist`, 1.2],
    ],
    minScore: 1.2,
    documentScore: 1.2,
  },
  {
    category: 'Affiliate License-Licensee',
    requires: [re`licen[cs]|grant|right`],
    cues: [
      [re`\bgrants?\s+(?:to\s+)?(?:\w+\s+){1,3}(?:and|or|together\s+with)\s+(?:its|their|each\s+of\s+its)\s+(?:affiliates|subsidiaries)`, 1.3],
      [re`\bsub-?licen[cs]\w*\b.{0,150}\b(?:to\s+)?(?:its|their|any\s+of\s+its|one\s+or\s+more\s+of\s+its)\s+(?:\w+\s+)?(?:affiliates|subsidiaries)`, 1.1],
      [re`\blicen[cs]e\b.{0,200}\b(?:its|their)\s+(?:\w+\s+)?(?:affiliates|subsidiaries)`, 0.6],
      [re`\b(?:exercised|used|practiced)\s+by\s+(?:or\s+through\s+)?(?:\w+\s+)?(?:and\/or\s+|and\s+|or\s+)?(?:its|their)\s+affiliates`, 0.9],
      [re`\bextend\s+to\s+(?:its|their)\s+affiliates`, 0.8],
      // A grant or sublicence that reaches the licensee's group: "grants to NTL and its Affiliates", "entitled to grant
      // sublicenses ... to Affiliates only", "sublicense its rights ... solely to a current or future wholly owned subsidiary".
      [re`\b(?:grants?|sub-?licen[cs]\w*|transfer\s+its\s+right)\b.{0,200}\b(?:affiliates?|subsidiar(?:y|ies)|members\s+of\s+(?:the\s+)?(?:[\w-]+\s+)?group)\b`, 0.6],
    ],
    negatives: [
      [LICENCE_DENIED, 1.2],
      // The licensor's affiliates, not the licensee's: "SONY, on behalf of itself and its Affiliates, hereby grants to
      // PURCHASER", "an exclusive (even with respect to the Agent and its Affiliates) ... license".
      [re`\b(?:for|on\s+behalf\s+of)\s+itself\s+and\s+(?:on\s+behalf\s+of\s+)?(?:its|the\s+other\s+members\s+of\s+(?:the\s+|its\s+)?)\s*(?:affiliates|group|licensor\s+group)\b[^.;]{0,40}?\b(?:hereby\s+)?grants?\b|\beven\s+with\s+respect\s+to\s+(?:the\s+)?\w+\s+and\s+its\s+affiliates`, 1.2],
      // A definition ("1.4 \"Licensed Patents\" means any patent ...", "\"Change of Control\" shall mean ..."), however it
      // mentions affiliates or licences, grants nothing.
      [re`^\W*(?:[\d.]+\s+)?(?:[A-Z][\w()-]*\s+){0,4}?(?:the\s+term\s+)?["“][^"”]{1,60}["”](?:\s+or\s+["“][^"”]{1,60}["”])?\s+(?:shall\s+)?means?\b|^\W*means\b`, 1.8],
      // A representation that the execution of the contract breaches nothing, or that a party has the right to grant the
      // licences: it states the licensor's power, not who receives the licence.
      [re`\b(?:not|nor)\s+(?:\w+\s+){0,3}(?:conflict\s+with|contravene|violate|result\s+in\s+a\s+breach)\b|\bnor\s+(?:the\s+)?consummation\b|\b(?:represents|warrants)\b.{0,150}\b(?:has|have)\s+the\s+(?:\w+\s+){0,3}right\s+to\s+grant`, 1.4],
      // Money paid for a licence ("license fees or royalties received by it or its Affiliates"), or a licence a party must
      // go and get ("will seek to acquire the license ... through one of its subsidiaries"): no licence is granted here.
      [re`\blicen[cs]e\s+(?:fees?|payments?|income|revenues?)\b|\b(?:acquire|obtain)\s+(?:\w+\s+){0,2}licen[cs]es?\b`, 0.6],
    ],
    minScore: 0.6,
    documentScore: 0.6,
  },
  {
    category: 'Unlimited/All-You-Can-Eat-License',
    cues: [
      [re`\bunlimited\s+(?:number\s+of\s+)?(?:copies|users|licen[cs]es?|use|usage|rights?|installations|seats|access|calls|viewings|right\s+to|downloads|sub-?licen)`, 1.2],
      [re`\benterprise[\s-](?:wide\s+)?licen[cs]e|all[\s-]you[\s-]can[\s-]eat|site\s+licen[cs]e`, 1.2],
      // "an unlimited, non-exclusive, perpetual, irrevocable, royalty free, worldwide right and license to use".
      [re`\bunlimited(?:,\s*[\w-]+(?:\s+[\w-]+)?){1,7},?\s+(?:right|licen[cs]e)`, 1.2],
      [re`\bwithout\s+(?:any\s+)?(?:limitation|limit)\s+(?:as\s+to|on)\s+(?:the\s+)?number`, 1],
      [re`\bunlimited\b`, 0.4],
    ],
    negatives: [[re`\bliabilit|damages|indemnif|unlimited\s+(?:in\s+)?(?:duration|time)`, 0.7]],
    minScore: 1.1,
    documentScore: 1.2,
  },
  {
    category: 'Irrevocable Or Perpetual License',
    requires: [re`licen[cs]|right\s+to\s+use|\bright\b`],
    cues: [
      [re`\b(?:irrevocable|perpetual)\b.{0,150}\b(?:licen[cs]e|right\s+to\s+use|right)`, 1.2],
      [re`\blicen[cs]e\w*\b.{0,150}\b(?:irrevocable|perpetual|in\s+perpetuity)`, 1.1],
      [re`\bin\s+perpetuity\b`, 0.6],
      // A licence that outlives the contract: "after expiration or termination of this Agreement, a non-exclusive ... license".
      [re`\b(?:after|following)\s+(?:the\s+)?(?:expiration|termination)(?:\s+or\s+(?:expiration|termination))?\s+of\s+this\s+agreement\b[^.]{0,80}\b(?:a|an|the)\s+(?:[\w-]+,?\s+){0,6}licen[cs]e\b`, 1.2],
      [re`\bfully[\s-]paid(?:[\s-]up)?\b`, 0.2],
    ],
    negatives: [
      // Appointing, submitting or assigning irrevocably grants no licence; a fund "of perpetual duration" is no licence either.
      [re`\birrevocabl[ey]\s+(?:appoints?|submits?|waives?|consents?|agrees?|undertakes?|instructs?|authori[sz]es?|commits?|assigns?|transfers?|conveys?)|\birrevocable\s+(?:assignment|transfer|conveyance)|perpetual\s+(?:succession|existence|duration)`, 0.8],
      [re`\bconfidential`, 0.4],
    ],
    minScore: 0.6,
    documentScore: 0.6,
  },
  {
    category: 'Source Code Escrow',
    sectionTitle: re`escrow`,
    cues: [
      [re`\bsource\s+code\b.{0,250}\bescrow|\bescrow\b.{0,250}\bsource\s+code`, 1.5],
      [re`\bescrow\s+(?:agent|agreement|account)|deposit\s+materials?`, 0.6],
      [re`\bsource\s+code`, 0.3],
      [re`\bescrow`, 0.4],
      [re`\brelease\s+(?:conditions?|events?)`, 0.4],
    ],
    negatives: [[re`\bescrow(?:ed)?\s+(?:account\s+)?(?:funds|amount|payment|shares|money|deposit)|purchase\s+price|indemnit|closing`, 0.6]],
    minScore: 1.1,
    documentScore: 1.4,
  },
  {
    category: 'Post-Termination Services',
    sectionTitle: re`effect\s+of\s+(?:termination|expiration)|consequences\s+of\s+termination|(?:rights|obligations)\s+(?:up)?on\s+termination|post-?termination|transition`,
    cues: [
      [re`\b(?:upon|after|following|on|prior\s+to|in\s+the\s+event(?:\s+(?:of|that))?|if|should|once)\s+(?:the\s+)?(?:\w+\s+){0,4}(?:terminat\w*|expiration|expiry|expires?)\b.{0,300}\b(?:shall|will|must|agrees?\s+to|may)\b`, 0.6],
      [re`\b(?:terminat\w*|expiration|expiry)\b.{0,300}\b(?:continue\s+to|provide|deliver|return|transfer|assist|cooperate|sell|purchase|pay(?:able)?|due|supply|transition|complete|fill|wind[\s-]down|destroy|assign|buy|repurchase|honor|dispose|retain|furnish|accept|remain\s+in\s+(?:full\s+)?(?:force|effect))\b`, 0.5],
      // Not the name of another agreement ("the Transition Services Agreement").
      [re`\btransition(?:al)?\s+(?:services|assistance|period|plan)\b(?!\s+agreement)`, 1.2],
      [re`\bwind[\s-]down|sell[\s-]off|last[\s-]time\s+buy|last\s+buy|run[\s-]off\s+period|dispose\s+of\s+(?:its\s+|any\s+)?(?:remaining\s+)?(?:inventory|products|stock)`, 1.2],
      [re`\bregardless\s+of\s+(?:any\s+)?termination`, 0.5],
      [re`\bfor\s+(?:a\s+period\s+of\s+)?(?:at\s+least\s+)?${DUR}\s+(?:after|following|beyond)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration)`, 0.7],
      [re`\borders?\s+(?:placed|submitted|accepted|received)\s+prior\s+to\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration)`, 0.8],
      // Records or insurance kept for a time after the end: "will retain such records for at least three (3) years following
      // expiration or termination of this Agreement", "shall be maintained for a two (2) year period following the expiration".
      [re`\b(?:books|records|accounts|insurance|coverage)\b[^.;]{0,150}?\bfor\s+(?:a\s+(?:period|term)\s+of\s+)?(?:at\s+least\s+|not\s+less\s+than\s+)?(?:an?\s+)?${DUR}(?:\s+period)?\s+(?:after|following|from|beyond)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration|expiry|end\s+of\s+the\s+term)\b(?!\s+of\s+each)`, 0.5],
    ],
    negatives: [
      [re`\bmay\s+terminate|right\s+to\s+terminate|terminate\s+this\s+agreement\s+(?:upon|by|if|immediately)|breach|insolven|bankrupt`, 0.4],
      // Covenants that merely outlast the contract are clauses of their own kind: confidentiality (returning the other's
      // information), non-competition and non-solicitation, and a list of the sections that survive.
      [re`\bconfidential|\bnot\s+(?:\w+\s+){0,4}(?:compete|solicit|disclose)|\bsurviv`, 0.5],
      // A covenant for the term and a time after it: "During the term of this Agreement and for a period of two years after
      // its expiration, the Supplier shall not ...".
      [re`\bduring\s+the\s+term\b[^.;]{0,100}\b(?:and|or)\s+for\s+(?:a\s+period\s+of\s+)?[^.;]{0,60}?\b(?:after|following|thereafter)\b[^.;]{0,250}?\b(?:shall|will|may)\s+not\b`, 0.5],
      // A defined term that names a transition period or service: "\"Wind-Down Period\" has the meaning set forth in Section 2".
      [re`^\W*(?:\(?[a-z0-9.]{1,6}\)?\s+)?["“][^"”]{1,60}["”]\s+(?:(?:shall\s+)?(?:has|have)\s+the\s+meaning|(?:shall\s+)?means?\b)`, 0.6],
      // The contract ending with nothing owed: "shall forthwith become void and there shall be no liability on the part of".
      [re`^(?!.*\b(?:except|provided|other\s+than|save|unless)\b).*(?:\b(?:become|be|deemed)\s+(?:null\s+and\s+)?void\b|\bno\s+(?:further\s+)?force\s+(?:and|or)\s+effect|\bno\s+(?:further\s+)?(?:liability|obligations?)\b)`, 0.6],
      // The contract ending with no one owing anything, whatever is excepted: "neither Party (nor any member of its Group)
      // shall have any Liability or further obligation to the other", "there shall be no liability on the part of any Party
      // ... except as set forth in".
      [re`\b(?:no|neither|nor)\s+(?:[\w()'’,]+\s+){0,14}?(?:shall\s+|will\s+)?(?:have|has|be\s+under|incur)\s+any\s+(?:\w+\s+){0,2}?(?:liabilit(?:y|ies)|(?:further\s+)?obligations?)\b|\bthere\s+shall\s+be\s+no\s+(?:further\s+)?liabilit`, 0.6],
      // How a fee is worked out when the contract ends part-way through a period ("If this Agreement terminates or expires
      // during a Calendar Quarter, the fee will be calculated only on ..."): a proration, not a service after the end.
      [re`\b(?:terminat\w*|expir\w*)\s+(?:or\s+(?:is\s+)?(?:terminat\w*|expir\w*)\s+)?during\s+(?:a|any|the)\s+(?:calendar\s+|contract\s+|fiscal\s+)?(?:quarter|month|year)\b`, 0.6],
      // A party keeping what it already has ("shall be entitled to receive and retain all payments made ... prior to",
      // "shall retain all of its rights under this Agreement"): nothing is done after the end.
      [re`\b(?:receive\s+and\s+)?retain\s+all\s+(?:of\s+)?(?:its?|their|such)?\s*(?:rights|payments)\b`, 0.6],
      // A transition period named with no end of the contract in sight ("during the Outsource Transition Period", a licence
      // to sell marked stock "during the Transition Period as set forth in the Separation Agreement"): a change-over while
      // the contract runs or after a closing, not a service after the contract ends.
      [re`^(?!.*\b(?:terminat\w*|expir\w*|expiry|end\s+of\s+the\s+term|cessation|wind[\s-]down)\b).*\btransition\s+period\b`, 0.5],
      // What survives, said without a duty of its own: "all obligations of the Parties hereto shall terminate, except for the
      // provisions of Section 2.2", "the following provisions shall remain in effect:"; what an end leaves untouched ("shall
      // not affect any outstanding obligations or payments due hereunder prior to such termination"); rights that revert.
      [re`\bobligations\b[^.;]{0,80}\b(?:shall|will)\s+(?:\w+\s+)?(?:terminate|cease|be\s+extinguished)\b[^.;]{0,40}\bexcept\b`, 0.6],
      [re`\bfollowing\s+(?:provisions|sections)\s+(?:of\s+this\s+agreement\s+)?shall\s+(?:remain|survive|continue)|\bshall\s+not\s+(?:affect|prejudice|relieve)\b[^.;]{0,100}\b(?:accrued|outstanding|prior\s+to)|\brevert`, 0.8],
      // What was earned before the end stays payable: a payment for the term, not a service after it.
      [re`\b(?:accrued|earned|incurred|rendered)\s+(?:\w+\s+){0,3}(?:prior\s+to|before|up\s+to|through|as\s+of)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration)`, 0.4],
      // A fee for ending early, or the notice that ends it, is about the termination itself, not what follows it.
      [re`\b(?:termination|cancellation|break-?up)\s+(?:fees?|payments?|charges?)|liquidated\s+damages|\b(?:serve|give|provide|deliver)\s+(?:an?\s+)?(?:at\s+least\s+)?(?:\w+\s+){0,3}(?:prior\s+)?(?:written\s+)?notice\b`, 0.5],
    ],
    documentScore: 1.1,
  },
  {
    category: 'Audit Rights',
    sectionTitle: re`\baudit`,
    cues: [
      [re`\b(?:right\s+to|may|shall\s+be\s+entitled\s+to|permit|allow|entitled\s+to)\b.{0,150}\b(?:audit|inspect|examine)`, 1.2],
      [re`\baudit\w*\b.{0,150}\b(?:books|records|accounts|facilit(?:y|ies)|premises|sites?|plants?|operations|systems)`, 1.2],
      [re`\b(?:books\s+(?:of\s+account\s+)?and\s+records|records\s+and\s+books)\b.{0,250}\b(?:inspect|examin|audit|review|access|cop(?:y|ies))`, 1.2],
      // The same right in other orders: "shall have the right during the Contract Period ... to inspect and make copies of the
      // books and records", "to have a third party accountant examine the records", "make said books available to".
      [re`\b(?:right|entitled|permit|allow)\w*\b.{0,150}\b(?:audit|inspect|examine)\w*\b.{0,100}\b(?:books|records|accounts|premises|facilit(?:y|ies)|sites?|plants?|offices)\b|\b(?:inspect|examin|audit|access)\w*\b.{0,150}\b(?:books|records|accounts)\b|\b(?:make|made|kept)\b.{0,60}\b(?:books|records)\b.{0,60}\bavailable\b`, 1],
      [re`\baudit\w*\b`, 0.5],
      [re`\binspect(?:ion)?s?\b`, 0.3],
      [re`\b(?:independent|certified)\s+(?:public\s+)?accountant`, 0.6],
      // "make available to the other party upon its request, for inspection and copying all books and records", "provide
      // access during normal business hours to your facilities and records".
      // Also records "kept available at the Operator's office and made available for the Owner's inspection".
      [re`\b(?:make|made|kept)\s+available\b.{0,150}\bfor\s+(?:the\s+)?(?:[\w-]+(?:'|’)s\s+|its\s+|their\s+)?(?:inspection|examination|audit)\b|\b(?:provide|give|grant)\s+(?:\w+\s+){0,3}access\b.{0,120}\b(?:facilities|records|books|premises)\b`, 0.8],
      // A right to review or verify the books: "shall permit the Buyer ... to review the books and records", "the right to review
      // or audit the relevant books, records, vouchers".
      [re`\b(?:permit|allow|entitled|right)\w*\b.{0,150}\b(?:review|verify)\w*\b.{0,40}\b(?:books|records|accounts)\b`, 1],
      [re`\b(?:keep|maintain)\s+(?:complete\s+and\s+)?(?:full,?\s+)?(?:accurate|true|proper|complete|adequate)\s+(?:and\s+\w+\s+)?(?:books|records)`, 0.6],
    ],
    headings: [[re`audit|records|inspection`, 0.4]],
    // An auditor's report on a company's accounts, cited in a filing, gives no party a right to audit.
    negatives: [
      [re`\baudited\s+financial\s+statements|annual\s+report|\b(?:certified|audited|reported\s+on)\b.{0,40}\bfinancial\s+statements`, 0.6],
      // A right given up ("waives the right to inspect"), and information that may go to a party's own auditors.
      [re`\bwaives?\s+(?:\w+\s+){0,3}rights?\s+to\s+(?:audit|inspect|examine)|\b(?:disclosed?|disclosure|furnish\w*|provided?)\s+to\b.{0,120}\b(?:its|their|his|her)?\s*(?:\w+,\s+){0,4}(?:accountants|auditors)\b`, 1.2],
      // Inspections by a government or regulator ("notice of any inspections by a Governmental Authority", "the right to be
      // present at any such inspections"): a duty owed to the authority, not one party's right to audit the other.
      [re`\bgovernmental\s+authorit(?:y|ies)\b.{0,200}\binspect|\binspect\w*\b.{0,100}\bby\s+(?:a\s+|any\s+)?(?:governmental|regulatory)|\bregulatory\s+(?:inspections?|authorit(?:y|ies)\s+inspections?)|\bbe\s+present\s+at\s+(?:any\s+)?(?:such\s+)?inspections?`, 1.4],
      // A right to inspect advertising or promotional copy ("the right to inspect and require changes ... of advertising and
      // promotional material") is an approval of how marks are used, not an audit.
      [re`\binspect\w*\b.{0,150}\b(?:advertis\w*|promotional)`, 1],
    ],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Uncapped Liability',
    // A carve-out may name the limit instead of the liability: "This limitation does not, however, apply to any obligation
    // ... to indemnify", "Sections 9.1 and 9.2 will not apply to limit the Licensee's indemnification obligations".
    requires: [re`\bliab(?:le|ility|ilities)\b|\bdamages\b|\b(?:this|such|these|the\s+foregoing)\s+(?:limitations?|exclusions?)\b|\bnot\s+apply\s+to\s+limit\b`],
    negatives: [
      [re`\bindemnified\s+party|indemnifying\s+party|notif(?:y|ies)\s+the|compromise\s+or\s+settle|settlement\s+of|defen[cs]e\s+of`, 0.8],
      // A party excused for its judgment ("shall not be liable for any error of judgment or mistake of law", "shall incur no
      // liability"), and who bears the risk of loss of goods: neither lifts a limit on liability.
      [re`\berror\s+of\s+judgment|\bmistake\s+of\s+law|\bincur\s+no\s+liability|\brisk\s+of\s+loss`, 1],
      // A filing's legend on redacted text ("filed separately with the Securities and Exchange Commission pursuant to an
      // application requesting confidential treatment"), and a service ended other than for death or disability.
      [re`\bconfidential\s+treatment\b|\bfiled\s+(?:separately\s+)?with\s+the\s+(?:secretary\s+of\s+the\s+)?securities\s+and\s+exchange\s+commission\b|\bdeath\s+or\s+disability\b`, 1.5],
      // What an indemnity covers, with its own exception: "(c) the distribution of any Product ..., except to the extent such
      // claim is attributable to an item identified in Section 9.2".
      [re`\bexcept\s+to\s+the\s+extent\s+(?:that\s+)?(?:such|any|the)\s+(?:[\w-]+\s+){0,2}(?:claims?|loss(?:es)?|liabilit(?:y|ies)|damages?)\s+(?:is|are|was|were)\s+(?:attributable|caused|due|arising|result)`, 0.6],
      // A promise to indemnify, whose own exceptions say whose fault it does not cover: not a carve-out from a limit.
      // ("shall defend, indemnify and hold harmless", "agrees to indemnify and hold Contractor, including its Affiliates ... harmless")
      [re`\b(?:shall|will|agrees?\s+to|hereby\s+agrees?\s+to)\s+(?:[\w,]+\s+){0,3}indemnify\b.{0,40}\b(?:hold|save)\b.{0,200}?\bharmless\b`, 0.6],
      // A party promising to indemnify or defend the other ("Licensor shall indemnify and keep indemnified the Buyer ...,
      // except for claims arising out of the Buyer's gross negligence"): the exception says whose fault the indemnity leaves
      // out, not which liability a limit leaves uncapped.
      [re`\b(?:shall|will|agrees?\s+to|hereby\s+agrees?\s+to)\s+(?:(?:defend|indemnify),?\s+(?:and\s+)?)?(?:indemnify|defend)\b`, 0.5],
    ],
    cues: [
      [re`\b(?:except|excluding|other\s+than|(?:shall|will)\s+not\s+apply|not\s+(?:be\s+)?(?:limit|restrict)|does\s+not,?\s+(?:however,\s+)?(?:limit|apply)|exclusion|with\s+the\s+exception)\b.{0,300}\b(?:indemnif|confidential|gross(?:ly)?\s+negligen|willful|wilful|intentional|fraud|infring|misappropriat|death|bodily\s+injury|personal\s+injury|proprietary\s+rights)`, 1],
      // Not an unlimited liability company (a kind of company, listed where a contract defines "person").
      [re`\bunlimited\s+liability\b(?!\s+(?:compan|corporation|partnership|entit))|liability\s+shall\s+be\s+unlimited|without\s+limit(?:ation)?\s+(?:as\s+to|of)\s+(?:amount|liability)`, 1.5],
      [re`\b(?:limitations?|exclusions?|caps?)\s+(?:of|on)\s+(?:liability|damages)\b.{0,120}\b(?:shall\s+not|do\s+not|will\s+not)\s+apply`, 1.3],
      [re`\bnothing\s+(?:in\s+this\s+agreement|herein)\s+shall\s+(?:limit|exclude|restrict)\s+(?:either\s+party'?s\s+|any\s+party'?s\s+|any\s+)?liability`, 1.3],
      // "NOTHING IN THIS SECTION 11.4 IS INTENDED TO OR SHALL LIMIT OR RESTRICT THE INDEMNIFICATION RIGHTS ..." (not a
      // liability outside the contract left alone, such as one for a fraudulent misrepresentation made before it).
      // Also "NOTHING IN THIS SECTION IS INTENDED TO LIMIT OR RESTRICT THE DAMAGES AVAILABLE FOR BREACHES ...", "Nothing in this
      // Section 8.7 shall operate to limit or exclude any liability ... for breach" (a section number filed with a zero-width space).
      [re`\bnothing\s+in\s+this\s+(?:section|article|clause)(?:[\s\u200b]+[\d.]+)?\s+(?:is\s+intended\s+to\s+(?:or\s+shall\s+)?|shall\s+(?:operate\s+to\s+)?)(?:limit|exclude|restrict)\b.{0,120}\b(?:indemnif|breach)`, 1.3],
      [re`\bexcept\s+(?:for\s+|with\s+respect\s+to\s+|as\s+(?:set\s+forth|provided)\s+in\s+)?(?:\w+\s+){0,6}(?:section|article|claims?\s+(?:under|arising)|liabilit\w+\s+(?:under|arising)|obligations?\s+under|breach|\[).{0,300}\b(?:in\s+no\s+event|not\s+be\s+liable|(?:total|aggregate|maximum)\s+liability|exceed|consequential|indirect)`, 0.7],
      [re`\b(?:shall|will)\s+(?:neither\s+)?(?:not\s+)?(?:\([a-z]\)\s+)?(?:limit|restrict|apply\s+to)\b.{0,100}\b(?:indemnif|confidential|liability\s+for|damages\s+(?:for|arising))`, 0.6],
      [re`\b(?:in\s+no\s+event|not\s+be\s+liable|limitation\s+of\s+liability|aggregate\s+liability|total\s+liability|consequential)`, 0.3],
    ],
    minScore: 0.7,
    documentScore: 0.7,
  },
  {
    category: 'Cap On Liability',
    sectionTitle: re`limitation\s+(?:of|on)\s+liability|limitations?\s+of\s+damages`,
    cues: [
      [re`\b(?:total|aggregate|cumulative|maximum|entire|collective)\s+(?:\w+\s+){0,2}liabilit(?:y|ies)\b.{0,300}\b(?:exceed|limited\s+to|not\s+to\s+exceed|in\s+excess\s+of|greater\s+of|lesser\s+of|equal\s+to|amount|shall\s+be\s+limited)`, 1.5],
      [re`\bliabilit(?:y|ies)\b.{0,250}\b(?:shall|will|may)\s+(?:not|in\s+no\s+event)\s+exceed|liabilit(?:y|ies)\b.{0,120}\b(?:is|are|be|shall\s+be)\s+limited\s+to`, 1.4],
      [re`\bin\s+no\s+event\b.{0,100}?\b(?:shall|will)\b.{0,200}\bliab(?:le|ility)\b.{0,200}\b(?:exceed|in\s+excess|greater\s+than)`, 1.4],
      // A kind of damages as a whole word: not "liable for any obligations ... resulting directly or indirectly from".
      [re`\b(?:not|no|neither|in\s+no\s+event|under\s+no\s+circumstances)\b.{0,200}\b(?:liable|(?:any|no)\s+liability|responsible)\b.{0,250}\b(?:indirect|incidental|consequential|special|punitive|exemplary|lost\s+profits?|loss\s+of\s+(?:profits?|revenue|business|data))\b`, 1.1],
      // Kinds of damages excluded in other words: "liability for indirect loss, including consequential loss ... is excluded",
      // "the liability exclusion for lost profit", "The arbitrator shall not award any Party punitive ... damages".
      [re`\bliabilit(?:y|ies)\b.{0,150}\b(?:indirect|incidental|consequential|special|punitive|lost\s+profits?|loss\s+of\s+profits?)\b.{0,100}\b(?:is|are|be|shall\s+be)\s+excluded|\bliability\s+exclusions?\b|\bnot\s+award\b.{0,80}\b(?:punitive|consequential|exemplary|incidental|special)\b|\bexclud\w*\s+(?:any\s+|all\s+)?liabilit(?:y|ies)\s+for\b.{0,60}\b(?:indirect|incidental|consequential|special|punitive|exemplary|lost\s+profits?)\b`, 1.1],
      // "shall not be required to contribute any amount in excess of the amount by which ...".
      [re`\bnot\s+be\s+(?:required|obligated)\s+to\s+(?:contribute|pay|reimburse|indemnify)\b.{0,60}\b(?:in\s+excess\s+of|exceed\w*|more\s+than)\b`, 1.2],
      // Kinds of loss listed after the sentence (or redacted): "shall not be liable to the Company for any of the
      // following types of loss or damage".
      [re`\b(?:not|in\s+no\s+event|under\s+no\s+circumstances)\b.{0,40}\bliable\b.{0,80}\bfor\s+any\s+of\s+the\s+following\s+(?:types?\s+|kinds?\s+|heads?\s+)?(?:of\s+)?(?:loss|damage|liabilit)`, 1.1],
      // "shall not be liable for any amount which in the aggregate exceeds the fees paid"
      [re`\b(?:not|under\s+no\s+circumstances|in\s+no\s+event)\b.{0,40}\bliable\b.{0,250}\b(?:exceed(?:s|ing)?|in\s+excess\s+of|greater\s+than)\b`, 1.4],
      // A ceiling on what may be claimed or recovered: "reimbursements claimed shall not exceed the payments received".
      // (Not what a party is paid for its services: "compensation for each calendar quarter will not exceed [ ]".)
      [re`\b(?:reimburse\w*|damages|claims?|losses|recover\w*|indemnit\w*)\b.{0,120}\b(?:shall|will)\s+(?:not\s+exceed|be\s+limited\s+to)\b`, 1],
      // Waiving damages of a kind: "waive any and all claims against each other for consequential, punitive ... losses".
      [re`\bwaives?\b.{0,150}\b(?:consequential|punitive|incidental|special|exemplary|indirect)\b`, 1.1],
      [re`\bsole\s+and\s+exclusive\s+remed(?:y|ies)|exclusive\s+remed(?:y|ies)|sole\s+remed(?:y|ies)`, 0.9],
      [re`\blimitation\s+of\s+liability|limitations?\s+on\s+liability|limit(?:ation)?\s+of\s+damages`, 0.7],
      [re`\b(?:action|claim|suit|proceeding)s?\b.{0,150}\b(?:brought|commenced|filed|asserted)\b.{0,60}\b(?:within|more\s+than|after)\s+${DUR}`, 0.9],
    ],
    headings: [[re`limitation\s+of\s+liability|liability|damages`, 0.4]],
    minScore: 0.9,
    documentScore: 0.9,
  },
  {
    category: 'Liquidated Damages',
    sectionTitle: re`liquidated\s+damages`,
    cues: [
      [re`\bliquidated\s+damages`, 1.5],
      [re`\bpay\w*\b.{0,80}\b(?:a\s+|the\s+)?(?:termination|cancellation|break-?up|early\s+termination|exit)\s+(?:fee|payment|charge)|\bpay\s+(?:a\s+)?penalty|pre-?estimat\w*\s+of\s+(?:the\s+)?damages|genuine\s+(?:pre-?)?estimate`, 0.8],
      [re`\b(?:early\s+)?termination\s+(?:fee|payment|charge|penalty)|\bbreak[\s-]?up\s+fee|cancellation\s+(?:fee|charge|penalty)`, 1.2],
      [re`\bas\s+(?:a\s+)?(?:penalty|liquidated|damages)\b|not\s+(?:as\s+)?a\s+penalty`, 0.9],
      [re`\bpenalt(?:y|ies)\b`, 0.6],
      [re`\b(?:fine|penalty)\s+of\b|\bpay\b.{0,60}\b(?:penalty|fine)`, 0.5],
    ],
    negatives: [
      [re`\btax\w*\s+(?:and\s+)?penalt|interest\s+(?:and|or)\s+penalt|penalties\s+(?:and|or)\s+interest|fines?\s+(?:and|or)\s+penalt|penalt(?:y|ies)\s+(?:or\s+fines?\s+)?imposed\s+by|civil\s+(?:or\s+criminal\s+)?penalt|penalty\s+of\s+perjury|governmental|regulatory`, 1],
      [re`\bwithout\s+(?:any\s+)?(?:penalty|liability)|without\s+(?:payment\s+of\s+)?(?:a\s+)?(?:penalty|termination\s+fee)`, 0.6],
      [re`\bliquidated\s+damages\s+clauses?|civil\s+code`, 0.8],
    ],
    documentScore: 1.5,
  },
  {
    category: 'Warranty Duration',
    cues: [
      [re`\bwarrant\w*\b.{0,250}\b(?:for\s+(?:a\s+)?(?:period\s+of\s+)?${DUR}|${DUR}\s+(?:from|after|following|of)\s+(?:the\s+)?(?:date\s+of\s+)?(?:\w+\s+)?(?:delivery|shipment|installation|acceptance|receipt|purchase|sale|manufacture|completion|performance))`, 1.5],
      [re`\bwarranty\s+(?:period|term)`, 1.2],
      [re`\b${DUR}\s+(?:limited\s+)?warrant|\b(?:one|two|three|six|twelve|\d+)[\s-](?:month|year|day)\s+(?:limited\s+)?warrant|\bwarrant\w*\s+(?:are|is|shall\s+be)\s+valid\s+for`, 1.2],
      [re`\bdefect\w*\b.{0,150}\bwithin\s+${DUR}|\breject\w*\b.{0,200}\bwithin\s+${DUR}`, 0.6],
      [re`\b(?:remaining\s+)?shelf[\s-]life`, 0.5],
      [re`\bwithin\s+(?:the\s+)?${PERIOD}\s+(?:of|after|following|from)\s+(?:the\s+)?(?:date\s+of\s+)?(?:[\w'’]+\s+){0,2}(?:delivery|receipt|shipment|installation|discovery|arrival)`, 0.7],
      // A warranty period stated first, or redacted: "For ninety (90) days after delivery ..., Developer warrants", "warrants that
      // the Products will for a period of [ * ] from the date of their supply".
      [re`\bfor\s+(?:a\s+period\s+of\s+)?${PERIOD}\s+(?:after|from|following)\b.{0,200}\bwarrant|\bwarrant\w*\b.{0,250}\bfor\s+(?:a\s+)?(?:period\s+of\s+)?\[[\s*]*\]`, 1.5],
      // The time allowed to reject goods that do not conform: "may reject the Product by giving written notice ... within [***]
      // days after receipt", "deemed to have accepted ... if it does not provide Rejection Notice within [***]".
      [re`\b(?:reject\w*|non-?conform\w*|fails?\s+to\s+conform|not\s+(?:meet|conform\s+to)\s+the\s+specifications|deemed\s+to\s+have\s+accepted)\b.{0,200}\bwithin\s+(?:the\s+)?${PERIOD}`, 1],
      [re`\bdefect`, 0.3],
      [re`\bwarrant`, 0.3],
    ],
    headings: [[re`warrant`, 0.3]],
    negatives: [
      [re`\brepresentations?\s+and\s+warranties\b.{0,150}\bsurviv|survival|made\s+as\s+of`, 0.8],
      [re`\bterminat|insolv|bankrupt|breach|force\s+majeure|grant\w*\s+(?:any\s+)?(?:right|license)`, 0.5],
    ],
    minScore: 1.2,
    documentScore: 1.5,
  },
  {
    category: 'Insurance',
    sectionTitle: re`insurance`,
    cues: [
      [re`\b(?:maintain|obtain|procure|carry|keep|purchase|arrange|take\s+out)\b.{0,200}\binsurance|\binsure[sd]?\s+against\b|\bjointly\s+insured\b`, 1.3],
      [re`\binsurance\s+(?:polic(?:y|ies)|coverage|certificates?|carriers?)`, 0.8],
      [re`\b(?:general|products?|professional|public|commercial|umbrella|errors\s+and\s+omissions|workers'?|employers'?|automobile|cyber)\s+(?:\w+\s+)?liability\s+insurance`, 1.3],
      [re`\badditional(?:ly)?\s+insureds?|certificates?\s+of\s+insurance|named\s+(?:as\s+)?(?:an?\s+)?(?:additional\s+)?insured`, 1.3],
      [re`\bper\s+occurrence|combined\s+single\s+limit`, 0.8],
      [re`\binsur(?:ance|ed|er|ers)\b`, 0.6],
      [re`\bcoverage\b`, 0.3],
    ],
    headings: [[re`insurance`, 0.5]],
    negatives: [
      [re`\bFDIC|deposit\s+insurance|insured\s+depository|title\s+insurance|social\s+insurance|national\s+insurance|health\s+insurance\s+portability|insurance\s+(?:company|companies)\s+act`, 0.8],
      [re`\bproceeds\s+of\s+(?:any\s+)?insurance|insurance\s+proceeds|to\s+the\s+extent\s+(?:covered|paid)\s+by\s+insurance`, 0.4],
      // Insurance of a shipment left out ("via FedEx ground, with no extra insurance") is no duty to insure.
      [re`\b(?:no|without)\s+(?:extra\s+|additional\s+|transit\s+)?insurance\b`, 1],
      // Insurance as a payroll tax or a charge passed on, not cover to carry: "income taxes, unemployment insurance and social
      // security taxes", "all transportation charges (including insurance)".
      [re`\bunemployment\s+insurance\s+(?:and|or)\s+(?:social\s+security\s+)?tax|\bcharges?\b[^.;]{0,40}\(\s*including\s+insurance\s*\)|\bfreight\s+(?:and|&)\s+insurance\b`, 1],
    ],
    documentScore: 1.5,
  },
  {
    category: 'Covenant Not To Sue',
    sectionTitle: re`covenant\s+not\s+to\s+sue|no\s+challenge`,
    cues: [
      [re`\b(?:not|never|refrain\s+from|at\s+no\s+time)\b.{0,100}\b(?:contest|challenge|dispute|impugn|attack|oppose|question)\w*\b.{0,200}\b(?:validity|ownership|title|rights?|enforceability|registrations?|use\s+of|(?:trade|service)?\s?marks|intellectual\s+property|patents|copyrights)`, 1.4],
      [re`\bcovenants?\s+not\s+to\s+(?:sue|assert|bring)|\bcovenants?\s+(?:and\s+agrees?\s+)?that\s+(?:it|they|he|she)\s+(?:shall|will)\s+not\b[^.;]{0,60}?\b(?:sue|assert|bring|commence|institute)\b`, 1.5],
      [re`\b(?:not|never)\b[^.;]{0,60}?\b(?:sue|assert|bring|commence|institute|file|initiate)\b.{0,150}\b(?:claims?|actions?|suits?|proceedings?|lawsuits?|infring\w*)`, 1],
      // A release of claims given by the contract itself: "hereby releases and discharges X from any and all claims".
      [re`\bhereby\s+(?:\w+\s+){0,3}releases?\b.{0,200}\b(?:claims?|causes?\s+of\s+action|demands)\b`, 1.3],
      [re`\brelease[sd]?\b.{0,120}\b(?:from|of)\s+(?:any\s+and\s+)?all\s+(?:claims|liabilit)`, 0.8],
      [re`\bwaives?\b.{0,100}\bright\s+to\s+(?:challenge|contest|sue)`, 1],
      // "will not at any time, during or after the Term, do or knowingly suffer to be done any act ... which will impair".
      [re`\b(?:not|neither|never)\b[^.;]{0,80}?\b(?:do|take|omit)\b.{0,120}\b(?:inconsistent\s+with|adversely\s+affect|impair|prejudice|jeopardi[sz]e)\w*\b.{0,120}\b(?:ownership|validity|rights|goodwill|title|registrations?)`, 1.3],
      [re`\b(?:not|never)\b.{0,60}\b(?:assert|claim|acquire)\s+(?:or\s+(?:assert|claim|acquire)\s+)?(?:any\s+)?(?:right,?\s+title|rights?|title|interest|ownership)\s+(?:in|to)\b`, 1],
      [re`\backnowledges?\b.{0,120}\b(?:exclusive\s+)?(?:ownership|owner|right,?\s+title)\b`, 0.6],
      [re`\b(?:challenge|contest|question|attack|oppose)\w*\s+(?:the\s+)?(?:validity|enforceability|ownership)`, 0.7],
      [re`\b(?:not|never)\b.{0,120}\b(?:apply\s+for|file|register|obtain|attempt\s+to\s+obtain)\b.{0,80}\b(?:registration|trade\s?marks?|ownership)`, 1],
      [re`\b(?:not|never)\s+(?:to\s*)?,?\s*(?:\([a-z0-9]{1,4}\)\s*)?(?:initiate|assert)\b.{0,80}\b(?:action|claim)s?\b.{0,80}\b(?:infring|against)`, 0.8],
    ],
    negatives: [
      [re`\bnotice\s+of\s+(?:any\s+)?(?:claim|dispute)|dispute\s+(?:any\s+)?(?:invoice|charge|amount)|in\s+good\s+faith\s+dispute`, 0.6],
      // A waiver of a jury, not of the claim: "waives and covenants that it will not assert ... any right to trial by jury" (it
      // must outweigh the covenant wording it shares).
      [re`\btrial\s+by\s+jury|\bjury\s+trial`, 2.6],
      // A covenant not to sue named among other instruments, none of them given here: "granting any license, release, covenant
      // not to sue or other immunity", "party to any settlements, covenants not to sue, consents, decrees", "a license to (or
      // covenant not to sue with respect to)".
      [re`covenants?\s+not\s+to\s+sue\b\s*(?:,|or\s+other|\(|with\s+respect)|,\s*(?:or\s+)?(?:any\s+|a\s+)?covenants?\s+not\s+to\s+sue`, 1.6],
      // Awards not to be contested, losses a closing condition says have not been sustained, and the steps of an indemnity
      // claim: "waives any right to contest the validity or enforceability of such award", "any material loss or interference
      // with its business", "receive any written claim which such Indemnified Party believes".
      [re`\b(?:contest|challenge|appeal)\w*\b[^.;]{0,60}\baward\b|\bmaterial\s+loss\s+or\s+interference|\bindemnif(?:ied|ying)\s+part(?:y|ies)`, 0.6],
    ],
    documentScore: 1.3,
  },
  {
    category: 'Third Party Beneficiary',
    cues: [
      [re`\b(?:intended\s+)?third[\s-]part(?:y|ies)\s+beneficiar(?:y|ies)`, 0.8],
      [re`\b(?:shall\s+be|is|are)\s+(?:deemed\s+)?(?:an?\s+)?(?:express(?:ly)?\s+)?(?:intended\s+)?third[\s-]part(?:y|ies)\s+beneficiar`, 1.2],
      [re`\bthird[\s-]part(?:y|ies)\s+beneficiar(?:y|ies)\b.{0,150}\b(?:with\s+(?:the\s+|full\s+)?right|entitled|may\s+enforce|right\s+to\s+enforce)`, 1],
      [re`\bexcept\s+(?:as\s+(?:expressly\s+)?(?:set\s+forth|provided)|for)\b.{0,150}\b(?:third[\s-]part|no\s+(?:other\s+)?person|confer\s+(?:any\s+)?(?:rights|benefits))`, 0.6],
      [re`\b(?:for\s+the\s+(?:express\s+)?benefit\s+of|enforceable\s+by)\b.{0,80}\b(?:affiliates|lenders|indemnitees|licensors|suppliers)`, 0.5],
    ],
    negatives: [[re`\b(?:no|not|nothing|neither)\b.{0,150}\b(?:third[\s-]part(?:y|ies)\s+beneficiar|confer\b.{0,80}\b(?:rights?|benefits?|remed))`, 0.9]],
    documentScore: 1.8,
  },
];
