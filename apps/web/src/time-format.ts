import { MESSAGE_TIME_OPTIONS } from './message-time-options';

// One formatter for every message's time stamp: `toLocaleTimeString` with options builds a new one on each call.
let format: Intl.DateTimeFormat | undefined;

function formatter(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat([], MESSAGE_TIME_OPTIONS);
  return format;
}

/** A message's time stamp: hours and minutes as the reader's locale writes them. */
export function formatMessageTime(time: Date): string {
  return formatter().format(time);
}

/**
 * Gets the locale's data read before the first message is drawn, off the page's thread (src/early-entry.ts).
 *
 * The first date or number formatter a page builds reads the locale's data (20 to 40 ms on a fast machine, several
 * times that on a phone); the formatters built after it, on any thread of the page's process, find the data read.
 * A worker builds one and ends, so the page's own costs it next to nothing. Where no worker can start, the first
 * message builds it on the page's thread, as before.
 */
export function prepareMessageTimeFormat(): void {
  if (format !== undefined || typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./time-format-warmup.worker.ts', import.meta.url), { type: 'module' });
    const end = (): void => worker.terminate();
    worker.addEventListener('message', end, { once: true });
    worker.addEventListener('error', end, { once: true });
  } catch {
    // A page whose policy refuses the worker builds the formatter with its first message.
  }
}
