import { Injectable } from '@nestjs/common';
import { ConfigService } from '@api/modules/config/config.service';
import { probeQdrant } from '@api/startup/wait-for-dependencies';

const HEALTH_PROBE_TIMEOUT_MS = 2_000;

/** Whether the Qdrant that QDRANT_URL names answers its readiness route; the health check's one call to it. */
@Injectable()
export class QdrantProbe {
  constructor(private readonly config: ConfigService) {}

  get configured(): boolean {
    return this.config.qdrant.url !== null;
  }

  async ping(): Promise<boolean> {
    const url = this.config.qdrant.url;
    if (url === null) return false;
    try {
      await probeQdrant(url, this.config.qdrant.apiKey?.reveal() ?? null, HEALTH_PROBE_TIMEOUT_MS);
      return true;
    } catch {
      return false;
    }
  }
}
