import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { AppConfig } from '@api/modules/config/config.types';
import { api, ok, uploadFile } from './api';
import { waitForDocuments } from './documents';
import { TestUser } from './factory';
import { createProject } from './projects';
import { TestApp } from './test-app';
import { cuadText, cuadContracts } from './fixtures';

const ROOT = join(__dirname, '..', '..');

export interface OpsRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment that gives the ops commands the same deployment as `config` (and any overrides). */
export function opsEnv(config: AppConfig, overrides: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: config.app.dataDir,
  };
  if (config.database.url) env.DATABASE_URL = config.database.url.reveal();
  if (config.database.schema) env.DATABASE_SCHEMA = config.database.schema;
  return { ...env, ...overrides };
}

/** Runs `npm run backup|restore|rotate-keys` as a user does, in a process of its own. */
export function runOps(args: string[], env: Record<string, string>): Promise<OpsRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'apps/api/src/ops/ops.ts'), ...args], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A project with real contracts, a chat with an answer, and both reports: what a restore must give back. */
export async function populate(ctx: TestApp, owner: TestUser): Promise<void> {
  const projectId = (await createProject(ctx, owner, 'Backed-up matter')).id;
  const names = cuadContracts().slice(0, 2);
  for (const name of names) await ok(uploadFile(ctx, owner, projectId, name, cuadText(name)), 201);
  // Bytes that are not text, so the download is checked byte for byte beyond UTF-8.
  await ok(uploadFile(ctx, owner, projectId, 'notes.txt', Buffer.concat([Buffer.from('Notes on the lease.\n'), Buffer.from([0xef, 0xbb, 0xbf, 0x41])])), 201);
  await waitForDocuments(ctx, owner.token, projectId);
  await ok(api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question: 'Who may terminate the agreement?' } }));
  await ok(api(ctx, owner).POST('/api/generate_case_summary/', { body: { project_id: projectId } }));
  await ok(api(ctx, owner).POST('/api/generate_liability_analysis/', { body: { project_id: projectId } }));
  await createProject(ctx, owner, 'Empty matter');
}

export interface Snapshot {
  projects: unknown[];
  details: { project: unknown; documents: unknown[]; contents: Record<string, string>; chat: unknown; reports: unknown }[];
}

/** Everything the user can read back over HTTP: projects, documents with their bytes, chats and reports. */
export async function snapshot(ctx: TestApp, owner: TestUser): Promise<Snapshot> {
  const { projects } = await ok(api(ctx, owner).GET('/api/projects/'));
  const out: Snapshot['details'] = [];
  for (const project of projects) {
    const path = { params: { path: { id: project.id } } };
    const { documents } = await ok(api(ctx, owner).GET('/api/projects/{id}/documents/', path));
    const contents: Record<string, string> = {};
    for (const document of documents) {
      const response = await ctx.http
        .get(`/api/projects/${project.id}/documents/${document.id}/content/`)
        .set('Authorization', `Bearer ${owner.token}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      if (response.status !== 200) throw new Error(`download of ${document.id} answered ${response.status}`);
      contents[document.id] = (response.body as Buffer).toString('base64');
    }
    const chat = await ok(api(ctx, owner).GET('/api/projects/{id}/chat_history/', path));
    const reports = await ok(api(ctx, owner).GET('/api/projects/{id}/reports/', path));
    out.push({ project, documents, contents, chat, reports });
  }
  return { projects, details: out };
}
