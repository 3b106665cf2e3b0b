// One formatter for every message's time stamp: `toLocaleTimeString` with options builds a new one on each call,
// and building one reads the locale's data (about 25 ms on a phone the first time).
let format: Intl.DateTimeFormat | undefined;

function formatter(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
  return format;
}

/** A message's time stamp: hours and minutes as the reader's locale writes them. */
export function formatMessageTime(time: Date): string {
  return formatter().format(time);
}

/** Builds the formatter ahead of the first message, while the page still waits for its code (src/early-entry.ts). */
export function prepareMessageTimeFormat(): void {
  formatter();
}
