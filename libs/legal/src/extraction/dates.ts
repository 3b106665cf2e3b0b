import type { Duration, FieldSpan } from './types';

export interface DateMention extends FieldSpan {
  iso?: string;
}

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
];
const MONTH = '(?:Jan(?:uary|\\.)?|Feb(?:ruary|\\.)?|Mar(?:ch|\\.)?|Apr(?:il|\\.)?|May|June?|July?|Aug(?:ust|\\.)?|Sept?(?:ember|\\.)?|Oct(?:ober|\\.)?|Nov(?:ember|\\.)?|Dec(?:ember|\\.)?)';
const BLANK = '(?:_{2,}|\\[[\\s_*·•●]*\\]|\\*{2,})';
// OCR in the filings splits ordinals: "1 st", "15t h".
const ORDINAL = '(?:\\s?(?:s\\s?t|n\\s?d|r\\s?d|t\\s?h))?';
const DAY = `(?:[0-3]?[0-9]${ORDINAL}|${BLANK})`;
const YEAR = `(?:(?:19|20)[0-9]{2}|${BLANK}\\s?(?:19|20)[0-9]{2}|${BLANK}|(?:19|20)(?:_+|\\b))`;

const DATE_PATTERNS: RegExp[] = [
  // the 12th day of November, 2019 / this ___ day of ______, 20__
  new RegExp(`(?<![A-Za-z0-9])(?:${DAY}\\s*|this\\s+)day\\s+of\\s*(?:${MONTH}|${BLANK})?\\s*,?\\s*(?:A\\.D\\.\\s*)?${YEAR}`, 'gi'),
  // November 12, 2019 / August __, 2019
  new RegExp(`(?<![A-Za-z])${MONTH}\\s*${DAY}(?:\\s*,\\s*|\\s+)${YEAR}`, 'gi'),
  // June , 2010 (the day left blank)
  new RegExp(`\\b${MONTH}\\s+(?:${BLANK}\\s*)?,\\s*(?:19|20)[0-9]{2}\\b`, 'g'),
  // ________ __, 2000 / [___], 2020
  new RegExp(`${BLANK}(?:\\s*${DAY})?\\s*,\\s*(?:19|20)[0-9]{2}\\b`, 'g'),
  // 12 November 2019 / 19 Jan. 1998
  new RegExp(`(?<![0-9])[0-3]?[0-9]${ORDINAL}\\s+(?:day\\s+of\\s+)?${MONTH}\\s*,?\\s*(?:19|20)[0-9]{2}\\b`, 'gi'),
  // 11/12/2019, 3-5-98, 29/3/18 (a first number above 12 is the day), 2019-11-12
  /\b(?:[0-3]?[0-9][/.-][0-3]?[0-9][/.-](?:19|20)?[0-9]{2}|(?:19|20)[0-9]{2}-[01][0-9]-[0-3][0-9])\b/g,
];

/** All date mentions in `text[from, to)`, sorted, overlapping matches merged to the longest. */
export function findDates(text: string, from = 0, to = text.length): DateMention[] {
  const slice = text.slice(from, to);
  const found: DateMention[] = [];
  for (const pattern of DATE_PATTERNS) {
    pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.exec(slice)) !== null) {
      const value = m[0].replace(/[\s,]+$/, '');
      if (!/[0-9_*]/.test(value)) continue;
      found.push({ start: from + m.index, end: from + m.index + value.length, value, iso: toIso(value) });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: DateMention[] = [];
  for (const d of found) {
    const prev = merged[merged.length - 1];
    if (prev !== undefined && d.start < prev.end) continue;
    merged.push(d);
  }
  return merged;
}

function monthIndex(word: string): number {
  const w = word.toLowerCase().replace('.', '');
  return MONTHS.findIndex((m) => m.startsWith(w.slice(0, 3)));
}

export function toIso(value: string): string | undefined {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const valid = (y: number, mo: number, d: number): string | undefined => {
    if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
    return `${y}-${pad(mo)}-${pad(d)}`;
  };
  value = value.replace(/([0-9])\s?(s)\s?(t)|([0-9])\s?(n)\s?(d)|([0-9])\s?(r)\s?(d)|([0-9])\s?(t)\s?(h)/gi, (m: string) => m.replace(/\s/g, ''));
  let m = /^(?:the\s+)?([0-3]?[0-9])(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?([A-Za-z.]+)\s*,?\s*(?:A\.D\.\s*)?((?:19|20)[0-9]{2})$/i.exec(value);
  if (m !== null) return valid(Number(m[3]), monthIndex(m[2]) + 1, Number(m[1]));
  m = /^([A-Za-z.]+)\s*([0-3]?[0-9])(?:st|nd|rd|th)?\s*,?\s*((?:19|20)[0-9]{2})$/i.exec(value);
  if (m !== null) return valid(Number(m[3]), monthIndex(m[1]) + 1, Number(m[2]));
  m = /^((?:19|20)[0-9]{2})-([01][0-9])-([0-3][0-9])$/.exec(value);
  if (m !== null) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^([0-3]?[0-9])[/.-]([0-3]?[0-9])[/.-]((?:19|20)?[0-9]{2})$/.exec(value);
  if (m !== null) {
    const y = m[3].length === 2 ? (Number(m[3]) > 50 ? 1900 : 2000) + Number(m[3]) : Number(m[3]);
    // Month first as written in the US, unless the first number cannot be a month.
    return Number(m[1]) > 12 ? valid(y, Number(m[2]), Number(m[1])) : valid(y, Number(m[1]), Number(m[2]));
  }
  return undefined;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, eighteen: 18, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45,
  fifty: 50, sixty: 60, seventy: 70, 'seventy-five': 75, eighty: 80, ninety: 90, 'one hundred twenty': 120,
  'one hundred eighty': 180, 'twenty-four': 24, 'thirty-six': 36, 'twenty-five': 25, 'twenty-one': 21,
};

/** A duration phrase such as "five (5) years", "90 days", "one-year", "twelve months". */
export const DURATION_SOURCE =
  '(?:(?:[a-z]+(?:[ -][a-z]+){0,3}\\s*)?\\(\\s*[0-9]+\\s*\\)|[0-9]+|(?:one hundred |two hundred )?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)\\s*(?:-\\s*)?(?:(?:calendar|business|consecutive|full|working)\\s+){0,2}(?:days?|months?|years?)\\b';

export function parseDuration(phrase: string): Duration | undefined {
  const unitMatch = /(day|month|year)s?\b/i.exec(phrase);
  if (unitMatch === null) return undefined;
  const unit = unitMatch[1].toLowerCase() as Duration['unit'];
  const digits = /\(\s*([0-9]+)\s*\)|\b([0-9]+)\b/.exec(phrase);
  if (digits !== null) return { amount: Number(digits[1] ?? digits[2]), unit };
  const words = phrase.slice(0, unitMatch.index).toLowerCase().replace(/(calendar|business|consecutive|full)/g, '').trim().replace(/-$/, '').trim();
  const amount = NUMBER_WORDS[words] ?? NUMBER_WORDS[words.split(/[ -]/).pop() ?? ''];
  return amount === undefined ? undefined : { amount, unit };
}
