#!/usr/bin/env node
// Runs a command against this machine's PostgreSQL and Redis (each test app makes its own schema
// and Redis prefix, so runs never see each other's data).
const { spawnSync } = require('node:child_process');

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
};
const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
