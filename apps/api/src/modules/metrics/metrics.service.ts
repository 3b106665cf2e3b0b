import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type QueueDepth = () => Promise<Record<'queued' | 'running', number>>;

/**
 * The process's Prometheus metrics, in a registry of its own (tests run several apps in one process): HTTP latency
 * by route template and status, queue depth, job durations and failures, ingestion pages, and Node's own.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requestSeconds = new Histogram({
    name: 'casewise_http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly jobSeconds = new Histogram({
    name: 'casewise_job_duration_seconds',
    help: 'Duration of one try of a job, by job name and outcome (completed, failed).',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'casewise_job_failures_total',
    help: 'Failed tries of jobs, by job name and whether the job failed for good.',
    labelNames: ['job', 'final'] as const,
    registers: [this.registry],
  });
  private readonly pages = new Counter({
    name: 'casewise_ingested_pages_total',
    help: 'Pages of documents ingested; rate() gives pages per second.',
    registers: [this.registry],
  });
  private readonly pagesPerSecond = new Gauge({
    name: 'casewise_ingestion_pages_per_second',
    help: 'Pages per second of the last document this process ingested.',
    registers: [this.registry],
  });
  private queueDepth: QueueDepth | null = null;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'casewise_' });
    const depth = (): QueueDepth | null => this.queueDepth;
    new Gauge({
      name: 'casewise_jobs',
      help: 'Jobs waiting (queued) and running, across every worker, from the jobs table.',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await depth()?.();
        if (!counts) return;
        for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
      },
    });
  }

  /** Where the queue depth is read from when metrics are scraped (the jobs module tells it). */
  reportQueueDepth(source: QueueDepth): void {
    this.queueDepth = source;
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestSeconds.observe({ method, route, status: String(status) }, seconds);
  }

  observeJob(job: string, seconds: number, failure: { final: boolean } | null): void {
    this.jobSeconds.observe({ job, outcome: failure === null ? 'completed' : 'failed' }, seconds);
    if (failure !== null) this.jobFailures.inc({ job, final: String(failure.final) });
  }

  observeIngestion(pages: number, seconds: number): void {
    this.pages.inc(pages);
    if (seconds > 0) this.pagesPerSecond.set(pages / seconds);
  }

  contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
