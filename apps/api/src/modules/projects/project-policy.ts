import type { FirmRole } from '@api/modules/firms/firm-role';

/** A person's role on one matter: the owner, or someone it was shared with. */
export type ProjectRole = 'owner' | 'editor' | 'viewer';
export type SharedRole = Exclude<ProjectRole, 'owner'>;
export const SHARED_ROLES: readonly SharedRole[] = ['editor', 'viewer'];

/** Everything a route may do to a matter; each project route names exactly one. */
export type ProjectAction =
  | 'project.read'
  | 'project.delete'
  | 'members.read'
  | 'members.manage'
  | 'documents.read'
  | 'documents.upload'
  | 'documents.delete'
  | 'chat.ask'
  | 'chat.own-history'
  | 'reports.read'
  | 'reports.generate';

/** What the policy knows about the caller and the matter. */
export interface ProjectAccess {
  callerFirmId: string;
  callerFirmRole: FirmRole;
  projectFirmId: string;
  /** Null when the matter is not shared with the caller. */
  projectRole: ProjectRole | null;
  walled: boolean;
}

/** `hidden` answers 404 (the caller may not know the matter exists); `forbidden` answers 403. */
export type Decision = 'allow' | 'hidden' | 'forbidden';

const ALLOWED: Record<ProjectRole, ReadonlySet<ProjectAction>> = {
  owner: new Set<ProjectAction>([
    'project.read',
    'project.delete',
    'members.read',
    'members.manage',
    'documents.read',
    'documents.upload',
    'documents.delete',
    'chat.ask',
    'chat.own-history',
    'reports.read',
    'reports.generate',
  ]),
  editor: new Set<ProjectAction>([
    'project.read',
    'members.read',
    'documents.read',
    'documents.upload',
    'documents.delete',
    'chat.ask',
    'chat.own-history',
    'reports.read',
    'reports.generate',
  ]),
  // A viewer reads and asks; generating a report replaces the matter's stored report, so it is an editor's act.
  viewer: new Set<ProjectAction>(['project.read', 'members.read', 'documents.read', 'chat.ask', 'chat.own-history', 'reports.read']),
};

/** A firm administrator who is not on the matter sees and manages its membership, never its contents. */
const ADMIN_WITHOUT_MEMBERSHIP: ReadonlySet<ProjectAction> = new Set<ProjectAction>(['members.read', 'members.manage']);

/**
 * The one decision for every project action. Another firm's matter and a matter the caller is walled off
 * are hidden whatever the caller's roles; a wall beats any sharing and any firm role.
 */
export function decide(access: ProjectAccess, action: ProjectAction): Decision {
  if (access.callerFirmId !== access.projectFirmId || access.walled) return 'hidden';
  if (access.projectRole === null) {
    return access.callerFirmRole === 'admin' && ADMIN_WITHOUT_MEMBERSHIP.has(action) ? 'allow' : 'hidden';
  }
  if (ALLOWED[access.projectRole].has(action)) return 'allow';
  if (access.callerFirmRole === 'admin' && ADMIN_WITHOUT_MEMBERSHIP.has(action)) return 'allow';
  return 'forbidden';
}

/** What the user app shows beside a disabled control. */
export const FORBIDDEN_MESSAGES: Record<ProjectAction, string> = {
  'project.read': 'You do not have access to this project.',
  'project.delete': 'Only the owner of this project can delete it.',
  'members.read': 'You do not have access to this project.',
  'members.manage': "Only the project's owner or a firm administrator can change who has access.",
  'documents.read': 'You do not have access to this project.',
  'documents.upload': 'Viewers cannot upload documents to this project.',
  'documents.delete': 'Viewers cannot delete documents from this project.',
  'chat.ask': 'You do not have access to this project.',
  'chat.own-history': 'You do not have access to this project.',
  'reports.read': 'You do not have access to this project.',
  'reports.generate': 'Viewers cannot generate reports for this project.',
};
