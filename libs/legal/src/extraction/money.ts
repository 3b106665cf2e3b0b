import type { MoneyContext, MoneyField } from './types';

const SCALE = '(?:\\s?(?:million|billion|thousand|mm|MM|[MmKk](?![A-Za-z])|bn))?';
// Thousands separators as extracted from PDFs: "30,000", "30, 000" (a space after the comma), "30.000,00" is not read.
const NUMBER = '(?:[0-9]{1,3}(?:,\\s?[0-9]{3}(?![0-9]))+|[0-9]+)(?:\\.[0-9]+)?';
const REDACTED = '\\[\\s*\\*+\\s*\\]|\\*{3,}';
const SYMBOL_FIRST = new RegExp(
  `(?:(US|U\\.S\\.|USD|C|CAD|A|AUD|HK|NT|S)\\s?\\$|\\$|€|£|¥|\\b(USD|EUR|GBP|CAD|AUD|RMB|CNY|JPY|CHF|INR|HKD|SGD|Euro|Euros|EURO|EUROS)\\s?)\\s?(${NUMBER}${SCALE}|${REDACTED})`,
  'g',
);
const NUMBER_FIRST = new RegExp(`\\b(${NUMBER}${SCALE})\\s?(dollars|Dollars|DOLLARS|euros?|Euros?|EUROS?|USD|EUR|GBP|RMB|Yuan|yuan|pounds sterling|Pounds Sterling|yen|Yen)\\b`, 'g');

const CURRENCY_BY_TOKEN: Record<string, string> = {
  $: 'USD', US: 'USD', 'U.S.': 'USD', USD: 'USD', C: 'CAD', CAD: 'CAD', A: 'AUD', AUD: 'AUD', HK: 'HKD', NT: 'TWD', S: 'SGD',
  '€': 'EUR', '£': 'GBP', '¥': 'JPY', EUR: 'EUR', EURO: 'EUR', EUROS: 'EUR', GBP: 'GBP', RMB: 'CNY', CNY: 'CNY', YUAN: 'CNY',
  JPY: 'JPY', YEN: 'JPY', CHF: 'CHF', INR: 'INR', HKD: 'HKD', SGD: 'SGD', DOLLARS: 'USD', 'POUNDS STERLING': 'GBP',
};

function currencyOf(token: string): string {
  return CURRENCY_BY_TOKEN[token.toUpperCase()] ?? CURRENCY_BY_TOKEN[token] ?? 'USD';
}

function parseAmount(figure: string): number | undefined {
  const m = new RegExp(`^(${NUMBER})\\s?(million|billion|thousand|mm|MM|[MmKk]|bn)?$`).exec(figure.trim());
  if (m === null) return undefined;
  const base = Number(m[1].replace(/[,\s]/g, ''));
  const scale = (m[2] ?? '').toLowerCase();
  const factor = scale === 'billion' || scale === 'bn' ? 1e9 : scale === 'million' || scale === 'mm' || scale === 'm' ? 1e6 : scale === 'thousand' || scale === 'k' ? 1e3 : 1;
  return base * factor;
}

/** What a sum of money is about, judged from the words around it. */
export function classifyMoneyContext(context: string): MoneyContext {
  const c = context.toLowerCase();
  if (/liquidated\s+damages|termination\s+fee|break[- ]up\s+fee|penalt(?:y|ies)|as\s+damages/.test(c)) return 'damages';
  if (/\b(?:liabilit(?:y|ies)|liable)\b[^.]{0,160}\b(?:exceed|limited\s+to|in\s+excess\s+of|maximum|cap|greater\s+of|lesser\s+of)|(?:aggregate|total|maximum|cumulative)\s+liability/.test(c)) return 'cap';
  if (/insurance|insured|coverage|per\s+occurrence|combined\s+single\s+limit|umbrella|policy\s+limit/.test(c)) return 'insurance';
  if (/\bfees?\b|royalt|price|pay(?:able|ment|s)?\b|compensation|purchase|commission|invoice|rent\b|salary|charge|cost|milestone|advance|deposit/.test(c)) return 'fee';
  return 'other';
}

/** Sums of money with their currency and what they are for. */
export function extractAmounts(text: string): MoneyField[] {
  const out: MoneyField[] = [];
  const push = (start: number, end: number, currency: string, figure: string): void => {
    if (out.some((o) => start < o.end && end > o.start)) return;
    const sentenceStart = Math.max(0, text.lastIndexOf('. ', start) + 1, start - 300);
    const nextStop = text.indexOf('. ', end);
    const sentenceEnd = Math.min(nextStop === -1 ? text.length : nextStop, end + 200);
    out.push({
      start,
      end,
      value: text.slice(start, end),
      currency,
      amount: parseAmount(figure),
      context: classifyMoneyContext(text.slice(sentenceStart, sentenceEnd)),
    });
  };
  SYMBOL_FIRST.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SYMBOL_FIRST.exec(text)) !== null) {
    const token = m[1] ?? m[2] ?? m[0].trim().charAt(0);
    const value = m[0].replace(/\s+$/, '');
    push(m.index, m.index + value.length, currencyOf(token), m[3]);
  }
  NUMBER_FIRST.lastIndex = 0;
  while ((m = NUMBER_FIRST.exec(text)) !== null) {
    push(m.index, m.index + m[0].length, currencyOf(m[2]), m[1]);
  }
  return out.sort((a, b) => a.start - b.start);
}
