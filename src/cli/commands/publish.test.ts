// The command line's contract for `publish --to URL FILE` and `season --from URL [--json]`, against a real
// CouchDB-protocol server (express-pouchdb on loopback).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentJson } from '../../lib/protocol/tournament-file';
import { logFromResults, replay } from '../../lib/domain/tournament';
import { AUTH_VARIABLE } from '../../lib/publish/couch';
import {
	addUser,
	asAdmin,
	setUpSeason,
	startCouch,
	type CouchServer
} from '../../lib/publish/testing/couch-server';
import { main } from '../main';
import { memoryIO } from '../testing';

/** 14 players with a final of 3 and a lot (the `standings` file of a whole tournament): 2 qualify. */
const leipzig = {
	format: 'triominos',
	name: 'Quali Leipzig',
	date: '2027-03-06',
	options: { rounds: 1 },
	players: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N'],
	rounds: [
		[
			{ A: 100, B: 50, C: 40, D: 10 },
			{ E: 90, F: 60, G: 30, H: 20 },
			{ I: 80, J: 40, K: 10 },
			{ L: 70, M: 30, N: 5 }
		]
	],
	final: [[{ A: 90, E: 80, I: 80 }], [{ A: 60, E: 40, I: 40 }]],
	lots: [['I', 'E']]
};

/** 7 players, one qualifies: A wins again, so in the season his place moves up to O. */
const bonn = {
	format: 'triominos',
	name: 'Quali Bonn',
	date: '2027-06-12',
	options: { rounds: 1 },
	players: ['A', 'O', 'P', 'Q', 'R', 'S', 'T'],
	rounds: [
		[
			{ A: 120, P: 60, Q: 40, R: 10 },
			{ O: 70, S: 50, T: 20 }
		]
	]
};

let server: CouchServer;
let url: (user: string) => string;

beforeAll(async () => {
	server = await startCouch();
	await addUser(server, 'lea', 'lea-pw', ['director']);
	await addUser(server, 'tom', 'tom-pw', ['director']);
	await addUser(server, 'zoe', 'zoe-pw', ['reader']);
	await setUpSeason(server, 'dm-2027');
	url = (user) => server.url('/dm-2027', { name: user, password: `${user}-pw` });
}, 60_000);
afterAll(async () => server?.stop());

async function run(args: string[], files: Record<string, string> = {}) {
	const { io, json, stdout, stderr } = memoryIO(files);
	const code = await main(args, io);
	return { code, json, stdout, stderr };
}

