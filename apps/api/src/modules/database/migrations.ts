import { Foundation1763780000000 } from './migrations/1763780000000-foundation';

/** Every migration in order; listed explicitly so they load the same way from source and from dist. */
export const MIGRATIONS = [Foundation1763780000000];
