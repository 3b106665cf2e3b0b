import { onTestFinished, vi } from 'vitest';
import { json, mockFetch, type Route } from './fetch-mock';

/** Two projects as the server may send them: the first with files, the second empty. */
export interface FixtureProject {
  id?: string;
  _id?: string;
  name: string;
  description?: string;
  role?: 'owner' | 'editor' | 'viewer';
}

/** The workspace's calls for projects p1 (one file) and p2 (none), with `routes` added or overriding. */
export function workspaceApi(projects: readonly FixtureProject[], routes: Record<string, Route> = {}) {
  return mockFetch({
    'GET /api/projects/': () => json(200, { projects }),
    'GET /api/projects/p1/files/': () => json(200, { files: ['msa.pdf'] }),
    'GET /api/projects/p2/files/': () => json(200, { files: [] }),
    'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }),
    'GET /api/projects/p2/chat_history/': () => json(200, { history: [] }),
    'GET /api/projects/p1/documents/': () => json(200, { documents: [] }),
    'GET /api/projects/p2/documents/': () => json(200, { documents: [] }),
    ...routes,
  });
}

/** Records the names of the files the app saves; jsdom has no object URLs, so these stand in for the browser's. */
export function stubDownloads(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
