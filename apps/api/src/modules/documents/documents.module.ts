import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { ProjectsModule } from '@api/modules/projects/projects.module';
import { StorageRepository } from '@api/modules/storage/storage.repository';
import { DocumentRepository } from './document.repository';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { UploadInterceptor } from './upload.interceptor';

@Module({
  imports: [ProjectsModule],
  controllers: [DocumentsController],
  providers: [DocumentsService, DocumentRepository, UploadInterceptor],
  exports: [DocumentRepository],
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
