import type { RenderableReport, RenderableReportKind, ReportCitation } from './report.types';

/**
 * A synthetic but realistic report (a matter of six commercial documents, a risk register and cited
 * findings) for the renderer tests and `npm run bench:pdf`. The clause texts are invented.
 */
export interface SampleReportOptions {
  kind?: RenderableReportKind;
  /** Rows of the risk register; each row also gets a cited finding. About three per page. */
  risks?: number;
  projectName?: string;
  generatedAt?: Date;
  withSourcesSection?: boolean;
  /** Extra markdown appended to the body before the Sources section. */
  extraMarkdown?: string;
}

const DOCUMENTS = [
  'Master Services Agreement - Northwind Freight.pdf',
  'Data Processing Addendum.pdf',
  'Statement of Work No. 3.docx',
  'Mutual Non-Disclosure Agreement.pdf',
  'Amendment No. 1 to the MSA.pdf',
  'Warehouse Lease - Unit 14.txt',
];

interface ClauseSample {
  category: string;
  document: number;
  page: number;
  severity: 'High' | 'Medium' | 'Low';
  bearer: string;
  quote: string;
  finding: string;
  recommendation: string;
}

const CLAUSES: ClauseSample[] = [
  {
    category: 'Cap on liability',
    document: 0,
    page: 14,
    severity: 'High',
    bearer: 'Client',
    quote:
      "Except for a Party's payment obligations, the aggregate liability of the Supplier arising out of or in connection with this Agreement shall not exceed the fees paid by the Client in the three (3) months preceding the event giving rise to the claim.",
    finding: 'The supplier caps its total exposure at three months of fees, which is low against the value of the goods in transit.',
    recommendation: 'Negotiate a cap of at least twelve months of fees and carve out loss of or damage to cargo.',
  },
  {
    category: 'Indemnification',
    document: 0,
    page: 15,
    severity: 'High',
    bearer: 'Client',
    quote:
      'The Client shall indemnify, defend and hold harmless the Supplier and its Affiliates from and against any and all losses, damages, fines and expenses, including reasonable legal fees, arising from any third-party claim relating to the Goods.',
    finding: 'The indemnity is one-sided and is not limited to claims caused by the client’s own breach or negligence.',
    recommendation: 'Make the indemnity mutual and limit it to losses caused by the indemnifying party’s breach, negligence or wilful misconduct.',
  },
  {
    category: 'Termination for convenience',
    document: 0,
    page: 18,
    severity: 'Medium',
    bearer: 'Client',
    quote: 'The Supplier may terminate this Agreement or any Statement of Work at any time and for any reason upon sixty (60) days’ prior written notice to the Client.',
    finding: 'Only the supplier may end the agreement without cause; sixty days is short for re-tendering freight capacity.',
    recommendation: 'Seek a mutual right with at least one hundred and eighty days’ notice, or transition assistance at the current rates.',
  },
  {
    category: 'Renewal term',
    document: 0,
    page: 17,
    severity: 'Low',
    bearer: 'Both parties',
    quote: 'Upon expiry of the Initial Term, this Agreement shall renew automatically for successive periods of twelve (12) months unless either Party gives notice of non-renewal at least ninety (90) days before the end of the then-current term.',
    finding: 'The agreement renews automatically; the non-renewal window must be diarised.',
    recommendation: 'Record the notice deadline in the matter calendar and set a reminder one month before it.',
  },
  {
    category: 'Uncapped liability',
    document: 1,
    page: 6,
    severity: 'High',
    bearer: 'Client',
    quote: 'Notwithstanding any limitation of liability in the Principal Agreement, the Controller shall be liable without limit for any fines imposed by a supervisory authority in connection with the Processing.',
    finding: 'Regulatory fines are excluded from every cap and allocated wholly to the client, even where the processor caused the breach.',
    recommendation: 'Allocate fines according to fault and apply a separate, higher cap to data protection losses.',
  },
  {
    category: 'Audit rights',
    document: 1,
    page: 8,
    severity: 'Medium',
    bearer: 'Client',
    quote: 'The Processor shall make available to the Controller, no more than once in any twelve-month period and at the Controller’s sole cost, such information as is reasonably necessary to demonstrate compliance with this Addendum.',
    finding: 'Audit is limited to once a year, at the client’s cost, and to documents rather than on-site inspection.',
    recommendation: 'Add an on-site audit right after a personal data breach and shift the cost to the processor where non-compliance is found.',
  },
  {
    category: 'Liquidated damages',
    document: 2,
    page: 4,
    severity: 'Medium',
    bearer: 'Supplier',
    quote: 'For each full day by which Go-Live is delayed beyond the Milestone Date for reasons attributable to the Supplier, the Supplier shall pay the Client liquidated damages of 0.5% of the SOW Fees, up to a maximum of 10% of the SOW Fees.',
    finding: 'Delay damages favour the client but are capped at ten per cent and are stated to be the sole remedy for delay.',
    recommendation: 'Keep the clause; confirm that the cap does not prevent termination for prolonged delay.',
  },
  {
    category: 'Minimum commitment',
    document: 2,
    page: 5,
    severity: 'High',
    bearer: 'Client',
    quote: 'The Client commits to a minimum volume of 2,400 pallet movements per calendar quarter and shall pay for any shortfall at the applicable rate, whether or not the corresponding services were requested.',
    finding: 'A take-or-pay commitment exposes the client to paying for unused capacity in a downturn.',
    recommendation: 'Introduce an annual true-up and a volume reduction mechanism tied to market indices.',
  },
  {
    category: 'Confidentiality term',
    document: 3,
    page: 2,
    severity: 'Low',
    bearer: 'Both parties',
    quote: 'The obligations in this clause shall survive for a period of three (3) years following disclosure of the relevant Confidential Information.',
    finding: 'Confidentiality expires three years after disclosure, which is short for pricing models and trade secrets.',
    recommendation: 'Keep trade secrets protected for as long as they remain secret under applicable law.',
  },
  {
    category: 'Non-solicitation',
    document: 3,
    page: 3,
    severity: 'Low',
    bearer: 'Both parties',
    quote: 'During the term and for twelve (12) months thereafter, neither Party shall solicit for employment any employee of the other Party with whom it had material contact under this Agreement.',
    finding: 'A mutual twelve-month non-solicitation covenant is customary and unlikely to be contested.',
    recommendation: 'No change required; exclude responses to general advertisements for clarity.',
  },
  {
    category: 'Price restrictions',
    document: 4,
    page: 1,
    severity: 'Medium',
    bearer: 'Client',
    quote: 'With effect from the Amendment Date, the Supplier may increase the Charges once in each Contract Year by giving thirty (30) days’ notice, such increase not to exceed the change in the fuel index plus four per cent (4%).',
    finding: 'The amendment introduces annual price increases above indexation with only thirty days’ notice.',
    recommendation: 'Limit increases to documented cost changes and give the client a right to terminate affected services.',
  },
  {
    category: 'Change of control',
    document: 4,
    page: 2,
    severity: 'Medium',
    bearer: 'Client',
    quote: 'The Client shall notify the Supplier of any Change of Control of the Client, whereupon the Supplier may terminate this Agreement with immediate effect by written notice.',
    finding: 'A sale of the client’s business would let the supplier walk away at short notice.',
    recommendation: 'Restrict the right to a change of control in favour of a direct competitor of the supplier.',
  },
  {
    category: 'Anti-assignment',
    document: 0,
    page: 21,
    severity: 'Low',
    bearer: 'Both parties',
    quote: 'Neither Party may assign, novate or otherwise transfer any of its rights or obligations under this Agreement without the prior written consent of the other Party, such consent not to be unreasonably withheld.',
    finding: 'Assignment needs consent, which may not be unreasonably withheld; intra-group transfers are not excepted.',
    recommendation: 'Permit assignment to affiliates on notice.',
  },
  {
    category: 'Insurance',
    document: 5,
    page: 9,
    severity: 'Medium',
    bearer: 'Client',
    quote: 'The Tenant shall insure the Premises and its contents against all risks for their full reinstatement value with an insurer approved by the Landlord and shall produce the policy on demand.',
    finding: 'The tenant bears full reinstatement insurance of the building, which is usually the landlord’s obligation recovered through the service charge.',
    recommendation: 'Reallocate building insurance to the landlord and limit the tenant to contents and third-party cover.',
  },
  {
    category: 'Governing law',
    document: 0,
    page: 23,
    severity: 'Low',
    bearer: 'Both parties',
    quote: 'This Agreement and any dispute or claim arising out of or in connection with it shall be governed by and construed in accordance with the laws of England and Wales.',
    finding: 'English law governs and the courts of England have exclusive jurisdiction; consistent with the other documents.',
    recommendation: 'No change required.',
  },
  {
    category: 'Post-termination services',
    document: 0,
    page: 19,
    severity: 'High',
    bearer: 'Client',
    quote: 'Upon termination for any reason the Supplier shall have no obligation to provide exit assistance, and any goods held by the Supplier shall be released only upon payment in full of all sums invoiced.',
    finding: 'There is no exit assistance and the supplier may hold goods as security for disputed invoices.',
    recommendation: 'Require a six-month exit plan and release of goods against payment of undisputed sums only.',
  },
];

