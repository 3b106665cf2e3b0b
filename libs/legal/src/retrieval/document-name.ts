/**
 * The words of a document's file name, as a user names the document in a question ("in the BT NDA", "under
 * Excelerate's agreement"): the extension dropped, URL escapes decoded, separators read as spaces, and each word
 * written in joined capitals also given in its parts ("ExcelerateStandardNDAFormat" reads as that word and as
 * "Excelerate Standard NDA Format"), since names are often written either way.
 */
const EXTENSION = /\.[a-z0-9]{1,5}$/i;
const SEPARATORS = /[\s_\-.+,;()[\]{}]+/;
/** A capital following a lower-case letter or digit, or the last capital of a run before a lower-case letter. */
const CASE_BOUNDARY = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;

function decoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    // A stray "%" is a character of the name, not an escape.
    return name;
  }
}

export function documentNameWords(fileName: string): string {
  const words: string[] = [];
  for (const word of decoded(fileName.trim().replace(EXTENSION, '')).split(SEPARATORS)) {
    if (word.length === 0) continue;
    words.push(word);
    const parts = word.split(CASE_BOUNDARY);
    if (parts.length > 1) words.push(...parts);
  }
  return words.join(' ');
}
