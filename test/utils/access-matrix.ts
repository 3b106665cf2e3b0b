import type { Operation } from './openapi-fuzz';

/**
 * Who makes a request in the access matrix. Each actor is a column of the table below. The first eight are
 * the firm's people and strangers (the owner is a plain member of the firm; the administrator is not on the
 * matter); the last three present a flawed token of the owner's.
 */
export const ACTORS = [
  'anonymous',
  'owner',
  'editor',
  'viewer',
  'walledMember',
  'unsharedMember',
  'firmAdmin',
  'otherFirmAdmin',
  'revokedToken',
  'expiredToken',
  'forgedToken',
] as const;
export type Actor = (typeof ACTORS)[number];

export const ACTOR_DESCRIPTIONS: Record<Actor, string> = {
  anonymous: 'no token',
  owner: 'the project’s owner, a member of the firm',
  editor: 'a member the project is shared with as editor',
  viewer: 'a member the project is shared with as viewer',
  walledMember: 'a member shared as editor, then walled off the project',
  unsharedMember: 'a member of the same firm the project is not shared with',
  firmAdmin: 'the firm’s administrator, not on the project',
  otherFirmAdmin: 'the administrator of another firm',
  revokedToken: 'the owner’s token after logout',
  expiredToken: 'the owner’s live session, expired',
  forgedToken: 'the owner’s claims signed with another key',
};

/** What a project-scoped case plants in its fresh project before the call. */
export type Fixture = 'document' | 'chat' | 'caseSummary' | 'liabilityAnalysis' | 'invitation' | 'apiKey';

/**
 * - `public`: open to anyone (no bearer token in the contract); not run by the matrix.
 * - `own`: acts on the caller's own account or own list; another user gets their own, never the owner's.
 * - `project`: reaches one project (path id, or project_id in the query or body); the policy decides.
 * - `admin`: the firm console's API under /api/admin/; the firm's administrators only, within their firm.
 */
export type Row =
  | { scope: 'public'; why: string }
  | { scope: 'own'; expect: Record<Actor, number> }
  | { scope: 'project' | 'admin'; needs: Fixture[]; expect: Record<Actor, number> };

/** Every token that is not a live session is refused the same way, whatever the route. */
const NO_SESSION = { anonymous: 401, revokedToken: 401, expiredToken: 401, forgedToken: 401 } as const;

/**
 * Those who may not know the project exists get 404 as for a project that does not exist, never 403, which
 * would confirm that it does: the walled member, a member it is not shared with, another firm's admin.
 */
const UNSEEN = { walledMember: 404, unsharedMember: 404, otherFirmAdmin: 404 } as const;

type Seen = 'owner' | 'editor' | 'viewer' | 'firmAdmin';

/** A project route: the statuses of those who can see the project; everyone else as above. */
function project(needs: Fixture[], seen: Record<Seen, number>): Row {
  return { scope: 'project', needs, expect: { ...seen, ...UNSEEN, ...NO_SESSION } };
}

/** Anyone on the project may; the administrator who is not on it sees nothing of its contents. */
function anyMember(status: number, needs: Fixture[]): Row {
  return project(needs, { owner: status, editor: status, viewer: status, firmAdmin: 404 });
}

/** Changes the matter's contents: owners and editors; a viewer is refused with 403. */
function editors(status: number, needs: Fixture[]): Row {
  return project(needs, { owner: status, editor: status, viewer: 403, firmAdmin: 404 });
}

/** Who has access: the owner and the firm's administrator; editors and viewers may read it, not change it. */
function membership(status: number, needs: Fixture[]): Row {
  return project(needs, { owner: status, editor: 403, viewer: 403, firmAdmin: status });
}

const MEMBERS_REFUSED = { owner: 403, editor: 403, viewer: 403, walledMember: 403, unsharedMember: 403 } as const;

/**
 * An admin route. A list answers another firm's administrator with their own firm's rows; a route that
 * names one of this firm's records answers them 404, as for a record that does not exist.
 */
function admin(status: number, { list, needs = [] }: { list: boolean; needs?: Fixture[] }): Row {
  return { scope: 'admin', needs, expect: { ...MEMBERS_REFUSED, firmAdmin: status, otherFirmAdmin: list ? status : 404, ...NO_SESSION } };
}

function own(status: number): Row {
  const signedIn = { owner: status, editor: status, viewer: status, walledMember: status, unsharedMember: status, firmAdmin: status, otherFirmAdmin: status };
  return { scope: 'own', expect: { ...signedIn, ...NO_SESSION } };
}

