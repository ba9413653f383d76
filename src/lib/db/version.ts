/** The database's name and its schema version, for code that must not load Dexie (raw.ts). */
export const DB_NAME = 'wertungsblatt';

/** The newest `this.version(n)` in schema.ts (a test keeps the two equal). */
export const SCHEMA_VERSION = 3;

/** Dexie opens schema version n as IndexedDB version 10·n. */
export const IDB_VERSION = SCHEMA_VERSION * 10;
