import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * Names are shown to people who decide what to open by reading them, so characters that draw nothing
 * or reorder what is drawn (`invoice\u202Efdp.exe` shows as "invoiceexe.pdf") are refused.
 */

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const MONGOLIAN_VOWEL_SEPARATOR = 0x180e;
const TAG_CANCEL = 0xe007f;
const WAVING_BLACK_FLAG = 0x1f3f4;

/** Controls, formatting characters, line and paragraph separators, and halves of surrogate pairs. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115F\u1160\u3164\uFFA0]/u;
/** Format characters that nonetheless draw a visible sign (Arabic number and end-of-verse marks). */
const VISIBLE_FORMAT = /[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const JOINS_WITHOUT_JOINERS = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]/u;
const EMOJI = /\p{Extended_Pictographic}/u;

/** The emoji presentation selector and the skin-tone modifiers, which may precede a joiner in an emoji. */
function isEmojiModifier(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code === 0xfe0f || (code >= 0x1f3fb && code <= 0x1f3ff);
}

function isTagLetter(char: string | undefined): boolean {
  const code = char?.codePointAt(0) ?? 0;
  return code >= 0xe0020 && code <= 0xe007e;
}

/**
 * Zero-width joiners shape the scripts that need them (Persian, the Indic scripts, Mongolian) and
 * build emoji (👩‍⚖️): between two letters of such a script, or two emoji parts, they are kept.
 */
function joinerBelongs(code: number, before: string | undefined, after: string | undefined): boolean {
  if (before === undefined || after === undefined) return false;
  if (code === ZWJ && (EMOJI.test(before) || isEmojiModifier(before)) && EMOJI.test(after)) return true;
  const scriptLetters = (char: string): boolean => LETTER_OR_MARK.test(char) && !JOINS_WITHOUT_JOINERS.test(char);
  return scriptLetters(before) && scriptLetters(after);
}

export interface VisibleTextOptions {
  /** Tabs and line breaks are allowed (free text such as a description). */
  allowLineBreaks?: boolean;
}

/** Whether `value` holds a character that is invisible, a control, or reorders the text around it. */
export function hasHiddenCharacters(value: string, options: VisibleTextOptions = {}): boolean {
  const chars = Array.from(value);
  let inFlagTag = false;
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index];
    const code = char.codePointAt(0) ?? 0;
    // Subdivision flags (🏴 followed by tag letters and a cancel tag) are the one use of the tags block.
    if (isTagLetter(char) && (inFlagTag || chars[index - 1]?.codePointAt(0) === WAVING_BLACK_FLAG)) {
      inFlagTag = true;
      continue;
    }
    if (code === TAG_CANCEL && inFlagTag) {
      inFlagTag = false;
      continue;
    }
    if (inFlagTag) return true;
    if (!HIDDEN.test(char) || VISIBLE_FORMAT.test(char)) continue;
    if (options.allowLineBreaks && (char === '\n' || char === '\r' || char === '\t')) continue;
    if ((code === ZWNJ || code === ZWJ || code === MONGOLIAN_VOWEL_SEPARATOR) && joinerBelongs(code, chars[index - 1], chars[index + 1])) continue;
    return true;
  }
  return inFlagTag;
}

/** class-validator rule: the string holds no hidden characters (see `hasHiddenCharacters`). */
export function IsVisibleText(options: VisibleTextOptions, validationOptions: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isVisibleText',
      target: target.constructor,
      propertyName: String(propertyName),
      options: validationOptions,
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasHiddenCharacters(value, options) },
    });
  };
}
