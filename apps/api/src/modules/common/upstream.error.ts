import { AppError } from './app-error';

export type UpstreamService = 'language model' | 'embedding' | 'vector index';

/**
 * An external AI or vector service failed. Clients see a short, stable message (503 when retrying later
 * may help, else 502); the provider's status and cause stay on the error for the logs.
 */
export class UpstreamServiceError extends AppError {
  constructor(
    readonly service: UpstreamService,
    readonly upstreamStatus: number | null,
    readonly retryable: boolean,
    options: { cause?: unknown } = {},
  ) {
    super(
      retryable ? 503 : 502,
      retryable
        ? `The ${service} service is unavailable right now. Please try again shortly.`
        : `The ${service} service could not handle the request.`,
    );
    if (options.cause !== undefined) this.cause = options.cause;
  }
}
