import type { AuthUser } from '@api/modules/auth/auth.types';
import type { UserEntity } from '@api/modules/auth/user.entity';
import type { Person } from '@api/modules/auth/users.service';
import type { DocumentEntity } from '@api/modules/documents/document.entity';
import type { FirmEntity } from '@api/modules/firms/firm.entity';
import type { InvitationEntity } from '@api/modules/firms/invitation.entity';
import type { JobEntity } from '@api/modules/jobs/job.entity';
import type { ProjectEntity } from '@api/modules/projects/project.entity';

/** A fixed instant for unit tests: builders date their rows with it and mocked clocks answer it. */
export const NOW = new Date('2025-03-01T12:00:00.000Z');

/** Rows and callers for unit tests of services, with plausible defaults; each test overrides what it is about. */
export const entity = {
  caller(overrides: Partial<AuthUser> = {}): AuthUser {
    return { id: 'user-1', email: 'member@firm.example', role: 'member', firmId: 'firm-1', ...overrides };
  },

  user(overrides: Partial<UserEntity> = {}): UserEntity {
    return {
      id: 'user-1',
      email: 'member@firm.example',
      passwordHash: '$argon2id$stored',
      status: 'active',
      firmId: 'firm-1',
      role: 'member',
      disabledAt: null,
      tokenVersion: 0,
      verifiedAt: NOW,
      lastSignInAt: null,
      createdAt: NOW,
      updatedAt: NOW,
      ...overrides,
    };
  },

  person(overrides: Partial<Person> = {}): Person {
    return { id: 'user-2', email: 'colleague@firm.example', firmId: 'firm-1', role: 'member', status: 'active', disabled: false, createdAt: NOW, lastSignInAt: null, ...overrides };
  },

  firm(overrides: Partial<FirmEntity> = {}): FirmEntity {
    return { id: 'firm-1', name: 'firm.example', defaultModel: null, uploadLimitMb: null, createdAt: NOW, updatedAt: NOW, ...overrides };
  },

  invitation(overrides: Partial<InvitationEntity> = {}): InvitationEntity {
    return {
      id: 'invitation-1',
      firmId: 'firm-1',
      email: 'invited@firm.example',
      role: 'member',
      invitedBy: 'admin-1',
      sentAt: NOW,
      expiresAt: new Date(NOW.getTime() + 7 * 86_400_000),
      acceptedAt: null,
      revokedAt: null,
      createdAt: NOW,
      ...overrides,
    };
  },

  project(overrides: Partial<ProjectEntity> = {}): ProjectEntity {
    return { id: 'project-1', ownerId: 'owner-1', firmId: 'firm-1', name: 'Matter', description: '', createdAt: NOW, updatedAt: NOW, ...overrides };
  },

  job(overrides: Partial<JobEntity> = {}): JobEntity {
    return {
      id: 'job-1',
      name: 'ingest-document',
      queue: 'ingestion',
      payload: { documentId: 'document-1' },
      status: 'queued',
      transport: 'inline',
      attempts: 0,
      maxAttempts: 3,
      backoffMs: 2000,
      runAt: NOW,
      lockedAt: null,
      error: null,
      createdAt: NOW,
      updatedAt: NOW,
      ...overrides,
    };
  },

  document(overrides: Partial<DocumentEntity> = {}): DocumentEntity {
    return {
      id: 'document-1',
      projectId: 'project-1',
      uploadedBy: 'user-1',
      filename: 'contract.txt',
      type: 'text/plain',
      size: 120,
      sha256: 'a'.repeat(64),
      storageKey: 'stored/document-1',
      status: 'ready',
      error: null,
      pages: 1,
      parseReport: null,
      createdAt: NOW,
      updatedAt: NOW,
      ...overrides,
    };
  },
};
