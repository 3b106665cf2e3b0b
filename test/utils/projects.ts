import { api, ok } from './api';
import { TestApp } from './test-app';
import { TestUser } from './factory';

export interface TestProject {
  id: string;
  name: string;
}

export function bearer(user: TestUser): [string, string] {
  return ['Authorization', `Bearer ${user.token}`];
}

export async function createProject(ctx: Pick<TestApp, 'baseUrl'>, user: TestUser, name = 'Matter'): Promise<TestProject> {
  return ok(api(ctx, user).POST('/api/projects/', { body: { name, description: '' } }), 201);
}

/**
 * Uploads one file over raw multipart; `filepath` keeps the name exactly as given (the form encoder would strip a
 * path). Raw because it is for names fetch's FormData would rewrite (paths, control characters) and for multipart
 * edge cases; well-formed uploads use `uploadFile` (test/utils/api.ts), which goes through the typed client.
 */
export function upload(ctx: TestApp, user: TestUser, projectId: string, filename: string, bytes: Buffer | string) {
  const options = { filename, filepath: filename };
  return ctx.http
    .post('/api/upload/')
    .set(...bearer(user))
    .field('project_id', projectId)
    .attach('file', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), options);
}
