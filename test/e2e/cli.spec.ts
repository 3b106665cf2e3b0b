import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { api, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { latestCode } from '../utils/outbox';
import { createUser, factory, type TestUser } from '../utils/factory';
import { startTestApp, type TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'cli', 'bin', 'casewise.js');
const BUNDLE = join(ROOT, 'cli', 'dist', 'casewise.mjs');
const CONTRACTS = join(ROOT, 'test', 'fixtures', 'cuad', 'txt');
const LONG = 180_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// The built `casewise` command as a child process against the real server on the embedded defaults: sign-in,
// a resumable batch with a damaged file, questions, exit codes, and API keys with their scopes.
describe('the casewise command-line tool', () => {
  let ctx: TestApp;
  let user: TestUser;
  let home: string;
  let configDir: string;

  /** Runs the CLI with a clean environment: only what the test gives it, never the developer's own session. */
  function casewise(args: string[], env: Record<string, string> = {}, input?: string): Promise<Run> {
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CASEWISE_'))) as Record<string, string>;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, ...args], { env: { ...base, CASEWISE_CONFIG_DIR: configDir, ...env }, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
      if (input !== undefined) child.stdin?.end(input);
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  async function auditCount(action: string): Promise<number> {
    const [row] = (await ctx.app.get(DataSource).query('SELECT count(*)::int AS n FROM audit_events WHERE action = $1', [action])) as { n: number }[];
    return row.n;
  }

  beforeAll(async () => {
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm install (its prepare step builds the CLI) or npm run build:cli.`);
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    user = await createUser(ctx, 'cli-user');
    home = mkdtempSync(join(tmpdir(), 'casewise-cli-'));
    configDir = join(home, 'config');
  });

  afterAll(async () => {
    rmSync(home, { recursive: true, force: true });
    await ctx?.close();
  });

  it('signs in with the password from CASEWISE_PASSWORD, keeps the session in a 0600 file, and says who it is', async () => {
    const login = await casewise(['login', '--url', ctx.baseUrl, '--email', user.email, '--json'], { CASEWISE_PASSWORD: user.password });
    expect(login).toMatchObject({ code: 0 });
    const result = JSON.parse(login.stdout) as { email: string; session_file: string };
    expect(result.email).toBe(user.email);
    expect(statSync(result.session_file).mode & 0o777).toBe(0o600);
    expect(result.session_file.startsWith(configDir)).toBe(true);

    const whoami = await casewise(['whoami', '--json']);
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: user.email, role: 'admin', api_key: false });
  }, LONG);

  it('asks for the mailed code when the account is not verified yet, then signs in', async () => {
    const email = factory.email('cli-new');
    const password = factory.password();
    await ok(api(ctx).POST('/api/signup/', { body: { email, password } }));
    const code = await latestCode(ctx.config, email);
    const login = await casewise(['login', '--url', ctx.baseUrl, '--email', email, '--json'], { CASEWISE_PASSWORD: password, CASEWISE_CONFIG_DIR: join(home, 'new-account') }, `${code}\n`);
    expect(login.stderr).toContain(`Enter the code we sent to ${email}: `);
    expect(login.code).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({ email });
  }, LONG);

  it('refuses a wrong password with exit 2 and the reason, keeping the saved session', async () => {
    const wrong = await casewise(['login', '--url', ctx.baseUrl, '--email', user.email], { CASEWISE_PASSWORD: 'not-the-password-1' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^casewise: Sign-in refused: .+/m);
    expect((await casewise(['whoami'])).code).toBe(0);
  }, LONG);

  it('batches two matters with a damaged PDF: exit 1 naming the file, every report written, JSON and CSV; an identical re-run changes nothing', async () => {
    const dir = join(home, 'data-room');
    const out = join(home, 'reports');
    const names = ['ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT.txt', 'ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt'];
    mkdirSync(join(dir, 'Ability services'), { recursive: true });
    mkdirSync(join(dir, 'Accuray distribution', 'exhibits'), { recursive: true });
    copyFileSync(join(CONTRACTS, names[0]), join(dir, 'Ability services', 'services-agreement.txt'));
    writeFileSync(join(dir, 'Ability services', 'scan-damaged.pdf'), '%PDF-1.7\n1 0 obj << /Type /Catalog >> broken beyond repair');
    writeFileSync(join(dir, 'Ability services', 'notes.xyz'), 'not a supported type');
    copyFileSync(join(CONTRACTS, names[1]), join(dir, 'Accuray distribution', 'exhibits', 'distributor-agreement.txt'));

    const first = await casewise(['batch', dir, '--out', out, '--json']);
    expect(first.code).toBe(1);
    const report = JSON.parse(first.stdout) as {
      uploaded: number;
      reports_generated: number;
      failures: number;
      matters: { matter: string; files: { file: string; upload: string; status: string; pages: number | null; error: string | null }[]; reports: { kind: string; status: string }[] }[];
    };
    expect(report).toMatchObject({ uploaded: 3, reports_generated: 4, failures: 1 });
    const ability = report.matters.find((matter) => matter.matter === 'Ability services');
    expect(ability?.files.map((file) => [file.file, file.status])).toEqual([
      ['scan-damaged.pdf', 'failed'],
      ['services-agreement.txt', 'ready'],
    ]);
    expect(ability?.files[0].error).toMatch(/\S/);
    for (const matter of ['Ability services', 'Accuray distribution']) {
      for (const file of ['case_summary.pdf', 'liability_analysis.pdf']) {
        const bytes = readFileSync(join(out, matter, file));
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    }
    const saved = JSON.parse(readFileSync(join(out, 'batch-report.json'), 'utf8')) as { failures: number; matters: unknown[] };
    expect(saved).toMatchObject({ failures: 1 });
    expect(saved.matters).toHaveLength(2);
    const csv = readFileSync(join(out, 'batch-report.csv'), 'utf8').trim().split('\r\n');
    expect(csv[0]).toBe('matter,item,kind,name,status,pages,seconds,error');
    expect(csv.find((line) => line.includes('scan-damaged.pdf'))).toMatch(/^Ability services,file,uploaded,scan-damaged\.pdf,failed,,[\d.]+,.+/);
    expect(csv.filter((line) => line.includes(',report,'))).toHaveLength(4);
    expect(readFileSync(join(out, 'batch-report.csv'), 'utf8')).not.toContain('.part');

    const uploads = await auditCount('document.upload');
    const generated = await auditCount('report.generate');
    const again = await casewise(['batch', dir, '--out', out]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/2 matters, 3 files \(0 uploaded now\), \d+ pages, 0 reports written, 1 failed/);
    expect(again.stdout).toContain('failed: Ability services/scan-damaged.pdf: ');
    expect(await auditCount('document.upload')).toBe(uploads);
    expect(await auditCount('report.generate')).toBe(generated);

    // A document that reaches a matter another way (here: the app) changes what its reports rest on: the next run
    // writes that matter's reports again and keeps the other matter's.
    const projects = await ok(api(ctx, user).GET('/api/projects/'));
    const abilityId = projects.projects.find((project) => project.name === 'Ability services')?.id ?? '';
    await ok(uploadFile(ctx, user, abilityId, 'amendment.txt', 'AMENDMENT NO. 1. The term of the Services Agreement is extended by two years.'), 201);
    await waitForDocuments(ctx, user.token, abilityId);
    const third = await casewise(['batch', dir, '--out', out, '--json']);
    const rerun = JSON.parse(third.stdout) as { uploaded: number; matters: { matter: string; reports: { status: string }[] }[] };
    expect(rerun.uploaded).toBe(0);
    expect(rerun.matters.map((matter) => [matter.matter, matter.reports.map((report) => report.status)])).toEqual([
      ['Ability services', ['generated', 'generated']],
      ['Accuray distribution', ['skipped', 'skipped']],
    ]);
  }, LONG);

  it('uploads a folder, skipping what the project already has by name and sha256, and uploads nothing on --dry-run', async () => {
    const folder = join(home, 'more-files');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    copyFileSync(join(CONTRACTS, 'ACCURAYINC_09_01_2010-EX-10.31-DISTRIBUTOR AGREEMENT.txt'), join(folder, 'distributor-agreement.txt'));
    writeFileSync(join(folder, 'nested', 'side-letter.md'), '# Side letter\n\nThe parties agree that the term is extended by one year.');
    writeFileSync(join(folder, 'nested', 'photo.bmp'), 'not supported');
    const dry = await casewise(['upload', '-p', 'Accuray distribution', folder, '--dry-run', '--json']);
    expect(dry.code).toBe(0);
    expect((JSON.parse(dry.stdout) as { files: { name: string; outcome: string }[] }).files.map((file) => [file.name, file.outcome])).toEqual([
      ['distributor-agreement.txt', 'skipped'],
      ['side-letter.md', 'uploaded'],
    ]);
    expect(dry.stderr).toContain('not a supported type, left out: ');
    const before = await auditCount('document.upload');
    const real = await casewise(['upload', '-p', 'Accuray distribution', folder]);
    expect(real.code).toBe(0);
    expect(real.stdout).toBe('Uploaded 1, already there 1, failed 0.\n');
    expect(await auditCount('document.upload')).toBe(before + 1);
    expect((await casewise(['wait', '-p', 'Accuray distribution', '--timeout', '120'])).code).toBe(0);
  }, LONG);

  it('stops cleanly on Ctrl-C (exit 130, no partial file) and the same command then finishes the work', async () => {
    const dir = join(home, 'interrupted-room');
    const out = join(home, 'interrupted-reports');
    mkdirSync(join(dir, 'Adams endorsement'), { recursive: true });
    copyFileSync(join(CONTRACTS, 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt'), join(dir, 'Adams endorsement', 'endorsement.txt'));
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CASEWISE_'))) as Record<string, string>;
    const interrupted = await new Promise<Run>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'batch', dir, '--out', out], { env: { ...base, CASEWISE_CONFIG_DIR: configDir }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('matter Adams endorsement: starting') && !child.killed) child.kill('SIGINT');
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain('Stopping: finishing nothing new, removing partial files. Run the same command again to resume.');
    const leftovers = existsSync(out) ? readdirSync(out, { recursive: true }).map(String).filter((name) => name.endsWith('.part')) : [];
    expect(leftovers).toEqual([]);

    const resumed = await casewise(['batch', dir, '--out', out, '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ failures: 0, reports_generated: 2 });
    expect(readFileSync(join(out, 'Adams endorsement', 'case_summary.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, LONG);

  it('answers a question as JSON with its citations, and names an unknown project with exit 2', async () => {
    const asked = await casewise(['ask', '-p', 'Accuray distribution', 'Which law governs this agreement?', '--json']);
    expect(asked.code).toBe(0);
    const answer = JSON.parse(asked.stdout) as { answer: string; citations: { file: string; page: number; quote: string }[] };
    expect(answer.answer).toMatch(/\S/);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations[0].file).toBe('distributor-agreement.txt');

    const unknown = await casewise(['ask', '-p', 'No such matter', 'Anything?']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('casewise: No project "No such matter" that you can see: check the name (exact, case-sensitive) or the id with casewise projects list.\n');
  }, LONG);

  it('works with an API key, refuses a revoked one with exit 2, and a read-only key an upload', async () => {
    const created = await ok(api(ctx, user).POST('/api/api-keys/', { body: { name: 'cron', scope: 'read-write' } }), 201);
    const env = { CASEWISE_URL: ctx.baseUrl, CASEWISE_API_KEY: created.key, CASEWISE_CONFIG_DIR: join(home, 'no-session') };
    const listed = await casewise(['projects', 'list', '--json'], env);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((project) => project.name).sort()).toEqual(['Ability services', 'Accuray distribution', 'Adams endorsement']);

    await ok(api(ctx, user).DELETE('/api/api-keys/{keyId}/', { params: { path: { keyId: created.id } } }));
    const revoked = await casewise(['projects', 'list'], env);
    expect(revoked.code).toBe(2);
    expect(revoked.stderr).toContain('This API key is not valid: it may have been revoked or have expired.');

    const reader = await ok(api(ctx, user).POST('/api/api-keys/', { body: { name: 'reader', scope: 'read' } }), 201);
    const file = join(home, 'extra.txt');
    writeFileSync(file, `SECTION 1. TERM. This Agreement ${factory.password()} lasts one year.`);
    const upload = await casewise(['upload', '-p', 'Accuray distribution', file], { ...env, CASEWISE_API_KEY: reader.key });
    expect(upload.code).toBe(2);
    expect(upload.stderr).toBe('casewise: This API key is read-only: use a read-write key to change anything.\n');
  }, LONG);
});
