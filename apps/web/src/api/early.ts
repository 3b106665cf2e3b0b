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

const WORKSPACE = /^\/project\/([^/]+)\/?$/;

/** Starts the workspace's first requests when the address opens a project of a signed-in user. */
export function startEarlyRequests(pathname: string): void {
  const match = WORKSPACE.exec(pathname);
  if (match === null || !isLoggedIn()) return;
  const projectId = decodeURIComponent(match[1]);
  const keep = <T>(key: string, request: Promise<T>): void => {
    // Handed out or not, a failure is the taker's to report; an untaken one is not an unhandled rejection.
    request.catch(() => undefined);
    early.set(key, request);
  };
  keep('projects', listProjects());
  keep(`chat:${projectId}`, getChatHistory(projectId));
  keep(`files:${projectId}`, listFiles(projectId));
}

/** The request started early under `key`, once; otherwise `load()`. */
export function takeEarly<T>(key: string, load: () => Promise<T>): Promise<T> {
  const started = early.get(key);
  if (started === undefined) return load();
  early.delete(key);
  return started as Promise<T>;
}
