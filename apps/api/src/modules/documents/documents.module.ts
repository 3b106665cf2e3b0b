import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { AuditModule } from '@api/modules/audit/audit.module';
import { DatabaseModule } from '@api/modules/database/database.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { RateLimitModule } from '@api/modules/rate-limit/rate-limit.module';
import { StorageModule } from '@api/modules/storage/storage.module';
import { StorageRepository } from '@api/modules/storage/storage.repository';
import { VectorsModule } from '@api/modules/vectors/vectors.module';
import { DocumentEntity } from './document.entity';
import { DocumentRepository } from './document.repository';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { UploadInterceptor } from './upload.interceptor';
import { UsageModule } from '@api/modules/usage/usage.module';
import { FirmsModule } from '@api/modules/firms/firms.module';

/**
 * Owns documents (the `documents` table and its status machine): upload, listing, deletion and retry, with
 * the files kept through storage. Only this module writes documents; it never parses or chunks them
 * (ingestion does) and never reads another module's tables.
 */
@Module({
  imports: [DatabaseModule.forFeature([DocumentEntity]), AuditModule, JobsModule, RateLimitModule, StorageModule, VectorsModule, ProjectsModule, UsageModule, FirmsModule],
  controllers: [DocumentsController],
  providers: [DocumentsService, DocumentRepository, UploadInterceptor],
  exports: [DocumentsService],
})
export class DocumentsModule implements OnApplicationBootstrap {
  constructor(
    private readonly storage: StorageRepository,
    private readonly documents: DocumentRepository,
  ) {}

  /** Collects stored files that no document references (a deletion or upload cut off half-way). */
  async onApplicationBootstrap(): Promise<void> {
    await this.storage.sweep((keys) => this.documents.referencedKeys(keys));
  }
}
