import type { components } from '@casewise/api-client';
import { api, required, settle } from './http';

export type ProjectMember = components['schemas']['ProjectMemberDto'];
export type SharedRole = components['schemas']['ShareProjectDto']['role'];

/** What each role may not do, as the server words it; shown beside the controls a role cannot use. */
export const ROLE_LIMITS = {
  upload: 'Viewers cannot upload documents to this project.',
  deleteDocument: 'Viewers cannot delete documents from this project.',
  generate: 'Viewers cannot generate reports for this project.',
  share: "Only the project's owner or a firm administrator can change who has access.",
} as const;

function members(data: { members: ProjectMember[] } | undefined): ProjectMember[] {
  return required(data).members;
}

export async function listMembers(projectId: string): Promise<ProjectMember[]> {
  return members(await settle(api.GET('/api/projects/{id}/members/', { params: { path: { id: projectId } } })));
}

export async function shareProject(projectId: string, email: string, role: SharedRole): Promise<ProjectMember[]> {
  return members(await settle(api.POST('/api/projects/{id}/members/', { params: { path: { id: projectId } }, body: { email, role } })));
}

export async function changeMemberRole(projectId: string, userId: string, role: SharedRole): Promise<ProjectMember[]> {
  return members(await settle(api.PATCH('/api/projects/{id}/members/{userId}/', { params: { path: { id: projectId, userId } }, body: { role } })));
}

export async function removeMember(projectId: string, userId: string): Promise<ProjectMember[]> {
  return members(await settle(api.DELETE('/api/projects/{id}/members/{userId}/', { params: { path: { id: projectId, userId } } })));
}
