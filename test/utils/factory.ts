import { randomBytes } from 'node:crypto';
import { api, ok } from './api';
import { TestApp } from './test-app';
import { latestCode } from './outbox';

export interface TestUser {
  email: string;
  password: string;
  token: string;
}

export const factory = {
  email(label = 'user'): string {
    return `${label}-${randomBytes(4).toString('hex')}@firm.example`;
  },
  password(): string {
    return `pw-${randomBytes(8).toString('hex')}`;
  },
};

/** Signs up, verifies with the mailed code and logs in: a ready account with its bearer token. */
export async function createUser(ctx: Pick<TestApp, 'baseUrl' | 'config'>, label = 'user'): Promise<TestUser> {
  const email = factory.email(label);
  const password = factory.password();
  const client = api(ctx);
  await ok(client.POST('/api/signup/', { body: { email, password } }));
  const otp = await latestCode(ctx.config, email);
  await ok(client.POST('/api/verify-otp/', { body: { email, otp } }));
  const { token } = await ok(client.POST('/api/login/', { body: { email, password } }));
  return { email, password, token };
}
