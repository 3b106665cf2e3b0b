/**
 * English function words. Negations ("not", "no", "nor", "without") are deliberately absent: in contracts they
 * carry the meaning of a clause ("without cause", "shall not compete").
 */
export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each either few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just me more most my myself ' +
    'of off on once only or other our ours ourselves out over own same she should so some such than that the their ' +
    'theirs them themselves then there these they this those through to too under until up very was we were what ' +
    'when where which while who whom whose why will with would you your yours yourself yourselves shall may must ' +
    'hereby herein hereof hereto hereunder thereof therein thereto thereunder upon s'
  ).split(' '),
);

/**
 * Words that frame a question about a contract but say nothing about which clause answers it
 * ("Does the contract contain a clause that ...").
 */
export const QUESTION_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'contract contracts agreement agreements clause clauses provision provisions party parties counterparty ' +
    'counterparties include includes including contain contains containing whether etc e g eg ie i e ' +
    'describe described require required requirement apply applies certain particular'
  ).split(' '),
);
