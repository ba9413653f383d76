// A public season on the tests' CouchDB-protocol server (node only: couch-server.ts starts a process).
import type { Result } from '../../domain/result';
import { newSigningKey, type SigningKey } from '../../protocol/keys';
import { database, type Database } from '../couch';
import { publishTournament, type Published } from '../publish';
import type { Publishable } from '../snapshot';
import { addUser, asAdmin, setUpSeason, type CouchServer } from './couch-server';

/** A director's connection to a season, with the key her desk signs with. */
export interface SeasonPublisher {
	readonly db: Database;
	readonly key: SigningKey;
	/** Publishes as the desk and the command line do (`publishTournament`), signed with `key`. */
	publish(tournament: Publishable, options?: { now?: () => string }): Promise<Result<Published>>;
}

/**
 * A season database that everyone may read (README: a public season, spectators need no account) and a
 * director, lea, writes: her connection to it.
 */
export async function publicSeason(server: CouchServer, name: string): Promise<SeasonPublisher> {
	await setUpSeason(server, name);
	await asAdmin(server, 'PUT', `/${name}/_security`, { admins: { names: [], roles: [] }, members: {} });
	const lea = await addUser(server, 'lea', 'lea-pw', ['director']).catch(() => ({
		name: 'lea',
		password: 'lea-pw'
	}));
	const address = database(server.url(`/${name}`, lea));
	if (!address.ok) throw new Error(JSON.stringify(address.error));
	const db = address.value;
	const key = await newSigningKey();
	return {
		db,
		key,
		publish: (tournament, options = {}) => publishTournament(db, tournament, { key, ...options })
	};
}