/** Builds a report whose length grows with `risks`; citation n is the n-th finding's clause. */
export function buildSampleReport(options: SampleReportOptions = {}): RenderableReport {
  const kind = options.kind ?? 'liability-analysis';
  const risks = options.risks ?? 24;
  const rows = Array.from({ length: risks }, (_, i) => {
    const clause = CLAUSES[i % CLAUSES.length];
    const round = Math.floor(i / CLAUSES.length);
    return { ...clause, page: clause.page + round * 3, number: i + 1, label: round === 0 ? clause.category : `${clause.category} (schedule ${round + 1})` };
  });
  let offset = 1200;
  const citations: ReportCitation[] = rows.map((row) => {
    const start = offset + row.page * 2800;
    offset += 37;
    return { file: DOCUMENTS[row.document], page: row.page, start, end: start + row.quote.length, quote: row.quote };
  });
  const high = rows.filter((r) => r.severity === 'High');
  const cite = (n: number): string => `[${n}]`;
  const citeIf = (n: number): string => (n <= rows.length ? ` ${cite(n)}` : '');

  const lines: string[] = [];
  lines.push(`# ${kind === 'case-summary' ? 'Case Summary' : 'Liability Analysis'}`, '');
  lines.push('## Executive summary', '');
  lines.push(
    `The matter comprises ${DOCUMENTS.length} documents governing a freight and warehousing relationship. The review found **${high.length} high-severity risks**, most of them borne by the client. ` +
      `The most significant are the low cap on the supplier's liability${citeIf(1)}, the one-sided indemnity${citeIf(2)} and the unlimited exposure to regulatory fines${citeIf(5)}.`,
    '',
  );
  lines.push('Key points:', '');
  for (const row of high.slice(0, 5)) lines.push(`- **${row.label}**: ${row.finding} ${cite(row.number)}`);
  lines.push('');
  lines.push('## Documents reviewed', '');
  DOCUMENTS.forEach((doc, i) => lines.push(`${i + 1}. ${doc}`));
  lines.push('');
  if (kind === 'case-summary') {
    lines.push('## Parties and roles', '');
    lines.push('- **Northwind Freight Ltd** (the Supplier): carrier and warehouse operator under the MSA and the lease.');
    lines.push('- **Harbourline Retail plc** (the Client): customer, data controller and tenant.');
    lines.push('');
  }
  lines.push('## Risk register', '');
  lines.push('| # | Risk | Document | Severity | Borne by | Finding |');
  lines.push('|---:|---|---|---|---|---|');
  for (const row of rows) {
    lines.push(`| ${row.number} | ${row.label} | ${DOCUMENTS[row.document]}, p. ${row.page} | ${row.severity} | ${row.bearer} | ${row.finding} ${cite(row.number)} |`);
  }
  lines.push('');
  lines.push('## Detailed findings', '');
  for (const row of rows) {
    lines.push(`### ${row.number}. ${row.label}`, '');
    lines.push(`*Severity:* **${row.severity}**. *Borne by:* ${row.bearer}. ${row.finding} ${cite(row.number)}`, '');
    lines.push(`> ${row.quote} ${cite(row.number)}`, '');
    lines.push(`**Recommendation:** ${row.recommendation}`, '');
  }
  lines.push('## Missing protections', '');
  lines.push('- No **force majeure** clause was found in the services documents; the lease contains one only for the landlord.');
  lines.push('- No **warranty** on the condition of goods at delivery.');
  lines.push('- No **service credits** for missed collection windows.');
  lines.push('');
  lines.push('## Recommended next steps', '');
  lines.push('1. Raise the cap and the indemnity points with the supplier before the renewal notice date.');
  lines.push('2. Agree a data protection schedule that allocates regulatory fines according to fault.');
  lines.push('3. Replace the take-or-pay commitment with an annual true-up.');
  lines.push('');
  if (options.extraMarkdown) lines.push(options.extraMarkdown, '');
  if (options.withSourcesSection !== false) {
    lines.push('## Sources', '');
    citations.forEach((c, i) => lines.push(`- [${i + 1}] ${c.file}, page ${c.page}: “${c.quote}”`));
    lines.push('');
  }

  return {
    kind,
    projectName: options.projectName ?? 'Harbourline v Northwind: supply chain review',
    generatedAt: options.generatedAt ?? new Date(Date.UTC(2025, 2, 14, 10, 32)),
    documents: [...DOCUMENTS],
    engine: 'offline',
    markdown: lines.join('\n'),
    citations,
  };
}
