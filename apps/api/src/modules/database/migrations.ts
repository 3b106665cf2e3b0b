import { Foundation1763780000000 } from './migrations/1763780000000-foundation';
import { Accounts1763790000000 } from './migrations/1763790000000-accounts';
import { ProjectsDocuments1763800000000 } from './migrations/1763800000000-projects-documents';
import { Ingestion1763810000000 } from './migrations/1763810000000-ingestion';
import { AnswersReports1763820000000 } from './migrations/1763820000000-answers-reports';
import { AuthSecurity1763830000000 } from './migrations/1763830000000-auth-security';
import { SealedText1763840000000 } from './migrations/1763840000000-sealed-text';
import { Firms1763850000000 } from './migrations/1763850000000-firms';
import { Usage1763870000000 } from './migrations/1763870000000-usage';
import { AuditChain1763880000000 } from './migrations/1763880000000-audit-chain';
import { LastSignIn1763890000000 } from './migrations/1763890000000-last-sign-in';
import { ApiKeys1763900000000 } from './migrations/1763900000000-api-keys';
import { BinaryVectors1763910000000 } from './migrations/1763910000000-binary-vectors';
import { ReadinessIndex1763920000000 } from './migrations/1763920000000-readiness-index';
import { TextFurniture1763930000000 } from './migrations/1763930000000-text-furniture';
import { DocumentCounts1763940000000 } from './migrations/1763940000000-document-counts';

/** Every migration in order; listed explicitly so they load the same way from source and from dist. */
export const MIGRATIONS = [
  Foundation1763780000000,
  Accounts1763790000000,
  ProjectsDocuments1763800000000,
  Ingestion1763810000000,
  AnswersReports1763820000000,
  AuthSecurity1763830000000,
  SealedText1763840000000,
  Firms1763850000000,
  Usage1763870000000,
  AuditChain1763880000000,
  LastSignIn1763890000000,
  ApiKeys1763900000000,
  BinaryVectors1763910000000,
  ReadinessIndex1763920000000,
  TextFurniture1763930000000,
  DocumentCounts1763940000000,
];
