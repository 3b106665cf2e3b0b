import type { Operation } from './openapi-fuzz';

/**
 * Who makes a request in the access matrix. Each actor is a column of the table below; the firm roles
 * (admin, editor, viewer, walled member, member not on the matter, another firm's user) are added as more
 * columns, and the type then asks every row for their expectation.
 */
export const ACTORS = ['owner', 'otherUser', 'anonymous', 'revokedToken', 'expiredToken', 'forgedToken'] as const;
export type Actor = (typeof ACTORS)[number];

export const ACTOR_DESCRIPTIONS: Record<Actor, string> = {
  owner: 'the project’s owner',
  otherUser: 'another signed-in user',
  anonymous: 'no token',
  revokedToken: 'the owner’s token after logout',
  expiredToken: 'the owner’s live session, expired',
  forgedToken: 'the owner’s claims signed with another key',
};

/** What a project-scoped case plants in its fresh project before the call. */
export type Fixture = 'document' | 'chat' | 'caseSummary' | 'liabilityAnalysis';

/**
 * - `public`: open to anyone (no bearer token in the contract); not run by the matrix.
 * - `own`: acts on the caller's own account or own list; another user gets their own, never the owner's.
 * - `project`: reaches one project (path id, or project_id in the query or body); only its owner may.
 */
export type Row =
  | { scope: 'public'; why: string }
  | { scope: 'own'; expect: Record<Actor, number> }
  | { scope: 'project'; needs: Fixture[]; expect: Record<Actor, number> };

/** Every token that is not a live session is refused the same way, whatever the route. */
const NO_SESSION = { anonymous: 401, revokedToken: 401, expiredToken: 401, forgedToken: 401 } as const;

function project(owner: number, needs: Fixture[]): Row {
  // 404 as for a project that does not exist: never 403, which would confirm that it does.
  return { scope: 'project', needs, expect: { owner, otherUser: 404, ...NO_SESSION } };
}

function own(status: number): Row {
  return { scope: 'own', expect: { owner: status, otherUser: status, ...NO_SESSION } };
}

/** One row per operationId of openapi.yaml; a new route without a row fails the matrix. */
export const ACCESS: Record<string, Row> = {
  getHealth: { scope: 'public', why: 'liveness probe for load balancers and the CLI' },
  signup: { scope: 'public', why: 'creates an account' },
  verifyOtp: { scope: 'public', why: 'proves the mailbox before any session exists' },
  login: { scope: 'public', why: 'issues the session' },
  requestPasswordReset: { scope: 'public', why: 'for users who cannot sign in' },
  resetPassword: { scope: 'public', why: 'for users who cannot sign in; the mailed code is the credential' },

  getMe: own(200),
  logout: own(200),
  logoutAll: own(200),
  listProjects: own(200),
  createProject: own(201),

  getProject: project(200, []),
  deleteProject: project(200, ['document', 'chat']),
  listFiles: project(200, ['document']),
  listDocuments: project(200, ['document']),
  downloadDocument: project(200, ['document']),
  deleteFile: project(200, ['document']),
  uploadDocument: project(201, []),
  askQuestion: project(200, ['document']),
  getChatHistory: project(200, ['document', 'chat']),
  deleteChatHistory: project(200, ['document', 'chat']),
  generateCaseSummary: project(200, ['document']),
  generateLiabilityAnalysis: project(200, ['document']),
  downloadCaseSummary: project(200, ['document', 'caseSummary']),
  downloadLiabilityAnalysis: project(200, ['document', 'liabilityAnalysis']),
};

/** Whether the operation names a project: its path id, or project_id in the query or the body. */
export function takesProject(operation: Operation): boolean {
  return (
    operation.pathParams.some((param) => param.name === 'id') ||
    operation.queryParams.some((param) => param.name === 'project_id') ||
    Object.keys(operation.body?.schema.properties ?? {}).includes('project_id')
  );
}

/** Where the table and the contract disagree: missing or stale rows, or a row in the wrong scope. */
export function disagreements(operations: Operation[], table: Record<string, Row>): string[] {
  const found: string[] = [];
  const ids = new Set(operations.map((operation) => operation.id));
  for (const operation of operations) {
    const row = table[operation.id];
    const name = `${operation.id} (${operation.method} ${operation.path})`;
    if (!row) {
      found.push(`${name} has no row in the access table: decide who may call it`);
      continue;
    }
    if (row.scope === 'public' && operation.secured) found.push(`${name} is public in the table but needs a bearer token in the contract`);
    if (row.scope !== 'public' && !operation.secured) found.push(`${name} needs a session in the table but is open in the contract`);
    if (takesProject(operation) && row.scope !== 'project') found.push(`${name} names a project but its row is "${row.scope}"`);
    if (!takesProject(operation) && row.scope === 'project') found.push(`${name} names no project but its row is "project"`);
  }
  for (const id of Object.keys(table)) if (!ids.has(id)) found.push(`${id} has a row but is not in openapi.yaml`);
  return found;
}