describe('publish --to URL FILE.json', () => {
	it('stores the tournament (exit 0); running it twice stores nothing new', async () => {
		const files = { 'leipzig.json': JSON.stringify(leipzig) };
		const first = await run(['publish', '--to', url('lea'), 'leipzig.json'], files);
		expect(first.stderr()).toBe('');
		expect(first.code).toBe(0);
		expect(first.stdout()).toMatch(
			/^„Quali Leipzig“ veröffentlicht: \d+ Ereignisse gesendet, 0 schon vorhanden/
		);
		const count = async () => ((await asAdmin(server, 'GET', '/dm-2027')) as { doc_count: number }).doc_count;
		const stored = await count();

		const again = await run(['publish', '--to', url('lea'), '--json', 'leipzig.json'], files);
		expect(again.code).toBe(0);
		expect(again.json()).toMatchObject({ sent: 0, head: 'unchanged', name: 'Quali Leipzig' });
		expect(await count()).toBe(stored);
	});

	it('takes the desk’s "Alles (JSON)" export, with credentials from WERTUNGSBLATT_COUCHDB_AUTH', async () => {
		const events = logFromResults(bonn as never, '2027-06-12T09:00:00Z');
		const state = replay(events);
		if (!state.ok) throw new Error(JSON.stringify(state.error));
		const files = { 'bonn.json': JSON.stringify(tournamentJson('t-bonn', state.value, events)) };
		process.env[AUTH_VARIABLE] = 'tom:tom-pw';
		try {
			const done = await run(['publish', '--to', server.url('/dm-2027'), 'bonn.json'], files);
			expect(done.stderr()).toBe('');
			expect(done.code).toBe(0);
		} finally {
			delete process.env[AUTH_VARIABLE];
		}
		const head = (await asAdmin(server, 'GET', '/dm-2027/tournament:t-bonn')) as { owner: string };
		expect(head.owner).toBe('tom');
	});

	it('refuses a reader, wrong credentials and a file without name and date, in German and English (exit 1)', async () => {
		const files = { 'bonn.json': JSON.stringify({ ...bonn, name: 'Zoes Turnier' }) };
		const reader = await run(['publish', '--to', url('zoe'), 'bonn.json'], files);
		expect(reader.code).toBe(1);
		expect(reader.stderr()).toMatch(
			/^Fehler: Der Server lehnt das ab: Nur Turnierleiter.*\nError: The server refuses it: .*Only directors/s
		);
		const wrong = await run(
			['publish', '--to', server.url('/dm-2027', { name: 'lea', password: 'x' }), 'bonn.json'],
			files
		);
		expect(wrong.code).toBe(1);
		expect(wrong.stderr()).toContain('Error: Name or password');
		const unnamed = await run(['publish', '--to', url('lea'), 'u.json'], {
			'u.json': JSON.stringify({ ...bonn, name: undefined })
		});
		expect(unnamed.code).toBe(1);
		expect(unnamed.stderr()).toContain('"name" und "date"');
	});
});

describe('season --from URL [--json]', () => {
	it('answers tournaments by date with their qualifiers, and the season’s qualified with move-up', async () => {
		const { code, json } = await run(['season', '--from', url('zoe'), '--json']);
		expect(code).toBe(0);
		expect(json()).toEqual({
			tournaments: [
				{ name: 'Quali Leipzig', date: '2027-03-06', players: 14, qualified: ['A', 'I'] },
				{ name: 'Quali Bonn', date: '2027-06-12', players: 7, qualified: ['A'] }
			],
			qualified: [
				{ player: 'A', tournament: 'Quali Leipzig' },
				{ player: 'I', tournament: 'Quali Leipzig' },
				{ player: 'O', tournament: 'Quali Bonn' }
			]
		});
		const people = await run(['season', '--from', url('zoe')]);
		expect(people.stdout()).toContain('2027-03-06  Quali Leipzig (14 Spieler): A, I');
		expect(people.stdout()).toContain('  3. O (Quali Bonn)');
	});

	it('a real run through npm: `npm run --silent cli -- season --from URL --json`', () => {
		const dir = mkdtempSync(join(tmpdir(), 'wb-season-'));
		writeFileSync(join(dir, 'leipzig.json'), JSON.stringify(leipzig));
		const publish = spawnSync(
			'npm',
			['run', '--silent', 'cli', '--', 'publish', '--to', url('lea'), join(dir, 'leipzig.json')],
			{ encoding: 'utf8' }
		);
		expect(publish.status).toBe(0);
		expect(publish.stdout).toContain('0 Ereignisse gesendet');
		const season = spawnSync(
			'npm',
			['run', '--silent', 'cli', '--', 'season', '--from', url('zoe'), '--json'],
			{ encoding: 'utf8' }
		);
		expect(season.status).toBe(0);
		expect((JSON.parse(season.stdout) as { qualified: unknown[] }).qualified).toHaveLength(3);
		const unreachable = spawnSync(
			'npm',
			['run', '--silent', 'cli', '--', 'season', '--from', 'http://127.0.0.1:9/x'],
			{ encoding: 'utf8' }
		);
		expect(unreachable.status).toBe(1);
		expect(unreachable.stderr).toContain('Fehler: Der Server http://127.0.0.1:9 ist nicht erreichbar');
	}, 30_000);
});
