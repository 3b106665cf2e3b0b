// Integration and e2e tests boot the app and hash passwords with argon2id: seconds, not milliseconds.
jest.setTimeout(60_000);
