import { isLoggedIn } from '../auth/session';
import { getChatHistory } from './chat';
import { listFiles } from './documents';
import { listProjects } from './projects';

/**
 * Requests a page will make, started before React has rendered anything: opening a project's workspace would
 * otherwise wait for the workspace's code, then for the project list, then for the chat history, one after the
 * other (and the top bar's 'Documents Added' badge for the code and then the project's files). Each early request
 * is handed out once; later loads make their own.
 */
const early = new Map<string, Promise<unknown>>();
/** What an early request answered, once it has: a page that renders after that shows it in its first render. */
const settled = new Map<string, unknown>();

const WORKSPACE = /^\/project\/([^/]+)\/?$/;

/** Starts the workspace's first requests when the address opens a project of a signed-in user. */
export function startEarlyRequests(pathname: string): void {
  const match = WORKSPACE.exec(pathname);
  if (match === null || !isLoggedIn()) return;
  const projectId = decodeURIComponent(match[1]);
  const keep = <T>(key: string, request: Promise<T>): void => {
    // Handed out or not, a failure is the taker's to report; an untaken one is not an unhandled rejection.
    request.then(
      (value) => {
        if (early.get(key) === request) settled.set(key, value);
      },
      () => undefined,
    );
    early.set(key, request);
  };
  keep('projects', listProjects());
  keep(`chat:${projectId}`, getChatHistory(projectId));
  keep(`files:${projectId}`, listFiles(projectId));
}

let pageRequestsStarted = false;

/**
 * Starts the early requests for this page's address, once per page load: the workspace's small early entry
 * (src/early-entry.ts) and the app's entry both ask, and whichever runs first starts them.
 */
export function startPageRequests(): void {
  if (pageRequestsStarted) return;
  pageRequestsStarted = true;
  startEarlyRequests(window.location.pathname);
}

/** The request started early under `key`, once; otherwise `load()`. */
export function takeEarly<T>(key: string, load: () => Promise<T>): Promise<T> {
  const started = early.get(key);
  if (started === undefined) return load();
  early.delete(key);
  settled.delete(key);
  return started as Promise<T>;
}

/**
 * What the request started early under `key` answered, when it has already answered and is not claimed yet: a page
 * rendering after the answer came shows it in its first render, instead of rendering empty and again once a
 * promise has told it what it could have read (two commits of the whole workspace, a long task each on a phone).
 * Only looked at: React may throw a render away and start it again, so reading changes nothing; the component
 * that committed with it claims it (`claimEarly`), as takeEarly hands a request out once.
 */
export function peekSettled<T>(key: string): T | undefined {
  return settled.get(key) as T | undefined;
}

/** The early request under `key`, answered or not, is no longer to be handed out: a later load asks again. */
export function claimEarly(key: string): void {
  settled.delete(key);
  early.delete(key);
}

/**
 * Renders `render` as if the page's early requests had answered with `answers` (keyed as above), then forgets them:
 * for a render with no browser and no server, such as the build's render of the workspace's first screen for its
 * styles (src/prerender.tsx). A render reads them in its first pass, as the workspace reads early answers.
 */
export async function withEarlyAnswers<T>(answers: Record<string, unknown>, render: () => Promise<T>): Promise<T> {
  for (const [key, value] of Object.entries(answers)) settled.set(key, value);
  try {
    return await render();
  } finally {
    for (const key of Object.keys(answers)) settled.delete(key);
  }
}
