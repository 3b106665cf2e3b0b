#!/usr/bin/env node
// Runs a command against this machine's PostgreSQL and Redis (each test app makes its own schema
// and Redis prefix, so runs never see each other's data). Both must answer first: a run that asked
// for the servers fails with the reason when one is down, rather than leaving its suites to skip.
const { spawnSync } = require('node:child_process');
const { connect } = require('node:net');

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
};

/** Resolves with null when something accepts a connection at the URL's host and port, else with why not. */
function reachable(name, url, defaultPort) {
  let host;
  let port;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    port = Number(parsed.port || defaultPort);
  } catch {
    return Promise.resolve(`${name}: "${url}" is not a URL`);
  }
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(`${name} at ${host}:${port} did not answer within 3 s`);
    });
    socket.once('error', (error) => resolve(`${name} at ${host}:${port} is not reachable (${error.code || error.message})`));
  });
}

async function main() {
  const problems = (
    await Promise.all([reachable('PostgreSQL (DATABASE_URL)', env.DATABASE_URL, 5432), reachable('Redis (REDIS_URL)', env.REDIS_URL, 6379)])
  ).filter((problem) => problem !== null);
  if (problems.length > 0) {
    console.error(`test:services needs its servers: ${problems.join('; ')}. Start them or point DATABASE_URL and REDIS_URL at running ones.`);
    process.exit(1);
  }
  const [command, ...args] = process.argv.slice(2);
  const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  process.exit(result.status ?? 1);
}

main();