/** One row per operationId of openapi.yaml; a new route without a row fails the matrix. */
export const ACCESS: Record<string, Row> = {
  getHealth: { scope: 'public', why: 'liveness probe for load balancers and the CLI' },
  getReady: { scope: 'public', why: 'readiness probe for load balancers: 503 until the database and the job queue answer' },
  signup: { scope: 'public', why: 'creates an account' },
  verifyOtp: { scope: 'public', why: 'proves the mailbox before any session exists' },
  login: { scope: 'public', why: 'issues the session' },
  requestPasswordReset: { scope: 'public', why: 'for users who cannot sign in' },
  resetPassword: { scope: 'public', why: 'for users who cannot sign in; the mailed code is the credential' },

  getMe: own(200),
  logout: own(200),
  logoutAll: own(200),
  listProjects: own(200),
  createApiKey: own(201),
  listApiKeys: own(200),
  // A key that is not the caller's (here: no one's) answers 404; revoking one's own is in api-keys.spec.ts.
  revokeApiKey: own(404),
  createProject: own(201),

  getProject: anyMember(200, []),
  deleteProject: project(['document', 'chat'], { owner: 200, editor: 403, viewer: 403, firmAdmin: 404 }),
  listFiles: anyMember(200, ['document']),
  listDocuments: anyMember(200, ['document']),
  downloadDocument: anyMember(200, ['document']),
  deleteFile: editors(200, ['document']),
  uploadDocument: editors(201, []),
  askQuestion: anyMember(200, ['document']),
  // Each person's own history: a member reads and deletes theirs, never the owner's.
  getChatHistory: anyMember(200, ['document', 'chat']),
  deleteChatHistory: anyMember(200, ['document', 'chat']),
  generateCaseSummary: editors(200, ['document']),
  generateLiabilityAnalysis: editors(200, ['document']),
  downloadCaseSummary: anyMember(200, ['document', 'caseSummary']),
  downloadLiabilityAnalysis: anyMember(200, ['document', 'liabilityAnalysis']),
  storedReports: anyMember(200, ['document', 'caseSummary']),

  listMembers: project([], { owner: 200, editor: 200, viewer: 200, firmAdmin: 200 }),
  shareProject: membership(201, []),
  changeMemberRole: membership(200, []),
  removeMember: membership(200, []),

  listAdminProjects: admin(200, { list: true }),
  getAdminProject: admin(200, { list: false }),
  listWalls: admin(200, { list: false }),
  addWall: admin(201, { list: false }),
  removeWall: admin(200, { list: false }),
  listUsage: admin(200, { list: true }),
  listAuditEvents: admin(200, { list: true }),
  verifyAuditChain: admin(200, { list: true }),
  exportAuditEvents: admin(200, { list: true }),
  getAuditEvent: admin(200, { list: false }),
  listUsers: admin(200, { list: true }),
  getUser: admin(200, { list: false }),
  // Inviting an address that already has an account is refused after the gate (400), in every firm.
  inviteUser: admin(400, { list: true }),
  changeUser: admin(200, { list: false }),
  disableUser: admin(400, { list: false }),
  listInvitations: admin(200, { list: true }),
  createInvitation: admin(400, { list: true }),
  getInvitation: admin(200, { list: false, needs: ['invitation'] }),
  resendInvitation: admin(200, { list: false, needs: ['invitation'] }),
  revokeInvitation: admin(200, { list: false, needs: ['invitation'] }),
  getSettings: admin(200, { list: true }),
  changeSettings: admin(200, { list: true }),
  listAdminDocuments: admin(200, { list: true }),
  getAdminDocument: admin(200, { list: false, needs: ['document'] }),
  // The planted document is ready: the administrator passes the gate and is told only failed ones retry.
  retryDocument: admin(400, { list: false, needs: ['document'] }),
  listFirmApiKeys: admin(200, { list: true }),
  revokeFirmApiKey: admin(200, { list: false, needs: ['apiKey'] }),
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
    const adminPath = operation.path.startsWith('/api/admin/');
    if (adminPath !== (row.scope === 'admin')) found.push(`${name} ${adminPath ? 'is under /api/admin/ but its row is not "admin"' : 'has an "admin" row outside /api/admin/'}`);
    if (adminPath) continue;
    if (takesProject(operation) && row.scope !== 'project') found.push(`${name} names a project but its row is "${row.scope}"`);
    if (!takesProject(operation) && row.scope === 'project') found.push(`${name} names no project but its row is "project"`);
  }
  for (const id of Object.keys(table)) if (!ids.has(id)) found.push(`${id} has a row but is not in openapi.yaml`);
  return found;
}
