import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors';

export interface StoredSession {
  url: string;
  token: string;
  email?: string;
}

/** `$CASEWISE_CONFIG_DIR`, else the platform's configuration folder. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CASEWISE_CONFIG_DIR) return env.CASEWISE_CONFIG_DIR;
  if (platform() === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'casewise');
  if (platform() === 'darwin') return join(homedir(), 'Library', 'Application Support', 'casewise');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'casewise');
}

export function sessionFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'session.json');
}

export function readSession(env: NodeJS.ProcessEnv = process.env): StoredSession | null {
  const file = sessionFile(env);
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSession>;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string' ? { url: parsed.url, token: parsed.token, email: parsed.email } : null;
  } catch {
    throw new CliError(`The session file ${file} cannot be read: run casewise login again.`);
  }
}

/** Written readable by its owner only (0600), through a temporary file so a crash never leaves half a file. */
export function writeSession(session: StoredSession, env: NodeJS.ProcessEnv = process.env): string {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = sessionFile(env);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return file;
}

export function clearSession(env: NodeJS.ProcessEnv = process.env): boolean {
  const file = sessionFile(env);
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}

export interface Credentials {
  url: string;
  token: string;
}

/** Where to connect and as whom: `CASEWISE_URL`, `CASEWISE_TOKEN` or `CASEWISE_API_KEY` override the stored session. */
export function credentials(env: NodeJS.ProcessEnv = process.env): Credentials {
  const stored = readSession(env);
  const url = env.CASEWISE_URL ?? stored?.url;
  const token = env.CASEWISE_API_KEY ?? env.CASEWISE_TOKEN ?? stored?.token;
  if (!url || !token) throw new CliError('Not signed in: run casewise login --url <server> --email <address> (or set CASEWISE_URL and CASEWISE_API_KEY).');
  return { url: url.replace(/\/+$/, ''), token };
}
