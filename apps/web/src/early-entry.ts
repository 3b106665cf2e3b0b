import { startPageRequests } from './api/early';
import { prepareMessageTimeFormat } from './time-format';

// The workspace's page loads this small entry first, ahead of the app's (scripts/prerender.mjs): it runs as soon as
// the API client has arrived, so the matter's data is on its way while React and MUI are still downloading, instead
// of after the whole of the app's code has loaded and run.
startPageRequests();
// The locale's data for the messages' time stamps is read meanwhile, by a worker (src/time-format.ts): on the page's
// thread it was a long task on a phone.
prepareMessageTimeFormat();
