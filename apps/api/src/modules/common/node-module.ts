import { extname, join } from 'node:path';

/**
 * How to start a module of ours in a child Node process: the built `.js` beside the caller, or under
 * TypeScript (jest, swc-node benches) the `.ts` source compiled by swc as it loads.
 */
export function childModule(directory: string, name: string, nodeOptions: string[] = []): { path: string; execArgv: string[] } {
  const extension = extname(__filename);
  const execArgv = extension === '.ts' ? ['--require', require.resolve('@swc-node/register'), ...nodeOptions] : nodeOptions;
  return { path: join(directory, `${name}${extension}`), execArgv };
}
