import { type Connection, type Schemas, settle } from './client';
import { CliError } from './errors';

export type Project = Schemas['ProjectResponseDto'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listProjects(connection: Connection): Promise<Project[]> {
  return (await settle(connection, connection.client.GET('/api/projects/'))).projects;
}

/** A project by id or exact name; an unknown or ambiguous name is a clear error. */
export async function resolveProject(connection: Connection, idOrName: string): Promise<Project> {
  const projects = await listProjects(connection);
  if (UUID.test(idOrName)) {
    const byId = projects.find((project) => project.id === idOrName.toLowerCase());
    if (byId) return byId;
  }
  const named = projects.filter((project) => project.name === idOrName);
  if (named.length === 1) return named[0];
  if (named.length > 1) throw new CliError(`${named.length} projects are named "${idOrName}": give its id instead (casewise projects list).`);
  throw new CliError(`No project "${idOrName}" that you can see: check the name (exact, case-sensitive) or the id with casewise projects list.`);
}

export async function createProject(connection: Connection, name: string, description?: string): Promise<Project> {
  return settle(connection, connection.client.POST('/api/projects/', { body: { name, description: description ?? '' } }));
}
