import type { components } from '@casewise/api-client';
import { api, required, settle } from './http';

export type ApiKey = components['schemas']['ApiKeyDto'];
export type CreatedApiKey = components['schemas']['CreatedApiKeyDto'];
export type ApiKeyScope = components['schemas']['CreateApiKeyDto']['scope'];

export async function listApiKeys(): Promise<ApiKey[]> {
  return required(await settle(api.GET('/api/api-keys/')));
}

export async function createApiKey(name: string, scope: ApiKeyScope, expiresAt?: string): Promise<CreatedApiKey> {
  return required(await settle(api.POST('/api/api-keys/', { body: { name, scope, ...(expiresAt ? { expires_at: expiresAt } : {}) } })));
}

export async function revokeApiKey(keyId: string): Promise<ApiKey> {
  return required(await settle(api.DELETE('/api/api-keys/{keyId}/', { params: { path: { keyId } } })));
}
