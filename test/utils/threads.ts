import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Whether threads have nice values of their own to read here (Linux). */
export const threadNicenessReadable = existsSync('/proc/thread-self');

/** Each thread of this process with its nice value (/proc/self/task/<tid>/stat, field 19). */
export function threadNiceness(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: state is field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(Number(tid), Number(fields[19 - 3]));
  }
  return threads;
}

/** The nice values of this process's threads that were not among `before` (a `threadNiceness()` taken earlier). */
export function startedSince(before: Map<number, number>): number[] {
  return [...threadNiceness()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
}
