// A public season on the tests' CouchDB-protocol server (node only: couch-server.ts starts a process).
import { database, type Database } from '../couch';
import { addUser, asAdmin, setUpSeason, type CouchServer } from './couch-server';

/**
 * A season database that everyone may read (README: a public season, spectators need no account) and a
 * director, lea, writes: her connection to it.
 */
export async function publicSeason(server: CouchServer, name: string): Promise<Database> {
	await setUpSeason(server, name);
	await asAdmin(server, 'PUT', `/${name}/_security`, { admins: { names: [], roles: [] }, members: {} });
	const lea = await addUser(server, 'lea', 'lea-pw', ['director']).catch(() => ({
		name: 'lea',
		password: 'lea-pw'
	}));
	const db = database(server.url(`/${name}`, lea));
	if (!db.ok) throw new Error(JSON.stringify(db.error));
	return db.value;
}
