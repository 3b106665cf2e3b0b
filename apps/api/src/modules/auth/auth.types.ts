import type { FirmRole } from '@api/modules/firms/firm-role';
import type { ApiKeyScope } from './api-key.entity';

export interface AuthUser {
  id: string;
  email: string;
  role: FirmRole;
  firmId: string;
  /** The token this request came with, which a logout revokes. */
  session?: { id: string; expiresAt: Date };
  /** Set when the request came with an API key instead of a session token. */
  apiKey?: { id: string; scope: ApiKeyScope };
}

export interface TokenPayload {
  sub: string;
  ver: number;
  /** The token's own id, so one session can be ended without ending the others. */
  jti: string;
  /** Set by the signer (seconds since the epoch). */
  exp?: number;
}

export interface RequestMeta {
  ip: string | null;
}
