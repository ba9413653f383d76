// Tournaments and directors for the publishing tests: what a desk would publish, and who publishes it.
import { logFromResults, replay, type PlainTournament } from '../../domain/tournament';
import { newSigningKey, type SigningKey } from '../../protocol/keys';
import { database, type Database } from '../couch';
import type { Publishable } from '../snapshot';
import { addUser, type CouchServer } from './couch-server';

/** A tournament as the desk would publish it: its log with the desk's own event ids (`device:seq`). */
export function deskTournament(id: string, plain: PlainTournament): Publishable {
	const events = logFromResults(plain, `${plain.date ?? '2027-01-01'}T09:00:00Z`).map((e, i) => ({
		...e,
		id: `desk-${id}:${i + 1}`
	}));
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return { id, events, state: state.value };
}

/** 10 players (2 qualify), one prelim round: Anna, Eva and Ida win their tables, game points order them. */
export const leipzig = {
	format: 'triominos',
	name: 'Quali Leipzig',
	date: '2027-03-06',
	options: { rounds: 1 },
	players: ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida', 'Jörg'],
	rounds: [
		[
			{ Anna: 100, Ben: 50, Cara: 40, Dirk: 10 },
			{ Eva: 90, Finn: 60, Gina: 30 },
			{ Ida: 80, Jörg: 40, Hans: 10 }
		]
	]
} as const satisfies PlainTournament;

/** Bonn, three months later: Anna again (already qualified), then Kai, Lena, … (7 players: 1 qualifies). */
export const bonn = {
	format: 'triominos',
	name: 'Quali Bonn',
	date: '2027-06-12',
	options: { rounds: 1 },
	players: ['Anna', 'Kai', 'Lena', 'Mia', 'Nils', 'Olga', 'Paul'],
	rounds: [
		[
			{ Anna: 120, Kai: 60, Lena: 40, Mia: 10 },
			{ Nils: 70, Olga: 50, Paul: 20 }
		]
	]
} as const satisfies PlainTournament;

/** A server user with his own signing key (a director's desk, or the command line's key file). */
export interface Director {
	readonly name: string;
	readonly password: string;
	readonly key: SigningKey;
	/** Basic authorization for requests a test writes by hand. */
	readonly authorization: string;
	/** The season database `path` as this user. */
	db(path: string, options?: { fetch?: typeof fetch }): Database;
}

export async function addDirector(
	server: CouchServer,
	name: string,
	roles: string[] = ['director']
): Promise<Director> {
	const password = `${name}-pw`;
	await addUser(server, name, password, roles);
	const key = await newSigningKey();
	return {
		name,
		password,
		key,
		authorization: `Basic ${btoa(`${name}:${password}`)}`,
		db: (path, options = {}) => {
			const db = database(server.url(path, { name, password }), options);
			if (!db.ok) throw new Error(JSON.stringify(db.error));
			return db.value;
		}
	};
}

/** A write by hand (PUT of one document), as someone who bypasses the app would do it. */
export async function putAs(
	server: CouchServer,
	who: { authorization: string },
	path: string,
	doc: unknown
): Promise<{ status: number; body: { error?: string; reason?: string } }> {
	const response = await fetch(`${server.origin}${path}`, {
		method: 'PUT',
		headers: { authorization: who.authorization, 'content-type': 'application/json' },
		body: JSON.stringify(doc)
	});
	return { status: response.status, body: (await response.json()) as { error?: string; reason?: string } };
}
