import { TestApp } from './test-app';
import { TestUser } from './factory';

export interface TestProject {
  id: string;
  name: string;
}

export function bearer(user: TestUser): [string, string] {
  return ['Authorization', `Bearer ${user.token}`];
}

export async function createProject(ctx: TestApp, user: TestUser, name = 'Matter'): Promise<TestProject> {
  const response = await ctx.http
    .post('/api/projects/')
    .set(...bearer(user))
    .send({ name, description: '' })
    .expect(201);
  return response.body as TestProject;
}

/** Uploads one file; `filepath` keeps the name exactly as given (the form encoder would strip a path). */
export function upload(ctx: TestApp, user: TestUser, projectId: string, filename: string, bytes: Buffer | string) {
  const options = { filename, filepath: filename };
  return ctx.http
    .post('/api/upload/')
    .set(...bearer(user))
    .field('project_id', projectId)
    .attach('file', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), options);
}
