import { createHash } from 'node:crypto';

/** The fields of an audit event that its hash covers, in a fixed order (the audit log's chain; pure, so migrations use it too). */
export interface ChainedContent {
  id: string;
  firmId: string | null;
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  email: string | null;
  ip: string | null;
  at: Date;
  details: Record<string, unknown>;
}

/** The hash the first event of a chain links to. */
export const GENESIS = '';

/** JSON with object keys sorted at every level, so the same content always serialises the same way. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The event's hash: SHA-256 over the previous event's hash and the event's content. Editing any field of any
 * event, or removing or reordering events, changes a hash the next event or the chain head holds.
 */
export function chainHash(previous: string, event: ChainedContent): string {
  const content = [
    event.id,
    event.firmId,
    event.actorId,
    event.action,
    event.targetType,
    event.targetId,
    event.email,
    event.ip,
    event.at.toISOString(),
    canonicalJson(event.details),
  ];
  return createHash('sha256').update(previous).update('\n').update(canonicalJson(content)).digest('hex');
}

/** The chain a firm's events form; events of no firm (an unknown address's failed sign-in) form their own. */
export function chainKey(firmId: string | null): string {
  return firmId ?? 'none';
}
