/** A piece of the source text: `text.slice(start, end) === value`. */
export interface FieldSpan {
  start: number;
  end: number;
  value: string;
}

export interface PartyField extends FieldSpan {
  /** The defined name the contract uses for the party, e.g. "Distributor", when stated. */
  role?: FieldSpan;
}

export type DateKind = 'agreement' | 'effective' | 'expiration';

export interface DateField extends FieldSpan {
  kind: DateKind;
  /** ISO date (yyyy-mm-dd) when the text names a complete calendar date. */
  iso?: string;
}

export interface Duration {
  amount: number;
  unit: 'day' | 'month' | 'year';
}

export interface TermField extends FieldSpan {
  /** Initial term length when stated as a duration. */
  initialTerm?: Duration;
  /** Fixed end date of the initial term when stated. */
  expiresOn?: DateField;
  /** Notice a party must give to end the contract at or after the end of its term, when the term clause says. */
  noticePeriod?: Duration;
}

export interface RenewalField extends FieldSpan {
  automatic: boolean;
  renewalTerm?: Duration;
  /** Notice needed to stop a renewal, e.g. 90 days before the end of the term. */
  noticePeriod?: Duration;
}

export interface NoticeField extends FieldSpan {
  period: Duration;
}

export interface JurisdictionField extends FieldSpan {
  /** The place named, e.g. "New York" or "England and Wales". */
  jurisdiction: string;
}

export type MoneyContext = 'fee' | 'cap' | 'damages' | 'insurance' | 'other';

export interface MoneyField extends FieldSpan {
  currency: string;
  /** Numeric value when the figure is not redacted. */
  amount?: number;
  context: MoneyContext;
}

export interface ExtractedFields {
  title?: FieldSpan;
  parties: PartyField[];
  dates: DateField[];
  /** The words fixing when the contract takes effect, when that is not a calendar date ("upon signature by both parties"). */
  effectiveFrom?: FieldSpan;
  term?: TermField;
  renewal?: RenewalField;
  /** Notice a party must give to end the contract at the end of its term or of a renewal, stated outside the term clause. */
  endNotice?: NoticeField;
  governingLaw?: JurisdictionField;
  forum?: JurisdictionField;
  amounts: MoneyField[];
}
