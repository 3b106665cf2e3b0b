import { CUAD_CATEGORIES } from '../clauses/categories';
import { containsCategory } from '../clauses/detect-clauses';
import { assessRisks } from '../risk/assess-risks';
import { EXPECTED_PROTECTIONS } from '../risk/risk-profiles';
import { BOTH_PARTIES, UNCLEAR, type RiskGap, type RiskItem, type Severity } from '../risk/types';
import { CitationRegistry } from './citations';
import { clauseLabel } from './clause-labels';
import { allocationSection } from './liability-allocation';
import { profileDocument, type DocumentProfile } from './document-profile';
import { capitalize, escapeInline, listProse, quoted, table } from './markdown';
import { DISCLAIMER_CATEGORY, INDEMNITY_CATEGORY, INDEMNITY_GAP, supplementaryRisks } from './supplementary-risks';
import type { LegalReport, ReportOptions, ReportSource } from './types';

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];

/** Liability-shaping clauses first, in the order a reviewer reads them; the other categories follow. */
const REGISTER_ORDER: readonly string[] = [
  'Cap On Liability',
  'Uncapped Liability',
  INDEMNITY_CATEGORY,
  'Liquidated Damages',
  'Warranty Duration',
  DISCLAIMER_CATEGORY,
  'Insurance',
  'Termination For Convenience',
  'Change Of Control',
  'Exclusivity',
  'Non-Compete',
  'No-Solicit Of Customers',
  'No-Solicit Of Employees',
  'Ip Ownership Assignment',
  'Joint Ip Ownership',
  'Covenant Not To Sue',
  'Third Party Beneficiary',
  'Governing Law',
  ...CUAD_CATEGORIES,
];
const CATEGORY_RANK = new Map<string, number>();
REGISTER_ORDER.forEach((c, i) => {
  if (!CATEGORY_RANK.has(c)) CATEGORY_RANK.set(c, i);
});

/** What a missing protection is called in a sentence ("no document contains a cap on liability"). */
const GAP_LABELS: Readonly<Record<string, string>> = {
  'Cap On Liability': 'a cap on liability',
  'Governing Law': 'a governing-law clause',
  Insurance: 'an insurance requirement',
  'Warranty Duration': 'a warranty period',
  'Anti-Assignment': 'a restriction on assignment',
  'Expiration Date': 'a term or end date',
  [INDEMNITY_CATEGORY]: 'an indemnity',
};

function gapLabel(category: string): string {
  return GAP_LABELS[category] ?? clauseLabel(category).toLowerCase();
}

const TOP_RISKS = 5;
const BLOCKQUOTE_CHARS = 700;
const EXECUTIVE_QUOTE_CHARS = 160;

interface RegisterItem {
  item: RiskItem;
  profile: DocumentProfile;
  documentIndex: number;
  marker: string;
}

function bearerText(bearer: string): string {
  return bearer === UNCLEAR ? 'Not clear from the wording' : escapeInline(bearer);
}

