import { execFileSync } from 'node:child_process';

/**
 * Suites that need something outside the repository (a server, a binary) say so through one of these, so a missing
 * one is never passed over in silence: on CI (`CI=true`) a requirement CI provides fails the run with its reason;
 * elsewhere the suite is skipped and the reason printed.
 */
export interface Requirement {
  /** What the suite needs, e.g. "PostgreSQL (DATABASE_URL)". */
  what: string;
  /** Why it is not available here and how to get it; null when it is. */
  missing: string | null;
  /** Whether CI provides it, so that its absence there is a failure rather than a skip. */
  providedByCi: boolean;
}

export const onCi = (): boolean => ['true', '1'].includes((process.env.CI ?? '').toLowerCase());

/** Prints why a suite or case does not run here (jest lists skipped suites without a reason). */
export function announceSkip(title: string, reason: string): void {
  process.stderr.write(`skipped: ${title}: ${reason}\n`);
}

/** `describe` when the requirement is met; else a failing case on CI (if CI provides it) or a skip that prints its reason. */
export function describeIf(requirement: Requirement, title: string, body: () => void): void {
  if (requirement.missing === null) {
    describe(title, body);
    return;
  }
  const reason = `${requirement.what} is not available: ${requirement.missing}`;
  if (onCi() && requirement.providedByCi) {
    describe(title, () => {
      it(`has ${requirement.what}`, () => {
        throw new Error(`${reason}. CI must provide it, so this suite fails instead of skipping.`);
      });
    });
    return;
  }
  announceSkip(title, reason);
  describe.skip(`${title} (skipped: ${reason})`, body);
}

const announced = new Set<string>();

/**
 * Whether a command-line tool is on PATH. A missing one fails on CI, which installs it (`.ci/run`); elsewhere the
 * step that needs it is passed over, saying so once per file.
 */
export function hasTool(command: string, install: string, purpose: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    const reason = `${command} is not on PATH (${install})`;
    if (onCi()) throw new Error(`${reason}: CI installs it, so its absence fails the run.`);
    if (!announced.has(command)) announceSkip(purpose, reason);
    announced.add(command);
    return false;
  }
}
