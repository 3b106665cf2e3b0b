import { randomBytes } from 'node:crypto';
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
export async function createUser(ctx: TestApp, label = 'user'): Promise<TestUser> {
  const email = factory.email(label);
  const password = factory.password();
  await ctx.http.post('/api/signup/').send({ email, password }).expect(200);
  const otp = await latestCode(ctx.config, email);
  await ctx.http.post('/api/verify-otp/').send({ email, otp }).expect(200);
  const login = await ctx.http.post('/api/login/').send({ email, password }).expect(200);
  return { email, password, token: login.body.token as string };
}
