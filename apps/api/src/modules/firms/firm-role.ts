/** A person's role in their firm: admins administer people and settings; members work on matters. */
export type FirmRole = 'admin' | 'member';

export const FIRM_ROLES: readonly FirmRole[] = ['admin', 'member'];

/** How long an invitation stays open. */
export const INVITATION_TTL_DAYS = 7;
