import { execFileSync } from 'node:child_process';

/** What the machine's own state costs a process, measured the same way before each benchmark. */
export interface MachineState {
  /** Microseconds to touch a fresh 4 KiB page of memory for the first time (the kernel's fault and zeroing). */
  firstTouchUsPerPage: number;
  /** Milliseconds of a fixed arithmetic loop: the CPU's speed, without memory. */
  cpuLoopMs: number;
}

const PROBE_MB = 256;
const PAGE = 4096;

/**
 * Runs in a process of its own, so that the memory it touches is new to that process: the time to write one byte in
 * each page of a fresh 256 MB buffer, and the time of a fixed loop. On a virtual machine whose host hands memory back
 * and forth, faulting a page in can be slow (10–15 µs a page in this machine's slow phases, the loop's time unmoved),
 * and every new browser renderer and every growing heap pays for it: benchmarks taken at such a time are slower for a
 * reason outside the product.
 */
const PROBE = `
const pages = ${PROBE_MB} * 1024 * 1024 / ${PAGE};
let best = Infinity;
for (let round = 0; round < 2; round++) {
  const buffer = Buffer.allocUnsafeSlow(pages * ${PAGE});
  const started = process.hrtime.bigint();
  for (let page = 0; page < pages; page++) buffer[page * ${PAGE}] = 1;
  best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e3 / pages);
}
const loopStarted = process.hrtime.bigint();
let sum = 0;
for (let i = 0; i < 2e8; i++) sum = (sum + i * 7) % 1000003;
const loopMs = Number(process.hrtime.bigint() - loopStarted) / 1e6;
process.stdout.write(JSON.stringify({ firstTouchUsPerPage: best, cpuLoopMs: loopMs, sum }));
`;

export function probeMachine(): MachineState {
  const output = execFileSync(process.execPath, ['--max-old-space-size=64', '-e', PROBE], { encoding: 'utf8', timeout: 120_000 });
  const { firstTouchUsPerPage, cpuLoopMs } = JSON.parse(output) as MachineState;
  return { firstTouchUsPerPage, cpuLoopMs };
}

/** The probe as one line for a benchmark's header. */
export function describeMachineState(state: MachineState): string {
  return `machine state: first touch of fresh memory ${state.firstTouchUsPerPage.toFixed(2)} µs per 4 KiB page, fixed CPU loop ${Math.round(state.cpuLoopMs)} ms`;
}

/** The probe as it goes into a benchmark's --json line. */
export function machineStateJson(state: MachineState): { first_touch_us_per_page: number; cpu_loop_ms: number } {
  return { first_touch_us_per_page: Math.round(state.firstTouchUsPerPage * 100) / 100, cpu_loop_ms: Math.round(state.cpuLoopMs) };
}
