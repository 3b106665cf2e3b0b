/**
 * A Porter-style English stemmer (the 1980 algorithm, steps 1a to 5b), written for lowercase ASCII words.
 * Words with other characters, or shorter than three letters, are returned unchanged.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (VOWELS.has(ch)) return false;
  if (ch === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** The number of vowel-consonant sequences in `stem` (the measure m of [C](VC)^m[V]). */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Consonant-vowel-consonant ending where the last consonant is not w, x or y. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  if (!isConsonant(word, n - 1) || isConsonant(word, n - 2) || !isConsonant(word, n - 3)) return false;
  const last = word[n - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

type Rule = readonly [suffix: string, replacement: string];

/** Applies the rule with the longest matching suffix, if its stem has measure > minMeasure. */
function applyLongest(word: string, rules: readonly Rule[], minMeasure: number, extra?: (stem: string, suffix: string) => boolean): string {
  let best: Rule | undefined;
  for (const rule of rules) {
    if (word.endsWith(rule[0]) && (!best || rule[0].length > best[0].length)) best = rule;
  }
  if (!best) return word;
  const stem = word.slice(0, word.length - best[0].length);
  if (measure(stem) > minMeasure && (!extra || extra(stem, best[0]))) return stem + best[1];
  return word;
}

const STEP2: readonly Rule[] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
];

const STEP3: readonly Rule[] = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
];

const STEP4: readonly Rule[] = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti',
  'ous', 'ive', 'ize',
].map((suffix) => [suffix, ''] as const);

function step1a(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) {
    return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  }
  let stem: string | undefined;
  if (word.endsWith('ed') && hasVowel(word.slice(0, -2))) stem = word.slice(0, -2);
  else if (word.endsWith('ing') && hasVowel(word.slice(0, -3))) stem = word.slice(0, -3);
  if (stem === undefined) return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (endsWithDoubleConsonant(stem)) {
    const last = stem[stem.length - 1];
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1);
  }
  if (measure(stem) === 1 && endsCvc(stem)) return stem + 'e';
  return stem;
}

function step1c(word: string): string {
  if (word.endsWith('y') && hasVowel(word.slice(0, -1))) return word.slice(0, -1) + 'i';
  return word;
}

function step4(word: string): string {
  return applyLongest(word, STEP4, 1, (stem, suffix) => suffix !== 'ion' || stem.endsWith('s') || stem.endsWith('t'));
}

function step5(word: string): string {
  let w = word;
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && endsWithDoubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}

const ASCII_WORD = /^[a-z]+$/;

export function stem(word: string): string {
  if (word.length < 3 || !ASCII_WORD.test(word)) return word;
  let w = step1a(word);
  w = step1b(w);
  w = step1c(w);
  w = applyLongest(w, STEP2, 0);
  w = applyLongest(w, STEP3, 0);
  w = step4(w);
  return step5(w);
}
