import { startPageRequests } from './api/early';

// The workspace's page loads this small entry beside the app's (scripts/prerender.mjs): it runs as soon as the API
// client has arrived, so the matter's data is on its way while React and MUI are still downloading, instead of
// after the whole of the app's code has loaded and run.
startPageRequests();
