import type { Command } from 'commander';
import { settle } from '../client';
import { type CommonOptions, signedIn } from '../context';
import { CliError } from '../errors';
import { table } from '../output';
import { createProject, listProjects, resolveProject } from '../projects';
import { confirm } from '../prompt';

export function registerProjects(program: Command): void {
  const projects = program.command('projects').description('list, create and delete projects (matters)');

  projects
    .command('list')
    .description('the projects you can see, with your role and document count')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise projects list')
    .action(async (options: CommonOptions) => {
      const { out, connection } = signedIn(options);
      const rows = await listProjects(connection);
      out.result(rows, () => (rows.length === 0 ? ['No projects yet: casewise projects create "<name>"'] : table([['ID', 'NAME', 'ROLE', 'DOCUMENTS'], ...rows.map((row) => [row.id, row.name, row.role, String(row.document_count)])])));
    });

  projects
    .command('create <name>')
    .description('create a project')
    .option('--description <text>', 'what the matter is about')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise projects create "Harbor acquisition" --description "Data room review"')
    .action(async (name: string, options: CommonOptions & { description?: string }) => {
      const { out, connection } = signedIn(options);
      const project = await createProject(connection, name, options.description);
      out.result(project, () => [`Created ${project.name} (${project.id}).`]);
    });

  projects
    .command('delete <project>')
    .description('delete a project with its documents, chats and reports (asks first unless --yes)')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise projects delete "Harbor acquisition" --yes')
    .action(async (idOrName: string, options: CommonOptions & { yes?: boolean }) => {
      const { out, connection } = signedIn(options);
      const project = await resolveProject(connection, idOrName);
      if (!options.yes && !(await confirm(`Delete ${project.name} and its ${project.document_count} documents, chats and reports?`))) {
        throw new CliError('Not deleted: confirm at the prompt, or pass --yes.');
      }
      await settle(connection, connection.client.DELETE('/api/projects/{id}/', { params: { path: { id: project.id } } }));
      out.result({ deleted: project.id, name: project.name }, () => [`Deleted ${project.name}.`]);
    });
}
