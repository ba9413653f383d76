import type Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { databaseCreated, followDatabase } from './followers';

describe('followDatabase: the UI attaches to the database, which imports none of it', () => {
	it('hands the database to a follower when it is created, and to a later one at once', () => {
		const database = { name: 'app' } as unknown as Dexie;
		const early: Dexie[] = [];
		const late: Dexie[] = [];
		followDatabase((d) => early.push(d));
		expect(early).toEqual([]);
		databaseCreated(database);
		expect(early).toEqual([database]);
		followDatabase((d) => late.push(d));
		expect(late).toEqual([database]);
		expect(early).toEqual([database]);
	});
});
