import type { CuadCategory } from '../clauses/categories';
import type { ContractTopic } from './topics';

/**
 * A question lawyers commonly ask of a contract, in their words, and what answers it: the clauses of a category
 * the clause rules recognise, or those of a topic the answer engine recognises on its own (indemnities, forum,
 * notices, ...).
 */
export interface ContractQuestion {
  id: string;
  question: string;
  answeredBy: { category: CuadCategory } | { topic: ContractTopic };
}

const category = (value: CuadCategory): ContractQuestion['answeredBy'] => ({ category: value });
const topic = (value: ContractTopic): ContractQuestion['answeredBy'] => ({ topic: value });

/** The thirty questions a lawyer asks first of a commercial contract. */
export const CONTRACT_QUESTIONS: readonly ContractQuestion[] = [
  { id: 'parties', question: 'Who are the parties to this agreement?', answeredBy: category('Parties') },
  { id: 'agreement-date', question: 'What is the date of the agreement?', answeredBy: category('Agreement Date') },
  { id: 'effective-date', question: 'When does the agreement become effective?', answeredBy: category('Effective Date') },
  { id: 'expiry', question: 'When does the agreement expire?', answeredBy: category('Expiration Date') },
  { id: 'renewal', question: 'Does the agreement renew automatically, and for how long?', answeredBy: category('Renewal Term') },
  { id: 'non-renewal-notice', question: 'How much notice must be given to prevent the agreement from renewing?', answeredBy: category('Notice Period To Terminate Renewal') },
  { id: 'termination-for-convenience', question: 'Can either party terminate the agreement for convenience?', answeredBy: category('Termination For Convenience') },
  { id: 'termination-for-cause', question: 'On what grounds can a party terminate for breach?', answeredBy: topic('Termination For Cause') },
  { id: 'governing-law', question: 'Which law governs the agreement?', answeredBy: category('Governing Law') },
  { id: 'forum', question: 'Which courts have jurisdiction over disputes?', answeredBy: topic('Forum') },
  { id: 'dispute-resolution', question: 'How are disputes resolved? Is there an arbitration clause?', answeredBy: topic('Dispute Resolution') },
  { id: 'indemnification', question: 'What are the indemnification obligations?', answeredBy: topic('Indemnification') },
  { id: 'liability-cap', question: "Is there a cap on either party's liability?", answeredBy: category('Cap On Liability') },
  { id: 'excluded-damages', question: 'Are consequential or indirect damages excluded?', answeredBy: topic('Excluded Damages') },
  { id: 'uncapped-liability', question: 'Is any liability uncapped?', answeredBy: category('Uncapped Liability') },
  { id: 'confidentiality', question: 'What are the confidentiality obligations?', answeredBy: topic('Confidentiality') },
  { id: 'assignment', question: 'Can the agreement be assigned without consent?', answeredBy: category('Anti-Assignment') },
  { id: 'change-of-control', question: 'What happens on a change of control?', answeredBy: category('Change Of Control') },
  { id: 'non-compete', question: 'Is there a non-compete restriction?', answeredBy: category('Non-Compete') },
  { id: 'exclusivity', question: 'Is the arrangement exclusive?', answeredBy: category('Exclusivity') },
  { id: 'non-solicitation', question: "Is there a restriction on soliciting or hiring the other party's employees?", answeredBy: category('No-Solicit Of Employees') },
  { id: 'payment-terms', question: 'What are the payment terms?', answeredBy: topic('Payment Terms') },
  { id: 'audit-rights', question: "Does either party have a right to audit the other's books and records?", answeredBy: category('Audit Rights') },
  { id: 'ip-ownership', question: 'Who owns the intellectual property developed under the agreement?', answeredBy: category('Ip Ownership Assignment') },
  { id: 'license-grant', question: 'What license is granted under the agreement?', answeredBy: category('License Grant') },
  { id: 'warranties', question: 'What warranties does each party give?', answeredBy: topic('Warranties') },
  { id: 'insurance', question: 'What insurance must be maintained?', answeredBy: category('Insurance') },
  { id: 'notices', question: 'How must notices be given under the agreement?', answeredBy: topic('Notices') },
  { id: 'force-majeure', question: 'Is there a force majeure clause?', answeredBy: topic('Force Majeure') },
  { id: 'minimum-commitment', question: 'Is there a minimum purchase commitment?', answeredBy: category('Minimum Commitment') },
];
