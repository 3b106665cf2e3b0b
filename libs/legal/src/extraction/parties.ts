import type { PartyField, FieldSpan } from './types';

const OPENING = /\b(?:by\s+and\s+between|by\s+and\s+among|between|among|BETWEEN|AMONG|Between|Among)\b/g;
const PREAMBLE_END = /\b(?:WHEREAS|Whereas|RECITALS?|Recitals|R\s+E\s+C\s+I\s+T\s+A\s+L\s+S|W\s?I\s?T\s?N\s?E\s?S\s?S\s?E\s?T\s?H|Witnesseth|BACKGROUND|Background:|NOW,?\s+THEREFORE|Now,?\s+therefore|IN CONSIDERATION|In consideration|The parties agree|THE PARTIES AGREE)\b/;
const GENERIC_ROLES = /^(?:Party|Parties|party|parties|this\s+\w+|Parties hereto|Effective Date|Contract|Shares|Products?|Territory|Services|Commission)$|\b(?:Agreement|Amendment|Addendum|Contract|Date|Plan|Act|Exhibit|Schedule)$/i;
const ROLE_GROUP = /\(([^()]{0,160})\)|((?:[Hh]ere(?:in)?after|[Hh]erein)\s+(?:referred\s+to\s+as|called|known\s+as):?\s+(?:the\s+)?["“'][^"”']{1,60}["”'](?:\s+or\s+(?:the\s+)?["“'][^"”']{1,60}["”'])?)/g;
const PREAMBLE_START = /\b(?:This|THIS)\s+(?:(?:[A-Z][\w&/-]*|and|of|for|&)\s+){0,8}?(?:Agreement|AGREEMENT|Amendment|AMENDMENT|Contract|CONTRACT|Addendum|ADDENDUM|Licen[cs]e|LICEN[CS]E)\b.{0,400}?\b(?:is|are|was)\s+(?:hereby\s+)?(?:made|entered|dated|executed|effective|by\s+and\s+(?:between|among)|between|among)/s;
const CONNECTOR_WORDS = /^(?:of|and|&|de|du|la|le|des|the|for|der|von|y|e|da|do|dba|d\/b\/a)$/i;
/** Legal-form words written in lower case ("QIWI plc", "drkoop.com, inc.") say nothing about whether the rest is a name. */
const LEGAL_FORM_WORDS = /^(?:plc|inc|ltd|llc|corp|corporation|company|incorporated|limited|co|gmbh|ag|sa|s\.a|bv|b\.v|nv|n\.v|lp|l\.p|llp|pte|pty|srl|s\.r\.l|spa|s\.p\.a)[.,]*$/i;
const QUOTED = /["“']([^"“”']{1,60}?)[,.]?["”']/g;
const NAME_CUT = /\s+with\s+(?:its|a|an|offices|principal)\b|,\s+(?:a|an)\s|,\s+(?:having|with|whose|located|organi[sz]ed|incorporated|residing|acting|each|through|on behalf|being|registered|registration|represented|existing|in\s+the\s+person\s+of)|,?\s+(?:a|an)\s+(?:\S+\s+){0,3}(?:[Cc]orporation|CORPORATION|[Cc]ompany|[Ll]imited|[Pp]artnership|national)|\s+(?:whose|which|who)\s|\s+(?:acting\s+)?through\s+(?:its|their)\s|[ \t]{4,}(?=\S)|,?\s+(?:and\/or|or|and)\s+(?:its|their)?\s*(?:permitted\s+)?(?:[Ss]uccessors|[Aa]ssigns|[Aa]ssignees|[Aa]ffiliates|SUCCESSORS|ASSIGNS|AFFILIATES)\b|\s+\((?![A-Za-z.]{1,12}\)\s*(?:Inc|Ltd|LLC|Limited|Corp|Co\b|GmbH|AG\b|S\.A|B\.V|N\.V|plc|Pte|Pty))|,\s*(?:and\s*)?$|,?\s+(?=[0-9]{2,}\s+[A-Z])|,\s+(?=[0-9])|\s+of\s+(?=[^,]{0,40}\d)|\s+of\s+(?=\[|_{3,})|\s+(?=\d{1,3}(?:st|nd|rd|th)\s+Floor\b|(?:Unit|Suite|Room|Floor|Level)\s+\d)|\s+to\s+be\s+(?:formed|incorporated|organi[sz]ed|established)\b|\s+(?:hereinafter|herein)\b|\s+(?:located|with offices|having)\s/;
const CONNECTOR = /^(?:[\s,;:-]|and\b|by\b|between\b|among\b|BETWEEN\b|AMONG\b|AND\b|the\b(?=\s+[a-z]))+/;
/** A form's party boxes: "Client Name: ACME INC. 53702 Generations Drive", "Customer Name: MTS, INC.". */
const ROLE_NAME_LABEL = /\b(Client|Customer|Company|Vendor|Supplier|Licensee|Licensor|Distributor|Reseller|Contractor|Consultant|Provider|Purchaser|Buyer|Seller)\s+Name\s*:\s*([A-Z][^\n]{2,80}?)(?=\s+(?:\d|(?:Address|Principal|Principle|Contact|Attn|Attention|Tel|Phone)\b)|\n|$)/g;
const PARTY_LABEL = /(?<!\bof\s+)\bParty\s+[A-Z]\s*[:：]\s*([^\n]{3,120}?)(?=\s+(?:Legal Representative|Address|Registered|Domicile|Party\s+[A-Z]\s*[:：]|Unified)|\n|$)/g;

function span(text: string, start: number, end: number): FieldSpan {
  return { start, end, value: text.slice(start, end) };
}

function trimSpan(text: string, start: number, end: number): FieldSpan | undefined {
  let s = start;
  let e = end;
  while (s < e && /[\s,;:"“”●•·]/.test(text[s])) s++;
  while (e > s && /[\s,;:"“”]/.test(text[e - 1])) e--;
  // "Theravance Biopharma UK Limited is (the "Employer")": a verb left before the defined name.
  const verb = /\s+(?:is|are|was)$/.exec(text.slice(s, e));
  if (verb !== null) e -= verb[0].length;
  return e - s >= 2 ? span(text, s, e) : undefined;
}

// The last "between"/"and"/"with" before a defined name starts that party's name.
const NAME_START = /\b(?:by\s+and\s+between|by\s+and\s+among|between|among|BETWEEN|AMONG)[:\s]+|(?:\b(?:and|AND|with|by|BY)\b|&)[:\s]+(?:the\s+(?=[A-Z][\w-]*\s+(?:of\s+)?[A-Z]))?(?=[A-Z0-9]|[a-z]{1,2}[A-Z]|_{3,}|<<)|^|\)\s*,?\s*/g;
const OPENING_WORDS = /\b(?:by\s+and\s+between|by\s+and\s+among|between|among)\b[\s:]*/gi;
const SALUTATION = /^(?:(?:Ladies\s+and\s+)?Gentlemen|Dear\s+[^:\n]{1,40}|Sirs)\s*:\s*/i;
const SALUTATION_ANY = /(?:Ladies\s+and\s+)?Gentlemen\s*:|\bDear\s+[^:\n]{1,40}:/g;
/** A role written as a label before the name: "The Covenanter: ACME Inc.", "The buyer/End-User: ...". */
const ROLE_LABEL = /^(?:the\s+)?[A-Za-z][\w/-]*(?:\s+[A-Za-z][\w/-]*)?\s*:\s+(?=[A-Z0-9])/i;
/** A letter's "... is pleased to retain Jane Doe ("Consultant")": the party is the one retained. */
const ENGAGES = /^(?:[^()"“]{0,80}?\s)?(?:to\s+)?(?:retain|engage|employ|appoint|hire)s?\s+(?=[A-Z])/;
/** "... ('the Manufacturer') of one part AND: ...": the closing words of the party before. */
const OF_THE_PART = /^of\s+(?:the\s+)?(?:one|first|other|second)\s+part\b[\s,;.]*/i;
/** "between the following two parties on November 24, 2009 in Beijing:": the names follow the colon. */
const FOLLOWING_PARTIES = /^(?:the\s+)?following\s+(?:\w+\s+)?parties\b[^:;.]{0,80}:\s*/i;
/** A heading over the list of parties: "Parties to this agreement", "THE PARTIES:". */
const PARTIES_HEADING = /^(?:the\s+)?parties(?:\s+to\s+this\s+(?:agreement|contract))?\s*(?::\s*|\n\s*)/i;
const ENUMERATOR = /^(?:\(\s*(?:[0-9]{1,2}|[a-z]|[ivx]{1,4})\s*\)|[0-9]{1,2}\.(?!\d))\s*/i;

/** The party's name at the start of the words before its defined name: "ACME Inc., a Delaware corporation, ..." -> "ACME Inc.". */
function leadingName(text: string, chunkStart: number, chunkEnd: number): FieldSpan | undefined {
  const chunk = text.slice(chunkStart, chunkEnd);
  let offset = 0;
  OPENING_WORDS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = OPENING_WORDS.exec(chunk)) !== null) offset = m.index + m[0].length;
  SALUTATION_ANY.lastIndex = 0;
  while ((m = SALUTATION_ANY.exec(chunk)) !== null) offset = Math.max(offset, m.index + m[0].length);
  // A list of parties separated by semicolons: "(b) ... 90067; and (c) Diplomat Ambassador Eyewear Group".
  const lastItem = /;\s*(?:and\s+)?(?=\S)[^;]*$/.exec(chunk);
  if (lastItem !== null) offset = Math.max(offset, lastItem.index + 1);
  let rest = chunk.slice(offset);
  for (let changed = true; changed; ) {
    const before = rest.length;
    rest = rest.replace(CONNECTOR, '').replace(ENGAGES, '').replace(OF_THE_PART, '').replace(FOLLOWING_PARTIES, '').replace(SALUTATION, '').replace(ROLE_LABEL, '').replace(ENUMERATOR, '').replace(/^(?:EXHIBIT|Exhibit)\s+[0-9][0-9.()A-Za-z-]*\s+/, '').replace(/^as\s+(?=[A-Z])/, '').replace(PARTIES_HEADING, '');
    changed = rest.length !== before;
  }
  if (/^the\s+[A-Z][\w-]*\s+(?:of\s+)?[A-Z]/.test(rest)) rest = rest.replace(/^the\s+/, '');
  const bodyAt = chunkStart + chunk.length - rest.length;
  // A form's blank runs into the words after it: "__________an individual, with its principal place of business at ___".
  const blank = /^_{3,}/.exec(rest);
  if (blank !== null) return span(text, bodyAt, bodyAt + blank[0].length);
  const cut = NAME_CUT.exec(rest);
  const name = trimSpan(text, bodyAt, bodyAt + (cut === null ? Math.min(rest.length, 100) : cut.index));
  if (name === undefined || name.value.length > 100 || /^(?:WHEREAS|NOW|This|THIS|The parties|each|its|their|a|an|the)\b/.test(name.value)) return undefined;
  return looksLikeName(name.value) ? name : undefined;
}

function nameFrom(text: string, chunkStart: number, chunkEnd: number): FieldSpan | undefined {
  const leading = leadingName(text, chunkStart, chunkEnd);
  if (leading !== undefined) return leading;
  const chunk = text.slice(chunkStart, chunkEnd);
  let offset = 0;
  NAME_START.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NAME_START.exec(chunk)) !== null) {
    if (m[0].length === 0) {
      NAME_START.lastIndex++;
      continue;
    }
    const rest = chunk.slice(m.index + m[0].length);
    // "and" inside a name ("Procter & Gamble") is only a boundary when what precedes is a complete name or address.
    if (/^(?:and|&)/i.test(m[0]) && /^[^,(]{0,40}$/.test(chunk.slice(offset, m.index)) && offset > 0) continue;
    if (rest.trim().length > 0) offset = m.index + m[0].length;
  }
  const rest = chunk.slice(offset);
  const lead = CONNECTOR.exec(rest);
  const leadLength = lead === null ? 0 : lead[0].length;
  const body = rest.slice(leadLength);
  const cut = NAME_CUT.exec(body);
  const nameEnd = cut === null ? Math.min(body.length, 100) : cut.index;
  const name = trimSpan(text, chunkStart + offset + leadLength, chunkStart + offset + leadLength + nameEnd);
  if (name === undefined || name.value.length > 100) return undefined;
  if (/^(?:WHEREAS|NOW|This|THIS|The parties|each|its|their|a|an|the)\b/.test(name.value)) return undefined;
  return looksLikeName(name.value) ? name : undefined;
}

/** A party the preamble names only by where its name is given: "the Agent named on the signature page hereof", "the above-named Supplier". */
// A role ("the Agent", "the Seller Trusts") or a kind of party ("the company"), not "the meaning set forth in ...".
const NAMED_ELSEWHERE = /\bthe\s+(?:(?:above|below|under)[- ]?(?:named|signed|mentioned)\s+[A-Z][\w-]*|(?:[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?|(?:[a-z][\w-]*\s+)?(?:company|party|parties|entity|person|corporation|individual|agent|purchaser|seller|buyer|licensee|licensor|distributor|reseller|supplier|customer|contractor|consultant|lender|borrower|investor|sponsor))\s+(?:named|identified|listed|set\s+forth|specified)\s+(?:below|above|(?:on|in|at)\s+(?:the\s+)?(?:signature|cover|first)\s+pages?|(?:on|in)\s+(?:Schedule|Exhibit|Annex|Appendix|Attachment)\b)[^,;().]{0,40})/;

/** The last party given only by its role, its name in a box elsewhere: "and Distributor, as set forth below", "and the Reseller named above". */
const ROLE_ONLY_PARTY = /^\s*,?\s*(?:and|AND)\s+((?:the\s+)?[A-Z][a-z]+(?:,?\s+as)?\s+(?:named|identified|listed|set\s+forth|specified|described)\s+(?:on|in|at|below|above)\b(?:\s+(?:the\s+)?(?:signature|cover)\s+page)?)/;

function roleOnlyParty(text: string, chunkStart: number, chunkEnd: number): FieldSpan | undefined {
  const m = ROLE_ONLY_PARTY.exec(text.slice(chunkStart, chunkEnd));
  if (m === null) return undefined;
  const at = chunkStart + m.index + m[0].indexOf(m[1]);
  return span(text, at, at + m[1].length);
}

function namedElsewhere(text: string, chunkStart: number, chunkEnd: number): FieldSpan | undefined {
  const m = NAMED_ELSEWHERE.exec(text.slice(chunkStart, chunkEnd));
  return m === null ? undefined : trimSpan(text, chunkStart + m.index, chunkStart + m.index + m[0].length);
}

const LAST_NAMED = /\b(?:and|AND)\s+((?:[A-Z0-9][\w.&'-]*,?\s+){0,6}?(?:Inc|Ltd|LLC|Corp|Corporation|Company|Limited|GmbH|AG|plc|PLC|S\.A|B\.V|N\.V|L\.P|LP|LLP|Co)\.?)(?:,?\s+(?:of|in)\s+[^(),;]{1,40}(?:,\s*[^(),;]{1,30})?)?[,\s]*$/;

function nameBeforeRole(text: string, after: number, roleAt: number): FieldSpan | undefined {
  const m = LAST_NAMED.exec(text.slice(after, roleAt));
  if (m === null) return undefined;
  const at = after + m.index + m[0].indexOf(m[1]);
  return trimSpan(text, at, at + m[1].length);
}

/** "and the Franchisee ("you," "your" or "Franchisee")": a party the preamble names only by its role. */
function namedByRole(text: string, chunkStart: number, chunkEnd: number, role: FieldSpan): FieldSpan | undefined {
  const m = /\b(?:and|AND|between|with)\s+(the\s+([A-Z][\w-]*))\s*$/.exec(text.slice(chunkStart, chunkEnd));
  if (m === null || m[2].toLowerCase() !== role.value.toLowerCase()) return undefined;
  const at = chunkStart + m.index + m[0].indexOf(m[1]);
  return span(text, at, at + m[1].length);
}

/** Not a party: an agreement's own name, a form label, an address line. */
const NOT_A_PARTY = /\b(?:Agreement|AGREEMENT|Amendment|AMENDMENT|Contract|CONTRACT|Addendum|ADDENDUM|Schedule|SCHEDULE|Exhibit|EXHIBIT)\s*$|^(?:Name|Address|Title|Tel|Fax|Attention|Attn|Exhibit|Schedule|Suite)\b|^[0-9]{1,6}\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Boulevard|Blvd|Lane|Way|Parkway|Place|Court)\b/;

/** A name left blank or as a placeholder in a form, or redacted: "____________", "<<enter Company Name>>", "[ * * * ]". */
const PLACEHOLDER = /^(?:<<[^<>]{1,40}>>|\[[^[\]]{1,40}\]|_{3,})$/;

/** How a party's name is missing from the text, if it is: a blank or field of a form, or a redaction. */
export function missingName(value: string): 'blank' | 'redacted' | undefined {
  if (!PLACEHOLDER.test(value)) return undefined;
  return /\*/.test(value) ? 'redacted' : 'blank';
}

/** A signatory's office, not a party: "Chief Technology Officer Jane Doe", "John Doe, Managing Director", "Esq.". */
const OFFICE = /\b(?:Chief\s+(?:[A-Z][a-z]+\s+){0,2}Officer|(?:Managing|Executive|Marketing|Finance|Financial|Technical)\s+(?:[A-Z][a-z]+\s+)?Director|(?:Vice\s+)?President|Secretary|Treasurer|Esq)\b\.?/;
const OFFICES = new RegExp(OFFICE.source, 'g');
const ENDS_IN_LEGAL_FORM = /\b(?:Inc|Ltd|LLC|L\.L\.C|Corp|Corporation|Company|Limited|GmbH|AG|plc|PLC|S\.A|B\.V|N\.V|L\.P|LP|LLP)\.?$/i;

function looksLikeName(value: string): boolean {
  if (PLACEHOLDER.test(value)) return true;
  if (!/[A-Za-z]/.test(value) || /^[,.;:)\]]/.test(value) || NOT_A_PARTY.test(value)) return false;
  const office = OFFICE.exec(value);
  if (office !== null && (!ENDS_IN_LEGAL_FORM.test(value) || office.index === 0)) return false;
  if (/^[a-z0-9-]+\.(?:com|net|org)\b/i.test(value)) return true;
  const words = value.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w) && !CONNECTOR_WORDS.test(w) && !LEGAL_FORM_WORDS.test(w));
  if (words.length === 0 || words.length > 12) return false;
  const capitalised = words.filter((w) => /^[("'“]?(?:[A-Z0-9]|[a-z]{1,3}-?[A-Z0-9])/.test(w)).length;
  return capitalised / words.length >= 0.75;
}

/** A defined name in lower case counts when it shortens the name just given: "drkoop.com, inc. (\"drkoop.com\")", "PLAN_B MEDIA AG ... \"plan_b\"". */
function shortensName(value: string, before: string): boolean {
  return value.length >= 3 && !/^(?:you|your|we|us|our)$/i.test(value) && before.toLowerCase().includes(value.toLowerCase());
}

/** How often `word` stands on its own in the few thousand characters after `from`. */
function usedAfter(text: string, from: number, word: string): number {
  return text.slice(from, from + 6000).match(new RegExp(`\\b${word.replace(/[-]/g, '\\$&')}\\b`, 'g'))?.length ?? 0;
}

function roleIn(text: string, groupStart: number, group: string, before = ''): FieldSpan | undefined {
  // "(hereinafter referred to as Party A)", "(hereinafter Sabco)": a defined name given without quotes.
  const unquoted = /^\s*(?:here(?:in)?after\s+(?:(?:to\s+be\s+)?(?:referred\s+to\s+as|called)\s+)?|(?:referred\s+to\s+as|called)\s+)(?:the\s+)?([A-Z][\w-]*(?:\s+[A-Z0-9][\w-]*){0,2})\s*$/i.exec(group);
  if (unquoted !== null && !GENERIC_ROLES.test(unquoted[1])) {
    const at = groupStart + group.lastIndexOf(unquoted[1]);
    return span(text, at, at + unquoted[1].length);
  }
  // "Great Lakes Gas Transmission Limited Partnership (Transporter) and ANR PIPELINE COMPANY (Shipper)": a bare
  // word in parentheses is a defined name when the contract goes on using it.
  const bare = /^\s*([A-Z][A-Za-z-]{2,30})\s*$/.exec(group);
  if (bare !== null && !GENERIC_ROLES.test(bare[1]) && usedAfter(text, groupStart + group.length, bare[1]) >= 3) {
    const at = groupStart + group.indexOf(bare[1]);
    return span(text, at, at + bare[1].length);
  }
  let role: FieldSpan | undefined;
  let pronoun: FieldSpan | undefined;
  QUOTED.lastIndex = 0;
  let q: RegExpExecArray | null;
  while ((q = QUOTED.exec(group)) !== null) {
    // "(hereinafter referred to as "the Customer")": the article is not part of the defined name.
    const article = /^\s*the\s+(?=[A-Z])/.exec(q[1]);
    const value = q[1].slice(article === null ? 0 : article[0].length).trim();
    if (pronoun === undefined && /^(?:we|you)$/i.test(value)) {
      const at = groupStart + q.index + q[0].indexOf(value);
      pronoun = span(text, at, at + value.length);
    }
    if (value.length === 0 || GENERIC_ROLES.test(value) || (!/^(?:[A-Z0-9]|[a-z]{1,2}[A-Z0-9])/.test(value) && !shortensName(value, before))) continue;
    const at = groupStart + q.index + q[0].indexOf(q[1]) + (article === null ? 0 : article[0].length);
    const lead = article === null ? q[1].length - q[1].trimStart().length : 0;
    role = span(text, at + lead, at + lead + value.length);
  }
  if (role === undefined) {
    // A defined name with one of its quotes missing or misplaced: ("Celebrity), "(LeadersOnline").
    const lopsided = /^\s*["“]?([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})["”]?\s*$/.exec(group);
    if (lopsided !== null && /["“”]/.test(group) && !GENERIC_ROLES.test(lopsided[1])) {
      const at = groupStart + group.indexOf(lopsided[1]);
      role = span(text, at, at + lopsided[1].length);
    }
  }
  // ("we," "us," or "our"): a franchisor's form names its parties only by pronoun.
  return role ?? pronoun;
}

/** The contracting parties named in the preamble, each with the defined name it is given there. */
export function extractParties(original: string): PartyField[] {
  // "B E T W E E N:" read as the word, in a copy of the same length so that every offset still holds.
  const text = original.replace(/\b(?:B\s+E\s+T\s+W\s+E\s+E\s+N|A\s+M\s+O\s+N\s+G)\b/g, (spaced) => spaced.replace(/\s+/g, '').padEnd(spaced.length, ' '));
  const labelled = dedupe(labelledParties(text));
  if (labelled.length >= 2) return labelled;

  const found = parseWindow(text, preambleWindow(text)).map((party) => filledIn(text, party));
  if (found.length >= 2) return found;
  const later = laterPreamble(text);
  if (later !== undefined) return later;
  if (found.length > 0) return found;
  if (labelled.length > 0) return labelled;
  const signed = signatories(text);
  return signed.length >= 2 ? signed : companyNames(text, 2500);
}

/** A name in capitals standing over a signature line: "BANK OF AMERICA CORPORATION\n\nBy: ______". */
const SIGNING_NAME = /(?<![A-Za-z0-9&.,'’-])([A-Z][A-Z0-9&.,'’-]*(?:[ \t]+[A-Z0-9&.,'’()-]+){0,9})[ \t]*\n\s*(?:By|BY)\s*:/g;

/** With no preamble, the parties are those who sign: the names over the signature lines after "IN WITNESS WHEREOF". */
function signatories(text: string): PartyField[] {
  const witness = /\bIN\s+WITNESS\s+WHEREOF\b/i.exec(text);
  if (witness === null) return [];
  const block = text.slice(witness.index, witness.index + 4000);
  const out: PartyField[] = [];
  for (const m of block.matchAll(SIGNING_NAME)) {
    const at = witness.index + m.index + m[0].indexOf(m[1]);
    const name = trimSpan(text, at, at + m[1].length);
    if (name !== undefined && /[A-Z]{2,}/.test(name.value) && looksLikeName(name.value)) out.push(name);
  }
  return dedupe(out);
}

const NAMED_BELOW = /^the\s+(?:[\w-]+\s+){0,2}(?:named|identified|listed|set\s+forth|specified|described)\s+(?:below|on\s+the\s+(?:signature|cover)\s+page)/i;

/**
 * A party the preamble names by where its name is filled in ("the company set forth below ("Company")"), when
 * the form's box follows: "Company: Bravo Systems, Inc. Telephone: ...".
 */
function filledIn(text: string, party: PartyField): PartyField {
  if (party.role === undefined || !NAMED_BELOW.test(party.value)) return party;
  const role = party.role.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const box = new RegExp(`\\b${role}(?:\\s+Name)?\\s*:\\s*([A-Z][^\\n]{2,80}?)(?=\\s+(?:\\(|(?:Telephone|Tel|Phone|Address|Fax|E-?mail|Attn|Attention|By)\\b)|\\n|$)`);
  const m = box.exec(text.slice(party.role.end, party.role.end + 2000));
  if (m === null) return party;
  const at = party.role.end + m.index + m[0].indexOf(m[1]);
  const name = trimSpan(text, at, at + m[1].length);
  return name !== undefined && looksLikeName(name.value) ? { ...name, role: party.role } : party;
}

/**
 * A cover page or a table of contents can name the parties without their defined names before the
 * preamble proper ("INTELLECTUAL PROPERTY AGREEMENT by and between A and B ... Table of Contents ...").
 * The preamble is then the first "between"/"among" after which two or more parties are each given a
 * defined name.
 */
function laterPreamble(text: string): PartyField[] | undefined {
  const head = text.slice(0, 40000);
  OPENING.lastIndex = 0;
  let m: RegExpExecArray | null;
  for (let tries = 0; tries < 12 && (m = OPENING.exec(head)) !== null; tries++) {
    const after = head.slice(m.index, m.index + 2500);
    const end = PREAMBLE_END.exec(after.slice(100));
    const found = parseWindow(text, { from: Math.max(0, m.index - 300), to: m.index + (end === null ? after.length : 100 + end.index) });
    if (found.length >= 2 && found.every((p) => p.role !== undefined)) return found;
  }
  return undefined;
}

function preambleWindow(text: string): { from: number; to: number } {
  const start = PREAMBLE_START.exec(text.slice(0, 40000));
  const base = start === null ? 0 : start.index;
  const head = text.slice(base, base + 8000);
  OPENING.lastIndex = 0;
  const open = OPENING.exec(head);
  const endMatch = PREAMBLE_END.exec(head.slice(300));
  const preambleEnd = endMatch === null ? Math.min(head.length, 3000) : 300 + endMatch.index;
  let from = open !== null && open.index < preambleEnd ? Math.max(0, open.index - 200) : 0;
  // A letter agreement names the parties after its salutation: "Dear Ms. Doe: Acme, Inc. (the "Company") is pleased to retain you ...".
  SALUTATION_ANY.lastIndex = 0;
  const salute = SALUTATION_ANY.exec(head.slice(0, 2000));
  if (salute !== null && salute.index < from) from = salute.index;
  return { from: base + from, to: base + Math.min(preambleEnd, from + 2500) };
}

const SENTENCE_END = /(?<!\b(?:Inc|INC|Ltd|LTD|Co|CO|Corp|CORP|No|NO|St|ST|Ave|Mr|MR|Ms|MS|Mrs|Dr|DR|Jr|Sr|N\.A|S\.A|U\.S|L\.P|B\.V|N\.V|[A-Z]))\.\s+(?=[A-Z][A-Za-z'’]*\s)/;

/** The words before a further party ("and ..."), for one whose name is not given: left to a form, or not stated at all. */
const FURTHER_PARTY = /^[\s,;]*(?:and|AND)\b/;

function parseWindow(text: string, { from, to }: { from: number; to: number }): PartyField[] {
  const parties: PartyField[] = [];
  let chunkStart = from;
  ROLE_GROUP.lastIndex = 0;
  const window = text.slice(from, to);
  let g: RegExpExecArray | null;
  while ((g = ROLE_GROUP.exec(window)) !== null) {
    const inner = g[1] ?? g[2];
    const groupStart = from + g.index + (g[1] === undefined ? 0 : 1);
    const role = roleIn(text, groupStart, inner, text.slice(chunkStart, from + g.index));
    if (role === undefined && /["“]/.test(inner)) {
      // "... ("SFDC") and the Reseller named above and amends ... (the "Agreement")": the last party, given by its role.
      const byRole = parties.length > 0 ? roleOnlyParty(text, chunkStart, from + g.index) : undefined;
      if (byRole !== undefined) parties.push(byRole);
      chunkStart = from + g.index + g[0].length;
    }
    if (role !== undefined) {
      // The parties are named in one sentence: a sentence ending before this defined name closes the list.
      const between = text.slice(chunkStart, from + g.index);
      if (parties.length > 0 && (SENTENCE_END.test(between) || PREAMBLE_END.test(between))) break;
      const name = nameFrom(text, chunkStart, from + g.index) ?? namedElsewhere(text, chunkStart, from + g.index) ?? namedByRole(text, chunkStart, from + g.index, role);
      // "between iBio Inc., a Public corporation, ... and Beijing CC-Pharming Ltd. of Beijing, China ("CC-Pharming")":
      // the first party has no defined name, the one named just before the parenthesis has.
      const second = name === undefined ? undefined : nameBeforeRole(text, name.end, from + g.index);
      if (name !== undefined && second !== undefined) parties.push(name, { ...second, role });
      else if (name !== undefined) parties.push({ ...name, role });
      else if (parties.length > 0 && parties[parties.length - 1].role === undefined) parties[parties.length - 1].role = role;
      // "; and ● a [resident of] ... ("you" or the "Franchisee")": the next party, its name left to a form, is known by its defined name.
      else if (parties.length > 0 && FURTHER_PARTY.test(between) && !/^(?:we|you)$/i.test(role.value)) parties.push(role);
      chunkStart = from + g.index + g[0].length;
    }
  }
  if (parties.length > 0) {
    // The last party may have no defined name: "... ("TPC") and Consolidated Artists Inc., a Nevada corporation."
    const rest = text.slice(chunkStart, to);
    const stop = SENTENCE_END.exec(rest);
    const tail = rest.slice(0, stop === null ? Math.min(rest.length, 400) : stop.index);
    const byRole = roleOnlyParty(text, chunkStart, chunkStart + tail.length);
    if (byRole !== undefined) parties.push(byRole);
    else if (/^\s*,?\s*(?:and|AND|&|-\s*and\s*-)\s+[A-Z0-9]/.test(tail) && !/["“(]/.test(tail.slice(0, 120))) {
      const last = leadingName(text, chunkStart, chunkStart + tail.length);
      if (last !== undefined) parties.push(last);
    }
  }
  OPENING.lastIndex = 0;
  const open = parties.length === 0 ? OPENING.exec(window) : null;
  if (open !== null) {
    // No defined names: "between A and B" as plain text.
    const base = from + open.index + open[0].length;
    const plain = /^([^.;]{3,200}?)\s+(?:and|AND|And)\s+([^.;]{3,200}?)(?:[.;]|\n\s*\n|$)/.exec(text.slice(base, to));
    if (plain !== null) {
      const first = nameFrom(text, base, base + plain[1].length);
      const secondStart = base + plain[0].indexOf(plain[2], plain[1].length);
      const second = nameFrom(text, secondStart, secondStart + plain[2].length);
      for (const p of [first, second]) if (p !== undefined) parties.push(p);
    }
  }
  return dedupe(parties);
}

/** Each party once: the same name, or the same defined name given again later, is not another party. */
function dedupe(parties: PartyField[]): PartyField[] {
  const seen = new Set<string>();
  const roles = new Set<string>();
  return parties.filter((p) => {
    const key = p.value.toLowerCase();
    const role = p.role?.value.toLowerCase();
    if (seen.has(key) || (role !== undefined && roles.has(role))) return false;
    seen.add(key);
    if (role !== undefined) roles.add(role);
    return true;
  });
}

const COMPANY = /\b[A-Z][A-Za-z0-9&.'-]*(?:[ \t]+(?:[A-Z0-9&][A-Za-z0-9&.'-]*|of|and|de|du))*?,?[ \t]+(?:Inc|Incorporated|Corp|Corporation|Company|Co|Ltd|Limited|LLC|L\.L\.C|LP|L\.P|LLP|plc|PLC|GmbH|AG|S\.A|N\.V|B\.V|A\/S|S\.p\.A|Pty|SE|SAS|SARL|Bancorp|Trust)\b\.?/g;

/** Last resort: company names in the opening of the document. */
function companyNames(text: string, limit: number): PartyField[] {
  const out: PartyField[] = [];
  COMPANY.lastIndex = 0;
  const head = text.slice(0, Math.max(limit, 1500));
  let m: RegExpExecArray | null;
  while ((m = COMPANY.exec(head)) !== null && out.length < 4) {
    // "Chief Compliance Officer Acme Advisors, LP": the name follows the signatory's office.
    const office = [...m[0].matchAll(OFFICES)].pop();
    const from = office === undefined ? m.index : m.index + office.index + office[0].length;
    const name = trimSpan(text, from, m.index + m[0].length);
    // "a California corporation" describes a party and "California Corporation Code" is a statute; neither names one.
    const described = /\b(?:a|an|A|AN)\s+$/.test(text.slice(Math.max(0, m.index - 4), m.index)) || /^\s+(?:Code|Act|Law)\b/.test(text.slice(m.index + m[0].length));
    if (name !== undefined && !described && !/^(?:This|THIS|The|THE|Exhibit|EXHIBIT)\b/.test(name.value)) out.push(name);
  }
  return dedupe(out);
}

function labelledParties(text: string): PartyField[] {
  const head = text.slice(0, 6000);
  const out: PartyField[] = [];
  PARTY_LABEL.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PARTY_LABEL.exec(head)) !== null) {
    const at = m.index + m[0].indexOf(m[1]);
    const name = trimSpan(text, at, at + m[1].length);
    const labelAt = m.index;
    const label = /Party\s+[A-Z]/.exec(m[0]);
    if (name !== undefined) out.push({ ...name, role: label === null ? undefined : span(text, labelAt, labelAt + label[0].length) });
  }
  if (out.length > 0) return out;
  ROLE_NAME_LABEL.lastIndex = 0;
  while ((m = ROLE_NAME_LABEL.exec(head)) !== null) {
    const at = m.index + m[0].indexOf(m[2]);
    const name = trimSpan(text, at, at + m[2].length);
    if (name !== undefined && looksLikeName(name.value)) out.push({ ...name, role: span(text, m.index, m.index + m[1].length) });
  }
  return out;
}