/** One item per clause category and document: the most severe, earliest finding stands for the category. */
function registerItems(profiles: readonly DocumentProfile[]): { item: RiskItem; profile: DocumentProfile; documentIndex: number }[] {
  const assessment = assessRisks(profiles.map((p) => ({ documentId: p.source.id, findings: p.findings, parties: p.parties })));
  const byId = new Map(profiles.map((p, i) => [p.source.id, { profile: p, documentIndex: i }]));
  const seen = new Set<string>();
  const out: { item: RiskItem; profile: DocumentProfile; documentIndex: number }[] = [];
  const candidates = [...assessment.items, ...profiles.flatMap((p) => supplementaryRisks(p))];
  const sorted = candidates
    .map((item) => ({ item, owner: byId.get(item.documentId ?? '') }))
    .filter((c): c is { item: RiskItem; owner: { profile: DocumentProfile; documentIndex: number } } => c.owner !== undefined)
    .sort((a, b) => SEVERITY_ORDER[a.item.severity] - SEVERITY_ORDER[b.item.severity] || a.owner.documentIndex - b.owner.documentIndex || a.item.start - b.item.start);
  for (const { item, owner } of sorted) {
    const key = `${owner.documentIndex}\u0000${item.category}${item.category === INDEMNITY_CATEGORY ? `\u0000${item.bearer}` : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ item, ...owner });
  }
  return out.sort(
    (a, b) =>
      SEVERITY_ORDER[a.item.severity] - SEVERITY_ORDER[b.item.severity] ||
      (CATEGORY_RANK.get(a.item.category) ?? REGISTER_ORDER.length) - (CATEGORY_RANK.get(b.item.category) ?? REGISTER_ORDER.length) ||
      a.documentIndex - b.documentIndex ||
      a.item.start - b.item.start,
  );
}

function gapsFor(profiles: readonly DocumentProfile[], items: readonly RegisterItem[]): { missingEverywhere: RiskGap[]; missingSomewhere: { gap: RiskGap; files: string[] }[] } {
  const assessment = assessRisks(profiles.map((p) => ({ documentId: p.source.id, findings: p.findings })));
  const missingEverywhere = [...assessment.gaps];
  const hasIndemnity = (p: DocumentProfile): boolean => items.some((r) => r.profile === p && r.item.category === INDEMNITY_CATEGORY);
  if (profiles.length > 0 && !profiles.some(hasIndemnity)) missingEverywhere.push(INDEMNITY_GAP);
  missingEverywhere.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);

  const missingSomewhere: { gap: RiskGap; files: string[] }[] = [];
  if (profiles.length > 1) {
    const rules: { gap: RiskGap; present: (p: DocumentProfile) => boolean }[] = [
      ...EXPECTED_PROTECTIONS.map((rule) => ({ gap: { category: rule.category, severity: rule.severity, explanation: rule.explanation }, present: (p: DocumentProfile) => containsCategory(p.findings, rule.category) })),
      { gap: INDEMNITY_GAP, present: hasIndemnity },
    ];
    for (const { gap, present } of rules) {
      const missing = profiles.filter((p) => !present(p));
      if (missing.length > 0 && missing.length < profiles.length) missingSomewhere.push({ gap, files: missing.map((p) => p.source.file) });
    }
    missingSomewhere.sort((a, b) => SEVERITY_ORDER[a.gap.severity] - SEVERITY_ORDER[b.gap.severity]);
  }
  return { missingEverywhere, missingSomewhere };
}

function executiveSummary(profiles: readonly DocumentProfile[], register: readonly RegisterItem[], everywhere: readonly RiskGap[]): string {
  const counts = SEVERITIES.map((s) => register.filter((r) => r.item.severity === s).length);
  const lines = ['## Executive summary', ''];
  const docs = `${profiles.length} ${profiles.length === 1 ? 'document was' : 'documents were'} reviewed`;
  lines.push(
    register.length === 0
      ? `${docs}; no clause carrying a liability risk was found.`
      : `${docs}; ${register.length} risk ${register.length === 1 ? 'item was' : 'items were'} identified: ${counts[0]} high, ${counts[1]} medium and ${counts[2]} low.`,
  );
  if (register.length > 0) {
    lines.push('', 'Top risks:', '');
    register.slice(0, TOP_RISKS).forEach((r, i) => {
      const bearer = r.item.bearer === UNCLEAR ? '' : `, borne by ${r.item.bearer === BOTH_PARTIES ? 'both parties' : escapeInline(r.item.bearer)}`;
      lines.push(`${i + 1}. **${clauseLabel(r.item.category)}** (${r.item.severity}) in ${escapeInline(r.profile.source.file)}${bearer}: ${quoted(r.item.quote, EXECUTIVE_QUOTE_CHARS)} ${r.marker}`);
    });
  }
  lines.push('');
  if (everywhere.length === 0) lines.push('Gaps: every expected protection appears in at least one document.');
  else lines.push(`Gaps: no document contains ${listProse(everywhere.map((g) => gapLabel(g.category)))} (see Gaps below).`);
  return lines.join('\n');
}

function riskRegister(register: readonly RegisterItem[]): string {
  const lines = ['## Risk register', ''];
  if (register.length === 0) {
    lines.push('No risk items were found in the documents.');
    return lines.join('\n');
  }
  lines.push(
    table(
      ['Severity', 'Clause', 'Document', 'Who bears the risk', 'Why it matters', 'Source'],
      register.map((r) => [
        capitalize(r.item.severity),
        clauseLabel(r.item.category),
        escapeInline(r.profile.source.file),
        bearerText(r.item.bearer),
        escapeInline(r.item.rationale),
        r.marker,
      ]),
    ),
  );
  return lines.join('\n');
}

function riskDetails(register: readonly RegisterItem[]): string {
  if (register.length === 0) return '';
  const lines = ['## Clauses behind each risk', ''];
  register.forEach((r, i) => {
    lines.push(`**${i + 1}. ${clauseLabel(r.item.category)}** (${r.item.severity}) in ${escapeInline(r.profile.source.file)}; risk borne by: ${bearerText(r.item.bearer)}`);
    lines.push('', `> ${quoted(r.item.quote, BLOCKQUOTE_CHARS)} ${r.marker}`, '');
  });
  return lines.join('\n');
}

function gapsSection(everywhere: readonly RiskGap[], somewhere: readonly { gap: RiskGap; files: string[] }[]): string {
  const lines = ['## Gaps', ''];
  if (everywhere.length === 0) lines.push('Each expected protection appears in at least one document.');
  for (const gap of everywhere) lines.push(`- **${clauseLabel(gap.category)}** (${gap.severity}): ${escapeInline(gap.explanation)}`);
  if (somewhere.length > 0) {
    lines.push('', 'Protections present in some documents but missing from others:', '');
    for (const { gap, files } of somewhere) lines.push(`- **${clauseLabel(gap.category)}** (${gap.severity}): not found in ${listProse(files.map(escapeInline))}.`);
  }
  return lines.join('\n');
}

/**
 * A liability analysis of a matter's documents: an executive summary, who bears what (indemnities, caps, excluded
 * damages, insurance), a risk register table with severity,
 * clause, document, the party bearing the risk and why it matters, the quoted clause behind each risk, and the
 * expected protections no document contains. Every quoted clause is cited and resolved under Sources.
 */
export function buildLiabilityAnalysis(docs: readonly ReportSource[], options: ReportOptions): LegalReport {
  const cites = new CitationRegistry();
  const profiles = docs.map(profileDocument);
  const register: RegisterItem[] = registerItems(profiles).map((r) => ({ ...r, marker: cites.marker(r.profile.source, r.item.start, r.item.end) }));
  const { missingEverywhere, missingSomewhere } = gapsFor(profiles, register);
  const parts: string[] = ['# Liability Analysis', '', `Matter: ${escapeInline(options.projectName)}`, ''];
  if (profiles.length === 0) {
    parts.push('No documents have been provided for this matter.', '');
  } else {
    parts.push(executiveSummary(profiles, register, missingEverywhere), '', allocationSection(cites, profiles), '', riskRegister(register), '');
    const details = riskDetails(register);
    if (details !== '') parts.push(details);
    parts.push(gapsSection(missingEverywhere, missingSomewhere), '');
  }
  parts.push(cites.sourcesSection());
  return { kind: 'liability-analysis', markdown: `${parts.join('\n')}\n`, citations: cites.citations };
}
