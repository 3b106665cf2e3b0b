import type { CuadCategory } from '../clauses/categories';
import { missingName } from '../extraction/parties';
import type { DateField, MoneyContext, MoneyField } from '../extraction/types';
import { CitationRegistry } from './citations';
import { clauseLabel } from './clause-labels';
import { bestFinding, documentLabel, formatDuration, formatIsoDate, profileDocument, segmentAt, type DocumentProfile } from './document-profile';
import { escapeInline, flatten, listProse, quoted } from './markdown';
import { keyObligations } from './obligations';
import type { LegalReport, ReportOptions, ReportSource } from './types';

export const NOT_STATED = 'Not stated in the document.';

/** Clauses worth a lawyer's attention in a summary, in the order they are listed. */
const NOTABLE_CLAUSES: readonly CuadCategory[] = [
  'Exclusivity',
  'Non-Compete',
  'No-Solicit Of Customers',
  'No-Solicit Of Employees',
  'Non-Disparagement',
  'Change Of Control',
  'Termination For Convenience',
  'Anti-Assignment',
  'Rofr/Rofo/Rofn',
  'Most Favored Nation',
  'Minimum Commitment',
  'Price Restrictions',
  'Revenue/Profit Sharing',
  'License Grant',
  'Irrevocable Or Perpetual License',
  'Ip Ownership Assignment',
  'Joint Ip Ownership',
  'Source Code Escrow',
  'Cap On Liability',
  'Uncapped Liability',
  'Liquidated Damages',
  'Warranty Duration',
  'Insurance',
  'Audit Rights',
  'Covenant Not To Sue',
  'Third Party Beneficiary',
  'Post-Termination Services',
];

const MONEY_GROUPS: readonly (readonly [MoneyContext, string])[] = [
  ['fee', 'Fees and payments'],
  ['cap', 'Liability caps'],
  ['damages', 'Damages, penalties and termination fees'],
  ['insurance', 'Insurance amounts'],
];
const AMOUNTS_PER_GROUP = 4;
const INLINE_QUOTE_CHARS = 220;

interface Context {
  cites: CitationRegistry;
}

function moneyValue(m: MoneyField): string {
  return escapeInline(m.value);
}

/** Cites the sentence around a span, or the span itself when it stands outside any sentence. */
function citeAround(ctx: Context, profile: DocumentProfile, start: number, end: number): string {
  const segment = segmentAt(profile, start);
  return segment !== undefined && segment.end >= end ? ctx.cites.marker(profile.source, segment.start, segment.end) : ctx.cites.marker(profile.source, start, end);
}

