import { Injectable } from '@nestjs/common';
import { AppConfig } from './config.types';

/** The validated configuration, injected wherever a setting is needed. */
@Injectable()
export class ConfigService {
  constructor(readonly values: AppConfig) {}

  get app(): AppConfig['app'] {
    return this.values.app;
  }
  get http(): AppConfig['http'] {
    return this.values.http;
  }
  get database(): AppConfig['database'] {
    return this.values.database;
  }
  get redis(): AppConfig['redis'] {
    return this.values.redis;
  }
  get jobs(): AppConfig['jobs'] {
    return this.values.jobs;
  }
  get metrics(): AppConfig['metrics'] {
    return this.values.metrics;
  }
  get shutdown(): AppConfig['shutdown'] {
    return this.values.shutdown;
  }
  get search(): AppConfig['search'] {
    return this.values.search;
  }
  get workers(): AppConfig['workers'] {
    return this.values.workers;
  }
  get qdrant(): AppConfig['qdrant'] {
    return this.values.qdrant;
  }
  get anthropic(): AppConfig['anthropic'] {
    return this.values.anthropic;
  }
  get voyage(): AppConfig['voyage'] {
    return this.values.voyage;
  }
  get mail(): AppConfig['mail'] {
    return this.values.mail;
  }
  get storage(): AppConfig['storage'] {
    return this.values.storage;
  }
  get pdf(): AppConfig['pdf'] {
    return this.values.pdf;
  }
  get rateLimits(): AppConfig['rateLimits'] {
    return this.values.rateLimits;
  }
  get auth(): AppConfig['auth'] {
    return this.values.auth;
  }
}
