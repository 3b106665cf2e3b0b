import { MESSAGE_TIME_OPTIONS } from './message-time-options';

// Builds and uses the messages' time formatter once, then says so (src/time-format.ts): the locale's data it reads
// is the process's, so the page's own formatter then finds it read.
new Intl.DateTimeFormat([], MESSAGE_TIME_OPTIONS).format(0);
postMessage('ready');
