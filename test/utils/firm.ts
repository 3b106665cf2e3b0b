import { DataSource } from 'typeorm';
import { api, ok } from './api';
import type { TestUser } from './factory';
import type { TestApp } from './test-app';

/** Bearer-authenticated calls as one user. */
export function asUser(ctx: TestApp, user: TestUser) {
  const auth = (request: ReturnType<TestApp['http']['get']>) => request.set('Authorization', `Bearer ${user.token}`);
  return {
    get: (path: string) => auth(ctx.http.get(path)),
    post: (path: string, body: object = {}) => auth(ctx.http.post(path)).send(body),
    put: (path: string, body: object) => auth(ctx.http.put(path)).send(body),
    delete: (path: string) => auth(ctx.http.delete(path)),
  };
}

/**
 * Moves accounts into the administrator's firm as members (each sign-up made a firm of its own); for tests whose
 * subject is not the invitation flow. Returns the firm's id.
 */
export async function joinFirm(ctx: TestApp, admin: TestUser, members: readonly string[]): Promise<string> {
  const firm = (await ok(api(ctx, admin).GET('/api/me/'))).firm.id;
  if (members.length > 0) await ctx.app.get(DataSource).query(`UPDATE users SET firm_id = $1, role = 'member' WHERE id = ANY($2)`, [firm, members]);
  return firm;
}

export async function idOf(ctx: TestApp, user: TestUser): Promise<string> {
  return (await ok(api(ctx, user).GET('/api/me/'))).id;
}
