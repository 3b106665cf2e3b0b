import type { ClauseFinding } from '../clauses/detect-clauses';

export type Severity = 'high' | 'medium' | 'low';

export const BOTH_PARTIES = 'Both parties';
export const UNCLEAR = 'Unclear';

export interface RiskItem {
  category: string;
  severity: Severity;
  /** The party that carries the risk, 'Both parties' when mutual, 'Unclear' when the text does not say. */
  bearer: string;
  rationale: string;
  quote: string;
  start: number;
  end: number;
  /** Which document the quote comes from, when the caller named its documents. */
  documentId?: string;
}

export interface RiskGap {
  category: string;
  severity: Severity;
  explanation: string;
}

export interface RiskAssessment {
  items: RiskItem[];
  gaps: RiskGap[];
}

/** A party as the contract names it: the full name and, when defined, the short name used in clauses. */
export interface PartyRef {
  name: string;
  role?: string;
}

export interface RiskDocument {
  documentId?: string;
  findings: readonly ClauseFinding[];
  parties?: readonly PartyRef[];
}
