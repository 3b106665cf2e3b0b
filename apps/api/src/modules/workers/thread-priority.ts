import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much less CPU-eager the scoring threads are than the event loop (nice steps: each about 1.25× less CPU). */
export const SCORING_THREAD_NICENESS = 10;

/**
 * Lowers the calling thread's CPU priority by `steps` (Linux: a thread's nice value is its own, set through its
 * thread id). Scoring questions in worker threads must not take the cores from the event loop that answers every
 * request, health checks among them, while the machine is saturated. Elsewhere, or where it is not allowed, the
 * thread keeps its priority; that only costs responsiveness under load. Returns whether it was lowered.
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
