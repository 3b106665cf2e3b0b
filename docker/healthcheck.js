// The image's HEALTHCHECK. The API (APP_ROLE api or all) is healthy when GET /api/health/ answers 200. A worker
// serves no HTTP: it is healthy while the database and Redis it works from accept connections.
'use strict';
const http = require('node:http');
const net = require('node:net');

const TIMEOUT_MS = 5000;

function checkHttp(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health/', timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 ? null : `/api/health/ answered ${response.statusCode}`);
    });
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', (error) => resolve(`/api/health/: ${error.message}`));
  });
}

function checkTcp(name, raw, defaultPort) {
  const url = new URL(raw);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || defaultPort), timeout: TIMEOUT_MS });
    socket.on('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.on('timeout', () => socket.destroy(new Error('no answer in time')));
    socket.on('error', (error) => resolve(`${name} (${url.hostname}:${url.port || defaultPort}): ${error.message}`));
  });
}

async function main() {
  const env = process.env;
  const checks = env.APP_ROLE === 'worker'
    ? [
        env.DATABASE_URL ? checkTcp('PostgreSQL', env.DATABASE_URL, 5432) : null,
        env.REDIS_URL ? checkTcp('Redis', env.REDIS_URL, 6379) : null,
      ]
    : [checkHttp(Number(env.PORT || 3000))];
  const failures = (await Promise.all(checks)).filter((failure) => failure);
  for (const failure of failures) console.error(`unhealthy: ${failure}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

void main();
