import { startServerProcess, type ServerProcess } from '../../bench/lib/app';

// The built product as `npm start` runs it (`npm run build`, then the start:api command in its own process):
// the console at /admin/ with its deep links, its assets under /admin/ only, and the user app still at /.
describe('the built product serves the console at /admin/ and the user app at /', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess('console-serving');
  }, 150_000);

  afterAll(() => server?.close());

  const get = (path: string, accept = 'text/html') => fetch(`${server.baseUrl}${path}`, { headers: { Accept: accept }, redirect: 'manual' });

  it('answers /admin/ and a deep link with the console, and / with the user app', async () => {
    const consolePage = await get('/admin/');
    expect(consolePage.status).toBe(200);
    const consoleHtml = await consolePage.text();
    expect(consoleHtml).toContain('<title>Casewise console</title>');
    const script = /<script type="module" crossorigin src="(\/admin\/assets\/[^"]+\.js)"/.exec(consoleHtml)?.[1];
    expect(script).toBeDefined();

    const deepLink = await get('/admin/users/1');
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toBe(consoleHtml);

    const asset = await get(script as string, '*/*');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    const userApp = await get('/');
    expect(userApp.status).toBe(200);
    const userHtml = await userApp.text();
    expect(userHtml).not.toContain('Casewise console');
    expect(userHtml).not.toContain('/admin/');
    // A deep link gets the user app too: the landing page comes rendered at build time, a client route as the
    // empty page, both starting the same entry script (the workspace's small early entry, async, aside).
    const entry = (html: string): string | undefined => /<script type="module"(?![^>]*\basync\b)[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const deepLinkHtml = await (await get('/project/123')).text();
    expect(entry(userHtml)).toBeDefined();
    expect(entry(deepLinkHtml)).toBe(entry(userHtml));
  });

  it('redirects /admin to /admin/, answers a missing console asset 404, and keeps /api/admin the API', async () => {
    const bare = await get('/admin');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/admin/');
    expect((await get('/admin/assets/missing.js', '*/*')).status).toBe(404);
    const api = await get('/api/admin/users', 'application/json');
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });
});
