import { DataSource } from 'typeorm';
import { api, ok } from './api';
import type { TestUser } from './factory';
import type { TestApp } from './test-app';

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
