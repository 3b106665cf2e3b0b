import { containsCategory, detectClauses, presenceConfidence, scoreToConfidence, type ClauseFinding } from '../clauses/detect-clauses';
import { extractParties } from '../extraction/parties';
import { determineBearer } from './bearer';
import { EXPECTED_PROTECTIONS, RISK_PROFILES } from './risk-profiles';
import type { PartyRef, RiskAssessment, RiskDocument, RiskGap, RiskItem, Severity } from './types';

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Grades one finding; undefined for categories that only describe the contract (names, parties, dates). */
export function gradeFinding(finding: ClauseFinding, parties: readonly PartyRef[] = []): RiskItem | undefined {
  const profile = RISK_PROFILES[finding.category as keyof typeof RISK_PROFILES];
  if (profile === undefined) return undefined;
  return {
    category: finding.category,
    severity: profile.adjust?.(finding.quote) ?? profile.severity,
    bearer: determineBearer(finding.quote, profile.bearer, parties),
    rationale: profile.rationale,
    quote: finding.quote,
    start: finding.start,
    end: finding.end,
  };
}

const STRONG = scoreToConfidence(1);
const DEFINITION = /^\s*(?:\([a-z0-9]+\)\s*|[0-9.]+\s+)?["“][^"”]{1,80}["”]\s+(?:shall\s+)?(?:means?|refers?\s+to|has\s+the\s+meaning)\b/i;

/**
 * The findings worth grading in one document: per category, every confidently found clause, or the single
 * best one when the category is present only on weaker evidence. Definitions are left out.
 */
function riskRelevantFindings(findings: readonly ClauseFinding[]): ClauseFinding[] {
  const byCategory = new Map<string, ClauseFinding[]>();
  for (const f of findings) {
    if (f.confidence < presenceConfidence(f.category) || DEFINITION.test(f.quote)) continue;
    const list = byCategory.get(f.category) ?? [];
    if (!list.some((g) => g.start === f.start && g.end === f.end)) list.push(f);
    byCategory.set(f.category, list);
  }
  const out: ClauseFinding[] = [];
  for (const list of byCategory.values()) {
    const strong = list.filter((f) => f.confidence >= STRONG);
    out.push(...(strong.length > 0 ? strong : [list.reduce((a, b) => (b.confidence > a.confidence ? b : a))]));
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Expected protections that none of the documents contains. */
export function findGaps(documents: readonly RiskDocument[]): RiskGap[] {
  return EXPECTED_PROTECTIONS.filter((rule) => !documents.some((d) => containsCategory(d.findings, rule.category))).map((rule) => ({
    category: rule.category,
    severity: rule.severity,
    explanation: rule.explanation,
  }));
}

/**
 * Rule-based risk grading for a set of documents: one item per clause found with enough confidence,
 * most severe first, and the gaps (expected protections missing from every document).
 */
export function assessRisks(documents: readonly RiskDocument[]): RiskAssessment {
  const items: Array<RiskItem & { order: number }> = [];
  let order = 0;
  for (const doc of documents) {
    for (const finding of riskRelevantFindings(doc.findings)) {
      const item = gradeFinding(finding, doc.parties);
      if (item === undefined) continue;
      items.push({ ...item, ...(doc.documentId === undefined ? {} : { documentId: doc.documentId }), order: order++ });
    }
  }
  items.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.order - b.order);
  return { items: items.map(({ order: _order, ...item }) => item), gaps: findGaps(documents) };
}

/** Detects clauses and parties in each contract text and grades the result. */
export function assessContractRisks(contracts: ReadonlyArray<{ documentId?: string; text: string }>): RiskAssessment {
  return assessRisks(
    contracts.map((c) => ({
      ...(c.documentId === undefined ? {} : { documentId: c.documentId }),
      findings: detectClauses(c.text),
      parties: extractParties(c.text).map((p) => ({ name: p.value, ...(p.role === undefined ? {} : { role: p.role.value }) })),
    })),
  );
}
