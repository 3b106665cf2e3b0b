import { startPageRequests } from './api/early';
import { prepareMessageTimeFormat } from './time-format';

// The workspace's page loads this small entry first, ahead of the app's (scripts/prerender.mjs): it runs as soon as
// the API client has arrived, so the matter's data is on its way while React and MUI are still downloading, instead
// of after the whole of the app's code has loaded and run.
startPageRequests();
// The page is idle until that code comes: the messages' time formatter (the locale's data read, a long task on a
// phone) is built now rather than in the workspace's first render, in a task of its own: the requests above leave
// when this task ends, and would otherwise wait for it.
setTimeout(prepareMessageTimeFormat, 0);
