import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much less CPU-eager the scoring threads are than the event loop (nice steps: each about 1.25× less CPU). */
export const SCORING_THREAD_NICENESS = 10;
/**
 * How much less CPU-eager the embedded database's thread is than the event loop. Each query wakes it; at the event
 * loop's own priority it took the core from the loop as it woke (15 % of the loop's samples under load sat in the
 * `postMessage` that wakes it), and a health check waited behind it. Above the scoring threads: every answer waits
 * for its queries.
 */
export const DATABASE_THREAD_NICENESS = 5;

/**
 * Lowers the calling thread's CPU priority by `steps` (Linux: a thread's nice value is its own, set through its
 * thread id). Scoring questions and running the embedded database in worker threads must not take the cores from the
 * event loop that answers every request, health checks among them, while the machine is saturated. Elsewhere, or
 * where it is not allowed, the thread keeps its priority; that only costs responsiveness under load. Returns whether
 * it was lowered.
 */
export function lowerThreadPriority(steps: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, Math.min(19, getPriority(tid) + steps));
    return true;
  } catch {
    return false;
  }
}
