import type { Schemas } from '@casewise/api-client';
import { api, fails, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const MESSAGES = 120;

type HistoryPage = Schemas['ChatHistoryResponseDto'];

const question = (n: number): string => `Question ${n}: who may terminate the supply agreement?`;

describe('chat history pages', () => {
  let ctx: TestApp;
  let owner: TestUser;
  let projectId: string;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
    owner = await createUser(ctx, 'history');
    projectId = (await createProject(ctx, owner, 'Long matter')).id;
    await ok(uploadFile(ctx, owner, projectId, 'supply.txt', 'Either party may terminate this supply agreement on ninety days written notice.'), 201);
    await waitForDocuments(ctx, owner.token, projectId);
    for (let n = 1; n <= MESSAGES; n++) {
      await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question: question(n) } }));
    }
  });

  afterAll(() => ctx.close());

  async function page(query: { limit?: number; before?: string } = {}): Promise<HistoryPage> {
    return ok(api(ctx, owner).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projectId }, query } }));
  }

  it('returns the newest 50 exchanges oldest first, in the spec’s entry shape, with a cursor to the older ones', async () => {
    const first = await page();
    expect(first.history.map((entry) => entry.message)).toEqual(Array.from({ length: 50 }, (_, i) => question(MESSAGES - 49 + i)));
    for (const entry of first.history) expect(entry).toEqual(expect.objectContaining({ _id: expect.any(String), message: expect.any(String), response: expect.any(String) }));
    expect(first.next).toBe(first.history[0]._id);
  });

  it('walks the whole history through the next cursors without a duplicate or a gap', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: HistoryPage = await page(cursor === null ? { limit: 7 } : { limit: 7, before: cursor });
      seen.unshift(...current.history.map((entry) => entry.message));
      cursor = current.next;
      pages++;
    } while (cursor !== null && pages <= MESSAGES);
    expect(pages).toBe(Math.ceil(MESSAGES / 7));
    expect(seen).toEqual(Array.from({ length: MESSAGES }, (_, i) => question(i + 1)));
  });

  it('gives the whole history in one page of 200, with no cursor', async () => {
    const all = await page({ limit: 200 });
    expect(all.history).toHaveLength(MESSAGES);
    expect(all.next).toBeNull();
  });

  it.each([
    [{ limit: 0 }, 'limit must be a whole number from 1 to 200.'],
    [{ limit: 201 }, 'limit must be a whole number from 1 to 200.'],
    [{ before: 'yesterday' }, 'before must be the next cursor of an earlier page.'],
  ])('refuses the query %p with 400', async (query, detail) => {
    const response = await fails(api(ctx, owner).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projectId }, query } }), 400);
    expect(response).toEqual({ statusCode: 400, detail, error: detail });
  });

  it('refuses the query {"limit": "ten"} with 400', async () => {
    // Raw: the contract's limit is a number, so the typed client cannot send "ten".
    const response = await ctx.http.get(`/api/projects/${projectId}/chat_history/`).query({ limit: 'ten' }).set('Authorization', `Bearer ${owner.token}`).expect(400);
    const detail = 'limit must be a whole number from 1 to 200.';
    expect(response.body).toEqual({ statusCode: 400, detail, error: detail });
  });

  it('gives an empty page for a cursor that is not a message of this project', async () => {
    const stranger = await createUser(ctx, 'stranger');
    const theirs = (await createProject(ctx, stranger)).id;
    await ok(uploadFile(ctx, stranger, theirs, 'other.txt', 'The tenant may terminate the lease on thirty days notice.'), 201);
    await waitForDocuments(ctx, stranger.token, theirs);
    const inTheirs = { params: { path: { id: theirs } } };
    await ok(api(ctx, stranger).POST('/api/projects/{id}/qa/', { ...inTheirs, body: { question: 'Who may terminate?' } }));
    const [foreign] = (await ok(api(ctx, stranger).GET('/api/projects/{id}/chat_history/', inTheirs))).history;
    expect(await page({ before: foreign._id })).toEqual({ history: [], next: null });
  });
});
