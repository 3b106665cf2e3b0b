import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

interface ProcessMemory {
  pid: number;
  name: string;
  rssKb: number;
  hwmKb: number;
}

function readStatus(pid: number): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string): string => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1] ?? '';
    return { pid, name: field('Name'), rssKb: parseInt(field('VmRSS'), 10) || 0, hwmKb: parseInt(field('VmHWM'), 10) || 0 };
  } catch {
    return null;
  }
}

/** The children of a process, from the child lists of its threads; null where the kernel does not keep them. */
function childrenOf(pid: number): number[] | null {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const task of tasks) {
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ')) if (child !== '') found.push(Number(child));
    } catch (error) {
      // Without CONFIG_PROC_CHILDREN there is no such file at all; a thread that has just ended has none either.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && task === String(pid)) return null;
    }
  }
  return found;
}

/** Every live descendant of a process, from the parent links of every process in /proc (the slow way). */
function descendantsFromParentLinks(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses; the fields after its closing parenthesis do not.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: number[] = [];
  const stack = [...(children.get(root) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    found.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * Every live descendant of a process. Read from the processes' own child lists, a few files, rather than from every
 * process of the machine: sampled every 20 ms, the full scan took a tenth of a core away from what it measures.
 */
function descendants(root: number): number[] {
  const found: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const children = childrenOf(stack.pop() as number);
    if (children === null) return descendantsFromParentLinks(root);
    found.push(...children);
    stack.push(...children);
  }
  return found;
}

export interface MemoryPeak {
  /** Largest sum of the resident sizes of this process and its descendants seen at one sample. */
  concurrentMb: number;
  /** This process's own high-water mark (VmHWM). */
  selfHwmMb: number;
  /** Sum of the high-water marks of every descendant seen: an upper bound on what they held at once. */
  childrenHwmMb: number;
  /** selfHwmMb + childrenHwmMb: the conservative figure, never below the true peak by more than the sampling misses. */
  boundMb: number;
  children: number;
  /** What each process held at the sample of concurrentMb, largest first: where the peak is. */
  atPeak: ProcessShare[];
}

export interface ProcessShare {
  /** The process's command name (`node` for the parsing processes). */
  name: string;
  /** The measured process itself, not one it started. */
  root: boolean;
  mb: number;
}

/**
 * Samples the resident memory of a process (by default this one) and every process it started (the
 * parser children), leaving out processes whose name is listed (the reference tool runs beside us, not
 * inside us). Linux only: it reads /proc.
 */
export class MemorySampler {
  private timer: NodeJS.Timeout | null = null;
  private concurrentKb = 0;
  private atPeak: ProcessMemory[] = [];
  private readonly childHwmKb = new Map<number, number>();

  constructor(
    private readonly exclude: readonly string[] = [],
    private readonly intervalMs = 100,
    private readonly root = process.pid,
  ) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  sample(): void {
    const root = readStatus(this.root);
    const seen: ProcessMemory[] = root ? [root] : [];
    let total = root?.rssKb ?? 0;
    for (const pid of descendants(this.root)) {
      const memory = readStatus(pid);
      if (!memory || this.exclude.includes(memory.name)) continue;
      total += memory.rssKb;
      seen.push(memory);
      this.childHwmKb.set(pid, Math.max(this.childHwmKb.get(pid) ?? 0, memory.hwmKb));
    }
    if (total > this.concurrentKb) {
      this.concurrentKb = total;
      this.atPeak = seen;
    }
  }

  /** Starts a new measurement: forgets the peaks so far and resets the kernel's high-water marks. */
  reset(): void {
    for (const pid of [this.root, ...descendants(this.root)]) {
      try {
        // "5" resets VmHWM to the current resident size (Linux 4.0 and later).
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        // Not permitted or already gone: that process keeps its older, higher mark.
      }
    }
    this.concurrentKb = 0;
    this.atPeak = [];
    this.childHwmKb.clear();
    this.sample();
  }

  stop(): MemoryPeak {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.peek();
  }

  /** The peaks so far, measurement going on. */
  peek(): MemoryPeak {
    this.sample();
    const selfHwmKb = readStatus(this.root)?.hwmKb ?? 0;
    const childrenHwmKb = [...this.childHwmKb.values()].reduce((sum, kb) => sum + kb, 0);
    const mb = (kb: number): number => Math.round(kb / 102.4) / 10;
    return {
      concurrentMb: mb(this.concurrentKb),
      selfHwmMb: mb(selfHwmKb),
      childrenHwmMb: mb(childrenHwmKb),
      boundMb: mb(selfHwmKb + childrenHwmKb),
      children: this.childHwmKb.size,
      atPeak: this.atPeak.map((p) => ({ name: p.name, root: p.pid === this.root, mb: mb(p.rssKb) })).sort((a, b) => b.mb - a.mb),
    };
  }
}
