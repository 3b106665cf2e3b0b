/** Exit codes: 0 all done, 1 done with some documents or reports failed, 2 usage, sign-in or connection errors. */
export const EXIT = { ok: 0, someFailed: 1, usage: 2, interrupted: 130 } as const;

/** An error the person can act on: one line, and the exit code it ends the command with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}
