import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { getChatHistory } from './chat';
import { listFiles } from './documents';
import { startEarlyRequests, startPageRequests, takeEarly } from './early';
import { listProjects } from './projects';

const PROJECT = { id: 'p1', name: 'Lease review', description: '', created_at: '2026-01-01T00:00:00Z', role: 'owner' };

describe('requests started before the page renders', () => {
  afterEach(() => window.localStorage.clear());

  it('asks for the project list, the chat history and the files at once when a signed-in user opens a project, and hands each out once', async () => {
    window.localStorage.setItem('token', 'jwt');
    const { requests } = mockFetch({
      'GET /api/projects/': () => json(200, [PROJECT]),
      'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }),
      'GET /api/projects/p1/files/': () => json(200, { files: ['lease.pdf'] }),
    });
    startEarlyRequests('/project/p1');
    expect((await takeEarly('projects', listProjects)).map((p) => p.id)).toEqual(['p1']);
    await takeEarly('chat:p1', () => getChatHistory('p1'));
    expect(await takeEarly('files:p1', () => listFiles('p1'))).toEqual(['lease.pdf']);
    expect(requests.map((r) => r.path).sort()).toEqual(['/api/projects/', '/api/projects/p1/chat_history/', '/api/projects/p1/files/']);
    // Taken once: a later load asks again.
    await takeEarly('projects', listProjects);
    expect(requests).toHaveLength(4);
  });

  it('starts nothing for a signed-out visitor or another page', async () => {
    const { requests } = mockFetch({});
    startEarlyRequests('/project/p1');
    window.localStorage.setItem('token', 'jwt');
    startEarlyRequests('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
  });

  it("starts the page's requests once though both of the page's entries ask", async () => {
    window.localStorage.setItem('token', 'jwt');
    window.history.pushState({}, '', '/project/p1');
    const { requests } = mockFetch({
      'GET /api/projects/': () => json(200, [PROJECT]),
      'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }),
      'GET /api/projects/p1/files/': () => json(200, { files: [] }),
    });
    startPageRequests();
    startPageRequests();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.map((r) => r.path).sort()).toEqual(['/api/projects/', '/api/projects/p1/chat_history/', '/api/projects/p1/files/']);
    window.history.pushState({}, '', '/');
  });
});
