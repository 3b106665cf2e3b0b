/** Thrown at start-up when an environment variable has a value the app cannot use. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    expected: string,
    received: string,
  ) {
    super(`Invalid configuration: ${variable} must be ${expected} (got "${received}").`);
    this.name = 'ConfigError';
  }
}
