import { api, ApiError, settle } from './http';
import type { Project, ProjectRole } from './types';

const ROLES: readonly ProjectRole[] = ['owner', 'editor', 'viewer'];

export const INVALID_PROJECTS_DATA = 'Invalid projects data from server.';

function toProject(item: unknown): Project | null {
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  const rawId = record.id ?? record._id;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
  if (id === null || id === '' || typeof record.name !== 'string') return null;
  return {
    id,
    name: record.name,
    description: typeof record.description === 'string' ? record.description : undefined,
    role: ROLES.includes(record.role as ProjectRole) ? (record.role as ProjectRole) : 'owner',
  };
}

/** Accepts a bare array or `{ projects: [...] }`; anything else is invalid data. */
export function parseProjectList(data: unknown): Project[] {
  const list: unknown =
    Array.isArray(data) ? data : typeof data === 'object' && data !== null ? (data as { projects?: unknown }).projects : undefined;
  if (!Array.isArray(list)) throw new ApiError('other', INVALID_PROJECTS_DATA);
  const projects = list.map(toProject);
  if (projects.some((project) => project === null)) throw new ApiError('other', INVALID_PROJECTS_DATA);
  return projects as Project[];
}

export async function listProjects(): Promise<Project[]> {
  return parseProjectList(await settle(api.GET('/api/projects/')));
}

export async function createProject(body: { name: string; description: string }): Promise<Project> {
  const created = toProject(await settle(api.POST('/api/projects/', { body })));
  if (!created) throw new ApiError('other', 'The server returned an unexpected project.');
  return created;
}

export async function deleteProject(projectId: string): Promise<void> {
  await settle(api.DELETE('/api/projects/{id}/', { params: { path: { id: projectId } } }));
}
