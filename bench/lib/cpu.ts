import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | null = null;

function ticks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces. */
function statFields(pid: number | 'self'): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user + system) spent so far by this process, by its live child processes, and by children
 * it has already waited for (a finished pdftotext). Linux only. Wall time on a shared machine moves with
 * everyone else's load; CPU time much less, so both are reported.
 */
export function cpuSnapshot(): { self: number; liveChildren: number; finishedChildren: number } {
  const own = statFields('self');
  // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  const field = (fields: string[] | null, index: number): number => Number(fields?.[index] ?? 0);
  let liveChildren = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === process.pid) liveChildren += field(fields, 11) + field(fields, 12);
  }
  return {
    self: (field(own, 11) + field(own, 12)) / ticks(),
    liveChildren: liveChildren / ticks(),
    finishedChildren: (field(own, 13) + field(own, 14)) / ticks(),
  };
}

/** CPU seconds (user + system) that the process `pid` has spent so far, all its threads included; NaN once it is gone. */
export function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields === null ? NaN : (Number(fields[11]) + Number(fields[12])) / ticks();
}
