import type { Command } from 'commander';
import { connect, settle, ApiFailure } from '../client';
import { clearSession, credentials, readSession, writeSession } from '../config';
import { type CommonOptions, signedIn } from '../context';
import { CliError } from '../errors';
import { Output } from '../output';
import { ask } from '../prompt';

const UNVERIFIED = /verify your email address/i;

interface LoginOptions extends CommonOptions {
  url?: string;
  email?: string;
  apiKey?: string;
}

async function login(options: LoginOptions): Promise<void> {
  const out = new Output(Boolean(options.json));
  const url = (options.url ?? process.env.CASEWISE_URL ?? readSession()?.url)?.replace(/\/+$/, '');
  if (!url) throw new CliError('Which server? Give --url, e.g. casewise login --url http://localhost:3000 --email you@firm.example');
  if (!/^https?:\/\//.test(url)) throw new CliError(`--url must start with http:// or https://, not "${url}".`);
  const apiKey = options.apiKey ?? process.env.CASEWISE_API_KEY;
  let token: string;
  if (apiKey) {
    token = apiKey;
  } else {
    const email = options.email?.trim();
    if (!email) throw new CliError('Give --email (or --api-key): casewise login --url <server> --email you@firm.example');
    const password = process.env.CASEWISE_PASSWORD ?? (await ask('Password: ', { hidden: true }));
    const connection = connect(url, null);
    const signIn = () => settle(connection, connection.client.POST('/api/login/', { body: { email, password } }));
    try {
      token = (await signIn()).token;
    } catch (error) {
      if (!(error instanceof ApiFailure && error.status === 403 && UNVERIFIED.test(error.message))) {
        if (error instanceof ApiFailure && error.status === 401) throw new CliError(`Sign-in refused: ${error.message.replace(/^Not signed in \((.*)\):.*$/, '$1')}`);
        throw error;
      }
      const otp = (await ask(`Enter the code we sent to ${email}: `)).trim();
      await settle(connection, connection.client.POST('/api/verify-otp/', { body: { email, otp } }));
      token = (await signIn()).token;
    }
  }
  const session = connect(url, token);
  const me = await settle(session, session.client.GET('/api/me/'));
  const file = writeSession({ url, token, email: me.email });
  out.result({ url, email: me.email, role: me.role, firm: me.firm.name, session_file: file, api_key: Boolean(apiKey) }, () => [`Signed in to ${url} as ${me.email} (${me.firm.name}). Session saved to ${file}.`]);
}

async function logout(options: CommonOptions): Promise<void> {
  const out = new Output(Boolean(options.json));
  const stored = readSession();
  if (stored && !stored.token.startsWith('cwk_')) {
    const connection = connect(stored.url, stored.token);
    await connection.client.POST('/api/logout/').catch(() => undefined);
  }
  const removed = clearSession();
  out.result({ signed_out: removed }, () => [removed ? 'Signed out.' : 'Not signed in.']);
}

async function whoami(options: CommonOptions): Promise<void> {
  const { out, connection } = signedIn(options);
  const me = await settle(connection, connection.client.GET('/api/me/'));
  const viaKey = credentials().token.startsWith('cwk_');
  out.result({ ...me, url: connection.url, api_key: viaKey }, () => [`${me.email} (${me.role === 'admin' ? 'administrator' : 'member'} of ${me.firm.name}) at ${connection.url}${viaKey ? ', with an API key' : ''}`]);
}

export function registerAccount(program: Command): void {
  program
    .command('login')
    .description('sign in and keep the session for the next commands (in $CASEWISE_CONFIG_DIR, mode 0600)')
    .option('--url <url>', 'the Casewise server (env: CASEWISE_URL)')
    .option('--email <address>', 'your address; the password is asked for, or read from CASEWISE_PASSWORD')
    .option('--api-key <key>', 'sign in with an API key instead (env: CASEWISE_API_KEY)')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExamples:\n  $ casewise login --url http://localhost:3000 --email associate@firm.example\n  $ casewise login --url https://casewise.firm.example --api-key cwk_…')
    .action(login);
  program
    .command('logout')
    .description('end the saved session and forget it')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise logout')
    .action(logout);
  program
    .command('whoami')
    .description('who the saved session or API key acts as')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise whoami --json')
    .action(whoami);
}
