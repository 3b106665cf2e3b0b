import { EACH_PARTY, type Indemnity, type LiabilityCap } from '../extraction/liability';
import type { CitationRegistry } from './citations';
import { documentLabel, type DocumentProfile } from './document-profile';
import { escapeInline, listProse, quoted } from './markdown';

const PER_KIND = 4;
const PHRASE_CHARS = 220;
const QUOTE_CHARS = 200;

/** The other party of a two-party contract, for an indemnity or cap that names only one side. */
function otherParty(profile: DocumentProfile, party: string): string | undefined {
  const labels = profile.parties.map((p) => p.role ?? p.name);
  if (labels.length !== 2) return undefined;
  const lower = party.toLowerCase();
  const index = profile.parties.findIndex((p) => p.role?.toLowerCase() === lower || p.name.toLowerCase() === lower);
  return index === -1 ? undefined : labels[1 - index];
}

function phrase(text: string): string {
  return escapeInline(text.length > PHRASE_CHARS ? `${text.slice(0, text.lastIndexOf(' ', PHRASE_CHARS))} …` : text);
}

function indemnityLine(profile: DocumentProfile, i: Indemnity, marker: string): string {
  const scope = i.scope === undefined ? '' : ` against claims and losses arising from ${phrase(i.scope)}`;
  if (i.indemnitor === undefined) {
    const reason = /\bIndemnifying\s+Party\b/.test(i.value)
      ? 'the clause speaks of “the Indemnifying Party” and names neither side'
      : 'the clause does not name the party that indemnifies';
    return `Not clear who indemnifies: ${reason}${scope === '' ? '' : `; it covers claims arising from ${phrase(i.scope ?? '')}`} ${marker}`;
  }
  if (i.indemnitor === EACH_PARTY) return `Each party indemnifies the other${scope} ${marker}`;
  const protectedParty = i.indemnitees ?? (otherParty(profile, i.indemnitor) === undefined ? 'the other party' : `the other party (${otherParty(profile, i.indemnitor) ?? ''})`);
  return `${escapeInline(i.indemnitor)} indemnifies ${phrase(protectedParty)}${scope} ${marker}`;
}

/** Whether the indemnities run both ways: each party gives one, or one clause binds both. */
function mutualIndemnity(indemnities: readonly Indemnity[]): boolean {
  if (indemnities.some((i) => i.indemnitor === EACH_PARTY)) return true;
  return new Set(indemnities.map((i) => i.indemnitor).filter((p) => p !== undefined)).size >= 2;
}

const DAMAGE_ADJECTIVES = new Set(['indirect', 'incidental', 'consequential', 'special', 'punitive', 'exemplary']);

/** "indirect and consequential damages, lost profits and loss of data". */
function damagesText(kinds: readonly string[]): string {
  const adjectives = kinds.filter((k) => DAMAGE_ADJECTIVES.has(k));
  const losses = kinds.filter((k) => !DAMAGE_ADJECTIVES.has(k));
  return listProse([...(adjectives.length === 0 ? [] : [`${listProse(adjectives)} damages`]), ...losses]);
}

function capLine(c: LiabilityCap, marker: string): string {
  const whose = c.party === undefined ? 'Liability' : c.party === EACH_PARTY ? 'Each party’s liability' : `${escapeInline(c.party)}’s liability`;
  const measure = c.amount !== undefined ? escapeInline(c.amount.value) : c.measure !== undefined ? phrase(c.measure) : undefined;
  const carve = c.exceptions === undefined ? '' : `; the cap does not apply to ${phrase(c.exceptions)}`;
  if (measure === undefined) return `${whose} is limited: ${quoted(c.value, QUOTE_CHARS)}${carve} ${marker}`;
  return `${whose} is capped at ${measure}${carve} ${marker}`;
}

/**
 * "Who bears what" for each document: who indemnifies whom and for what, how liability is capped and what is
 * carved out, which damages are excluded and who must insure. Each statement cites its clause; where the text
 * leaves the answer open, the line says why.
 */
export function allocationSection(cites: CitationRegistry, profiles: readonly DocumentProfile[]): string {
  const lines = ['## Who bears what', ''];
  profiles.forEach((profile, index) => {
    const { indemnities, caps, exclusions, insurance } = profile.liability;
    const cite = (span: { start: number; end: number }): string => cites.marker(profile.source, span.start, span.end);
    if (profiles.length > 1) lines.push(`### ${index + 1}. ${escapeInline(documentLabel(profile))}`, '');

    const indemnityLines = indemnities.slice(0, PER_KIND).map((i) => indemnityLine(profile, i, cite(i)));
    if (indemnities.length === 0) lines.push('- **Indemnities:** None found; losses caused by the other side would have to be recovered as ordinary damages, subject to any cap.');
    else lines.push(`- **Indemnities:** ${mutualIndemnity(indemnities) ? 'mutual — each side indemnifies the other.' : 'one-sided.'}`, ...indemnityLines.map((l) => `  - ${l}`));

    if (caps.length === 0) lines.push('- **Cap on liability:** None found; liability is not limited to a sum.');
    else lines.push('- **Cap on liability:**', ...caps.slice(0, PER_KIND).map((c) => `  - ${capLine(c, cite(c))}`));

    if (exclusions.length === 0) lines.push('- **Excluded damages:** None found; indirect and consequential losses are not excluded.');
    else
      lines.push(
        '- **Excluded damages:**',
        ...exclusions.slice(0, PER_KIND).map((e) => {
          const who = e.party === undefined ? 'Liability is excluded' : e.party === EACH_PARTY ? 'Neither party is liable' : `${escapeInline(e.party)} is not liable`;
          return `  - ${who} for ${damagesText(e.kinds)} ${cite(e)}`;
        }),
      );

    if (insurance.length === 0) lines.push('- **Insurance:** No insurance requirement found.');
    else
      lines.push(
        '- **Insurance:**',
        ...insurance.slice(0, PER_KIND).map((r) => {
          const who = r.party === undefined ? 'Insurance must be kept' : r.party === EACH_PARTY ? 'Each party must keep insurance' : `${escapeInline(r.party)} must keep insurance`;
          const kinds = r.kinds.length === 0 ? '' : `: ${listProse(r.kinds)}`;
          const amounts = r.amounts.length === 0 ? '' : ` (${r.amounts.slice(0, 3).map((a) => escapeInline(a.value)).join(', ')})`;
          return `  - ${who}${kinds}${amounts} ${cite(r)}`;
        }),
      );
    lines.push('');
  });
  return lines.join('\n').trimEnd();
}