/** Extends a defined name to the quote mark and bracket that close it: `("Supplier` -> `("Supplier")`. */
function closeDefinition(text: string, end: number): number {
  let e = end;
  if (/["”'’]/.test(text[e] ?? '')) e++;
  if (text[e] === ')') e++;
  return e;
}

/** Wording that says when a contract takes effect; a bare mention of "the Effective Date" does not. */
const TAKES_EFFECT = /\beffective\s+(?:as\s+of|on|upon|from|immediately)\b|\bbecomes?\s+effective\b|\btakes?\s+effect\b|\bcomes?\s+into\s+(?:force|effect)\b|\bcommenc\w*\s+(?:on|upon|as\s+of)\b|\b(?:begin|begins|start|starts)\s+(?:on|upon|as\s+of)\b/i;

/** A definition of the effective date: "\"Effective Date\" means the date of last signature". */
const EFFECTIVE_DEFINED = /["“](?:Effective|Commencement)\s+Date["”]\s+(?:shall\s+)?(?:means?|is|refers\s+to)\b|\bthe\s+(?:effective|commencement)\s+date\s+(?:of|for)\s+this\s+(?:agreement|contract)\s+(?:shall|will)\s+be\b/i;
/** Words that tie the effective date to the date of the agreement itself. */
const AGREEMENT_DATE_REFERENCE = /\bdate\s+(?:first\s+|last\s+)?(?:above\s+)?(?:written|set\s+(?:forth|out)|stated|shown|mentioned|indicated)\b|\bdate\s+(?:hereof|of\s+(?:this|the)\s+(?:Agreement|Contract))\b|\bdate\s+(?:given|stated|written|set\s+out)\s+at\s+the\s+(?:beginning|head|top)\s+of\b|\b(?:execution|signature|signing)\b/i;

function partyLine(ctx: Context, profile: DocumentProfile): string {
  const parties = profile.fields.parties;
  if (parties.length === 0) return NOT_STATED;
  return `${parties
    .map((p) => {
      const role = p.role === undefined ? undefined : escapeInline(p.role.value);
      const missing = role === undefined ? undefined : missingName(p.value);
      // "“Distributor” (name left blank in the document)" reads better than a row of underscores with its defined name.
      const name =
        missing !== undefined ? `“${role}” (name ${missing === 'blank' ? 'left blank' : 'redacted'} in the document)` : `${escapeInline(p.value)}${role === undefined ? '' : ` (“${role}”)`}`;
      return `${name} ${ctx.cites.marker(profile.source, p.start, p.role !== undefined && p.role.end > p.end ? closeDefinition(profile.source.text, p.role.end) : p.end)}`;
    })
    .join('; ')}.`;
}

function dateText(ctx: Context, profile: DocumentProfile, date: DateField): string {
  return `${escapeInline(date.iso === undefined ? date.value : formatIsoDate(date.iso))} ${citeAround(ctx, profile, date.start, date.end)}`;
}

function keyDates(ctx: Context, profile: DocumentProfile): string[] {
  const { fields } = profile;
  const agreement = fields.dates.find((d) => d.kind === 'agreement');
  const effective = fields.dates.find((d) => d.kind === 'effective');
  const lines: string[] = [];
  lines.push(`Agreement date: ${agreement === undefined ? NOT_STATED : dateText(ctx, profile, agreement)}`);
  const from = fields.effectiveFrom;
  if (effective !== undefined) lines.push(`Effective date: ${dateText(ctx, profile, effective)}`);
  else if (from !== undefined && (TAKES_EFFECT.test(from.value) || EFFECTIVE_DEFINED.test(from.value))) {
    const words = `${quoted(from.value, INLINE_QUOTE_CHARS)} ${citeAround(ctx, profile, from.start, from.end)}`;
    lines.push(
      agreement?.iso !== undefined && AGREEMENT_DATE_REFERENCE.test(from.value)
        ? `Effective date: ${dateText(ctx, profile, agreement)}, the date of the agreement: ${words}`
        : `Effective date: ${words}`,
    );
  } else if (agreement !== undefined) lines.push(`Effective date: no separate date is stated; the agreement is dated ${dateText(ctx, profile, agreement)}`);
  else lines.push(`Effective date: ${NOT_STATED}`);
  const term = fields.term;
  if (term?.expiresOn !== undefined) lines.push(`Expiry: ${dateText(ctx, profile, term.expiresOn)}`);
  else if (term?.initialTerm !== undefined) lines.push(`Expiry: at the end of an initial term of ${formatDuration(term.initialTerm)} ${ctx.cites.marker(profile.source, term.start, term.end)}`);
  else if (term !== undefined) lines.push(`Expiry: no fixed date; ${quoted(term.value, INLINE_QUOTE_CHARS)} ${ctx.cites.marker(profile.source, term.start, term.end)}`);
  else lines.push(`Expiry: ${NOT_STATED}`);
  const notice = fields.renewal?.noticePeriod;
  const noticeFinding = bestFinding(profile, 'Notice Period To Terminate Renewal');
  if (notice !== undefined && fields.renewal !== undefined) {
    const source = noticeFinding ?? fields.renewal;
    lines.push(`Notice deadline: notice of non-renewal ${formatDuration(notice)} before the term ends ${ctx.cites.marker(profile.source, source.start, source.end)}`);
  } else if (term?.noticePeriod !== undefined) {
    const period = term.noticePeriod;
    lines.push(`Notice deadline: ${formatDuration(period)}${period.amount === 1 ? '’s' : '’'} notice to end the agreement ${ctx.cites.marker(profile.source, term.start, term.end)}`);
  } else if (fields.endNotice !== undefined) {
    const { period, start, end } = fields.endNotice;
    lines.push(`Notice deadline: ${formatDuration(period)}${period.amount === 1 ? '’s' : '’'} notice to end the agreement at the end of a term ${ctx.cites.marker(profile.source, start, end)}`);
  } else if (noticeFinding !== undefined) {
    lines.push(`Notice deadline: ${quoted(noticeFinding.quote, INLINE_QUOTE_CHARS)} ${ctx.cites.marker(profile.source, noticeFinding.start, noticeFinding.end)}`);
  } else {
    lines.push(`Notice deadline: ${NOT_STATED}`);
  }
  return lines;
}

function termAndRenewal(ctx: Context, profile: DocumentProfile): string {
  const { term, renewal } = profile.fields;
  const parts: string[] = [];
  if (term !== undefined) {
    const marker = ctx.cites.marker(profile.source, term.start, term.end);
    if (term.initialTerm !== undefined) parts.push(`The initial term is ${formatDuration(term.initialTerm)} ${marker}.`);
    else if (term.expiresOn !== undefined) parts.push(`The term runs until ${escapeInline(term.expiresOn.iso === undefined ? term.expiresOn.value : formatIsoDate(term.expiresOn.iso))} ${marker}.`);
    else parts.push(`Term: ${quoted(term.value, INLINE_QUOTE_CHARS)} ${marker}.`);
  }
  if (renewal !== undefined) {
    const marker = ctx.cites.marker(profile.source, renewal.start, renewal.end);
    const period = renewal.renewalTerm === undefined ? '' : ` for periods of ${formatDuration(renewal.renewalTerm)}`;
    parts.push(renewal.automatic ? `It renews automatically${period} unless notice is given ${marker}.` : `It may be renewed or extended${period} ${marker}.`);
  }
  return parts.length === 0 ? NOT_STATED : parts.join(' ');
}

function lawAndForum(ctx: Context, profile: DocumentProfile): string {
  const { governingLaw, forum } = profile.fields;
  const parts: string[] = [];
  if (governingLaw !== undefined) parts.push(`Governed by the law of ${escapeInline(governingLaw.jurisdiction)} ${citeAround(ctx, profile, governingLaw.start, governingLaw.end)}.`);
  if (forum !== undefined) parts.push(`Disputes are to be heard in ${escapeInline(forum.jurisdiction)} ${citeAround(ctx, profile, forum.start, forum.end)}.`);
  return parts.length === 0 ? NOT_STATED : parts.join(' ');
}

function money(ctx: Context, profile: DocumentProfile): string[] {
  const lines: string[] = [];
  for (const [context, label] of MONEY_GROUPS) {
    const amounts = profile.fields.amounts.filter((a) => a.context === context);
    if (amounts.length === 0) continue;
    const stated = new Map<string, string>();
    const redacted = new Set<string>();
    let redactedCount = 0;
    for (const a of amounts) {
      if (a.amount === undefined) {
        redactedCount++;
        if (redacted.size < AMOUNTS_PER_GROUP) redacted.add(citeAround(ctx, profile, a.start, a.end));
        continue;
      }
      const key = `${flatten(a.value)}\u0000${segmentAt(profile, a.start)?.start ?? a.start}`;
      if (!stated.has(key) && stated.size < AMOUNTS_PER_GROUP) stated.set(key, `${moneyValue(a)} ${citeAround(ctx, profile, a.start, a.end)}`);
    }
    const items = [...stated.values()];
    const more = amounts.length - redactedCount - stated.size;
    if (more > 0) items.push(`${more} more`);
    if (redactedCount > 0) items.push(`${redactedCount === 1 ? 'a redacted amount' : `${redactedCount} redacted amounts`} ${[...redacted].join(' ')}`);
    lines.push(`${label}: ${items.join('; ')}`);
  }
  return lines;
}

function obligations(ctx: Context, profile: DocumentProfile): string[] {
  return keyObligations(profile).map((o) => `${escapeInline(o.party)}: ${quoted(o.segment.text, INLINE_QUOTE_CHARS)} ${ctx.cites.marker(profile.source, o.segment.start, o.segment.end)}`);
}

function notableClauses(ctx: Context, profile: DocumentProfile): string[] {
  const lines: string[] = [];
  for (const category of NOTABLE_CLAUSES) {
    const f = bestFinding(profile, category);
    if (f === undefined) continue;
    lines.push(`${clauseLabel(category)}: ${quoted(f.quote, INLINE_QUOTE_CHARS)} ${ctx.cites.marker(profile.source, f.start, f.end)}`);
  }
  return lines;
}

function bulletList(label: string, items: readonly string[]): string {
  if (items.length === 0) return `- **${label}:** ${NOT_STATED}`;
  return [`- **${label}:**`, ...items.map((item) => `  - ${item}`)].join('\n');
}

function documentSection(ctx: Context, profile: DocumentProfile, index: number): string {
  const { fields, source } = profile;
  const what =
    fields.title === undefined ? NOT_STATED : `${escapeInline(profile.title ?? fields.title.value)} ${ctx.cites.marker(source, fields.title.start, fields.title.end)}.`;
  return [
    `### ${index}. ${escapeInline(documentLabel(profile))}`,
    '',
    `File: ${escapeInline(source.file)}`,
    '',
    `- **What it is:** ${what}`,
    `- **Parties:** ${partyLine(ctx, profile)}`,
    bulletList('Key dates', keyDates(ctx, profile)),
    `- **Term and renewal:** ${termAndRenewal(ctx, profile)}`,
    `- **Governing law and forum:** ${lawAndForum(ctx, profile)}`,
    bulletList('Money', money(ctx, profile)),
    bulletList('Key obligations', obligations(ctx, profile)),
    bulletList('Notable clauses', notableClauses(ctx, profile)),
  ].join('\n');
}

/** A party's name reduced to what identifies it across documents: "ACME, Inc." and "Acme Inc" match. */
function partyKey(name: string): string {
  return flatten(name)
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[.,"“”'’()]/g, ' ')
    .replace(/\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|l l c|lp|l p|llp|plc|gmbh|ag|sa|s a|nv|n v|bv|b v)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function overview(ctx: Context, profiles: readonly DocumentProfile[], projectName: string): string {
  const lines: string[] = ['## Overview', ''];
  const count = profiles.length;
  lines.push(`This summary covers ${count} ${count === 1 ? 'document' : 'documents'} in the matter “${escapeInline(projectName)}”.`, '');

  const kinds = new Map<string, string[]>();
  const untitled: string[] = [];
  for (const p of profiles) {
    if (p.title === undefined || p.fields.title === undefined) {
      untitled.push(escapeInline(p.source.file));
      continue;
    }
    const key = p.title.toLowerCase();
    kinds.set(key, [...(kinds.get(key) ?? []), `${ctx.cites.marker(p.source, p.fields.title.start, p.fields.title.end)}`]);
  }
  const kindItems = [...kinds.entries()].map(([key, markers]) => {
    const name = profiles.find((p) => p.title?.toLowerCase() === key)?.title ?? key;
    return `${escapeInline(name)}${markers.length > 1 ? ` (${markers.length})` : ''} ${markers.join(' ')}`;
  });
  if (untitled.length > 0) kindItems.push(`untitled: ${untitled.join(', ')}`);
  lines.push(`- **Kinds of agreement:** ${kindItems.length === 0 ? 'Not stated in the documents.' : `${kindItems.join('; ')}.`}`);

  const partyDocs = new Map<string, { name: string; mentions: { profile: DocumentProfile; start: number; end: number }[]; documents: Set<string> }>();
  for (const p of profiles) {
    for (const party of p.fields.parties) {
      const key = partyKey(party.value);
      if (key.length < 2) continue;
      const entry = partyDocs.get(key) ?? { name: flatten(party.value), mentions: [], documents: new Set<string>() };
      if (!entry.documents.has(p.source.id)) {
        entry.documents.add(p.source.id);
        entry.mentions.push({ profile: p, start: party.start, end: party.end });
      }
      partyDocs.set(key, entry);
    }
  }
  // Only what is printed is cited, so every citation has its marker in the text.
  const markers = (e: { mentions: { profile: DocumentProfile; start: number; end: number }[] }): string =>
    e.mentions.map((m) => ctx.cites.marker(m.profile.source, m.start, m.end)).join(' ');
  const recurring = [...partyDocs.values()].filter((e) => e.documents.size > 1).sort((a, b) => b.documents.size - a.documents.size || a.name.localeCompare(b.name));
  if (count === 1) {
    const names = [...partyDocs.values()].map((e) => `${escapeInline(e.name)} ${markers(e)}`);
    lines.push(`- **Parties:** ${names.length === 0 ? 'Not stated in the document.' : `${listProse(names)}.`}`);
  } else if (recurring.length === 0) {
    lines.push('- **Recurring parties:** No party is named in more than one document.');
  } else {
    lines.push(`- **Recurring parties:** ${recurring.map((e) => `${escapeInline(e.name)} (${e.documents.size} documents) ${markers(e)}`).join('; ')}.`);
  }

  const dated: { iso: string; profile: DocumentProfile; date: DateField }[] = [];
  for (const p of profiles) for (const date of p.fields.dates) if (date.iso !== undefined) dated.push({ iso: date.iso, profile: p, date });
  dated.sort((a, b) => a.iso.localeCompare(b.iso) || a.profile.source.file.localeCompare(b.profile.source.file) || a.date.start - b.date.start);
  if (dated.length === 0) {
    lines.push('- **Date range:** Not stated in the documents.');
  } else {
    const first = dated[0];
    const last = dated[dated.length - 1];
    const firstText = `${formatIsoDate(first.iso)} ${citeAround(ctx, first.profile, first.date.start, first.date.end)}`;
    lines.push(
      first.iso === last.iso
        ? `- **Date range:** The only date stated is ${firstText}.`
        : `- **Date range:** The dates stated run from ${firstText} to ${formatIsoDate(last.iso)} ${citeAround(ctx, last.profile, last.date.start, last.date.end)}.`,
    );
  }
  return lines.join('\n');
}

/**
 * A case summary of a matter's documents: an overview across them, then per document what it is, who the
 * parties are, key dates, term, law and forum, money, key obligations and notable clauses. Every statement
 * taken from a document carries a citation marker resolved in the closing Sources section.
 */
export function buildCaseSummary(docs: readonly ReportSource[], options: ReportOptions): LegalReport {
  const ctx: Context = { cites: new CitationRegistry() };
  const profiles = docs.map(profileDocument);
  const parts: string[] = ['# Case Summary', '', `Matter: ${escapeInline(options.projectName)}`, ''];
  if (profiles.length === 0) {
    parts.push('No documents have been provided for this matter.', '');
  } else {
    parts.push(overview(ctx, profiles, options.projectName), '', '## Documents', '');
    profiles.forEach((p, i) => parts.push(documentSection(ctx, p, i + 1), ''));
  }
  parts.push(ctx.cites.sourcesSection());
  return { kind: 'case-summary', markdown: `${parts.join('\n')}\n`, citations: ctx.cites.citations };
}
