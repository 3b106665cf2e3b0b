import { Injectable } from '@nestjs/common';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { BadRequestError, ForbiddenError, NotFoundError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { CryptoRepository } from '@api/modules/common/crypto.repository';
import type { ApiKeyEntity, ApiKeyScope } from './api-key.entity';
import { ApiKeyRepository } from './api-key.repository';
import type { AuthUser } from './auth.types';
import { UserRepository } from './user.repository';

/** Every key starts so; a bearer token without it is a session token. */
export const API_KEY_PREFIX = 'cwk_';
const KEY_PATTERN = /^cwk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
/** How stale the last-use time may get before a request writes it again. */
const LAST_USE_RESOLUTION_MS = 60_000;

export const API_KEY_MESSAGES = {
  invalid: 'This API key is not valid: it may have been revoked or have expired.',
  readOnly: 'This API key is read-only: use a read-write key to change anything.',
  keyMintsKey: 'API keys are created from a signed-in session, not with another API key.',
  notFound: 'API key not found.',
  pastExpiry: 'expires_at must be in the future.',
} as const;

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export function apiKeyStatus(key: ApiKeyEntity, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** API keys: created from a session, shown once, stored as a hash, scoped, revocable; never beyond the owner's rights. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    private readonly crypto: CryptoRepository,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async create(owner: AuthUser, input: { name: string; scope: ApiKeyScope; expiresAt?: Date }, ip: string | null): Promise<{ key: ApiKeyEntity; secret: string }> {
    if (owner.apiKey) throw new ForbiddenError(API_KEY_MESSAGES.keyMintsKey);
    if (input.expiresAt && input.expiresAt.getTime() <= this.clock.now().getTime()) throw new BadRequestError(API_KEY_MESSAGES.pastExpiry);
    const id = this.crypto.randomId();
    const secret = this.crypto.randomToken(32);
    const key = await this.keys.insert({
      id,
      firmId: owner.firmId,
      userId: owner.id,
      name: input.name.trim(),
      secretHash: this.crypto.sha256(secret),
      scope: input.scope,
      expiresAt: input.expiresAt ?? null,
      lastUsedAt: null,
      lastUsedIp: null,
      revokedAt: null,
    });
    await this.audit.record({ action: 'api_key.create', firmId: owner.firmId, actorId: owner.id, email: owner.email, ip, target: { type: 'api_key', id }, details: { name: key.name, scope: key.scope } });
    return { key, secret: `${API_KEY_PREFIX}${id.replace(/-/g, '')}_${secret}` };
  }

  list(owner: AuthUser): Promise<ApiKeyEntity[]> {
    return this.keys.listForUser(owner.id);
  }

  /** The owner revokes one of their keys; another person's key answers 404. */
  async revoke(owner: AuthUser, id: string, ip: string | null): Promise<ApiKeyEntity> {
    const key = await this.keys.findById(id);
    if (!key || key.userId !== owner.id) throw new NotFoundError(API_KEY_MESSAGES.notFound);
    return this.revokeKey(key, owner, ip);
  }

  pageInFirm(firmId: string, page: Parameters<ApiKeyRepository['pageInFirm']>[1]): Promise<{ rows: ApiKeyEntity[]; total: number }> {
    return this.keys.pageInFirm(firmId, page);
  }

  /** A firm administrator revokes any key of the firm; another firm's key answers 404. */
  async revokeInFirm(admin: AuthUser, id: string, ip: string | null): Promise<ApiKeyEntity> {
    const key = await this.keys.findById(id);
    if (!key || key.firmId !== admin.firmId) throw new NotFoundError(API_KEY_MESSAGES.notFound);
    return this.revokeKey(key, admin, ip);
  }

  private async revokeKey(key: ApiKeyEntity, actor: AuthUser, ip: string | null): Promise<ApiKeyEntity> {
    if (!key.revokedAt) {
      await this.keys.revoke(key.id, this.clock.now());
      await this.audit.record({ action: 'api_key.revoke', firmId: key.firmId, actorId: actor.id, email: actor.email, ip, target: { type: 'api_key', id: key.id }, details: { name: key.name, owner: key.userId } });
    }
    return (await this.keys.findById(key.id)) as ApiKeyEntity;
  }

  /**
   * The person a key acts for, or null when the key is malformed, unknown, revoked, expired or its owner can no
   * longer sign in. A use from an address the key has not used before is an audit event.
   */
  async authenticate(token: string, ip: string | null): Promise<AuthUser | null> {
    const match = KEY_PATTERN.exec(token);
    if (!match) return null;
    const key = await this.keys.findById(uuidOf(match[1]));
    const now = this.clock.now();
    if (!key || !this.crypto.safeEqual(key.secretHash, this.crypto.sha256(match[2])) || apiKeyStatus(key, now) !== 'active') return null;
    const user = await this.users.findById(key.userId);
    if (!user || user.status !== 'active' || user.disabledAt || user.firmId !== key.firmId) return null;
    const newAddress = key.lastUsedIp !== ip;
    if (newAddress) {
      await this.audit.record({ action: 'api_key.use_new_address', firmId: key.firmId, actorId: user.id, email: user.email, ip, target: { type: 'api_key', id: key.id }, details: { name: key.name } });
    }
    if (newAddress || !key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USE_RESOLUTION_MS) await this.keys.markUsed(key.id, now, ip);
    return { id: user.id, email: user.email, role: user.role, firmId: user.firmId, apiKey: { id: key.id, scope: key.scope } };
  }
}
