import type { EntityManager } from 'typeorm';

/**
 * A database transaction under way. A table's owner accepts one where a change to its rows must commit with
 * changes to another module's rows, so each module still writes only its own tables. Inside a transaction use
 * only it: on PGlite (one connection) a query through the global DataSource waits for the transaction forever.
 */
export type Transaction = EntityManager;
