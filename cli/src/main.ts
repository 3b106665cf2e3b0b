import { Command, CommanderError } from 'commander';
import { registerAccount } from './commands/account';
import { registerBatch } from './commands/batch';
import { registerDocuments } from './commands/documents';
import { registerProjects } from './commands/projects';
import { installInterruptHandler, isInterrupted } from './context';
import { CliError, EXIT } from './errors';

const program = new Command('casewise')
  .description('Casewise from the command line: projects, uploads, questions with citations, reports, and overnight batches.\nEnvironment: CASEWISE_URL, CASEWISE_API_KEY or CASEWISE_TOKEN, CASEWISE_PASSWORD, CASEWISE_CONFIG_DIR.')
  .version('0.1.0')
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) })
  .addHelpText('after', '\nExamples:\n  $ casewise login --url http://localhost:3000 --email associate@firm.example\n  $ casewise batch ./data-room --out ./reports\n  $ casewise ask -p "Harbor acquisition" "Who are the parties?"\n\nExit codes: 0 all done, 1 done with failures, 2 usage, sign-in or connection errors.');

registerAccount(program);
registerProjects(program);
registerDocuments(program);
registerBatch(program);
for (const command of program.commands) command.exitOverride();
for (const command of program.commands.flatMap((parent) => parent.commands)) command.exitOverride();

installInterruptHandler();

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (isInterrupted()) {
    process.stderr.write('Interrupted: run the same command again to resume.\n');
    process.exitCode = EXIT.interrupted;
  } else if (error instanceof CliError) {
    process.stderr.write(`casewise: ${error.message}\n`);
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(`casewise: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.usage;
  }
}
