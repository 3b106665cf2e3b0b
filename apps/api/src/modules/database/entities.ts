import { ReportEntity } from '@api/modules/analysis/report.entity';
import { AuditEventEntity } from '@api/modules/audit/audit-event.entity';
import { OneTimeCodeEntity } from '@api/modules/auth/one-time-code.entity';
import { UserEntity } from '@api/modules/auth/user.entity';
import { DocumentEntity } from '@api/modules/documents/document.entity';
import { ChunkEntity } from '@api/modules/ingestion/chunk.entity';
import { DocumentTextEntity } from '@api/modules/ingestion/document-text.entity';
import { JobEntity } from '@api/modules/jobs/job.entity';
import { ProjectEntity } from '@api/modules/projects/project.entity';
import { ChatMessageEntity } from '@api/modules/qa/chat-message.entity';

/** Every TypeORM entity of the app; a feature adds its entities here. */
export const ENTITIES = [JobEntity, UserEntity, OneTimeCodeEntity, AuditEventEntity, ProjectEntity, DocumentEntity, DocumentTextEntity, ChunkEntity, ChatMessageEntity, ReportEntity];
