// The command line's contract for `publish --to URL FILE` and `season --from URL [--json]`, against a real
// CouchDB-protocol server (express-pouchdb on loopback).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentJson } from '../../lib/protocol/tournament-file';
import { logFromResults, replay } from '../../lib/domain/tournament';

import {
	addUser,
	ADMIN,
	asAdmin,
	setUpSeason,
	startCouch,
	type CouchServer
} from '../../lib/publish/testing/couch-server';
import { main } from '../main';
import { KEY_VARIABLE } from '../signing-key';
import { backupFile, memoryIO } from '../testing';
import { bytesToText, newSigningKey } from '../../lib/protocol/keys';
import { AUTH_VARIABLE, database } from '../../lib/publish/couch';
import { publishTournament } from '../../lib/publish/publish';
import { keyFingerprint } from '../../lib/publish/signing';

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
	// The command line's key file, made by the first publish (the spawned runs below inherit it).
	process.env[KEY_VARIABLE] = join(mkdtempSync(join(tmpdir(), 'wb-key-')), 'publish-key.json');
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
		// The first publish makes the key file, and says where and which key.
		expect(first.stderr()).toMatch(
			/^Neuer Schlüssel zum Veröffentlichen: .*publish-key\.json \(Fingerabdruck [0-9A-F ]{19}\)/
		);
		expect(first.code).toBe(0);
		expect(first.stdout()).toMatch(
			/^„Quali Leipzig“ veröffentlicht: \d+ Ereignisse gesendet, 0 schon vorhanden/
		);
		expect(first.stdout()).toMatch(
			/\nLive: \/live\?db=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fdm-2027&t=lea%3Aplain-[0-9a-f]+ · /
		);
		expect(first.stdout()).not.toContain('lea-pw');
		const count = async () => ((await asAdmin(server, 'GET', '/dm-2027')) as { doc_count: number }).doc_count;
		const stored = await count();

		const again = await run(['publish', '--to', url('lea'), '--json', 'leipzig.json'], files);
		expect(again.stderr()).toBe('');
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
		const head = (await asAdmin(server, 'GET', '/dm-2027/tournament:tom:t-bonn')) as { owner: string };
		expect(head.owner).toBe('tom');
	});

	it('publishes a backup (.wbsync) with the desk’s own key: the desk publishing the same tournament later adds to it', async () => {
		const desk = await newSigningKey();
		const log = logFromResults(
			{ ...bonn, name: 'Quali Köln', date: '2027-09-04' } as never,
			'2027-09-04T09:00:00Z'
		);
		const half = log.slice(0, -3);
		const files = { 'koeln.wbsync': await backupFile({ id: 't-koeln', name: 'Quali Köln' }, half, desk) };
		await setUpSeason(server, 'dm-koeln');
		const koeln = server.url('/dm-koeln', { name: 'lea', password: 'lea-pw' });
		const cli = await run(['publish', '--to', koeln, '--json', 'koeln.wbsync'], files);
		expect(cli.stderr()).toBe('');
		expect(cli.json()).toMatchObject({
			tournament: 'lea:t-koeln',
			sent: half.length,
			signedBy: await keyFingerprint(bytesToText(desk.publicKey))
		});
		const state = replay(log);
		if (!state.ok) throw new Error(JSON.stringify(state.error));
		const db = database(koeln);
		if (!db.ok) throw new Error('url');
		const fromDesk = await publishTournament(
			db.value,
			{ id: 't-koeln', events: log, state: state.value },
			{ key: desk }
		);
		expect(fromDesk).toMatchObject({ ok: true, value: { sent: 3, already: half.length, head: 'updated' } });
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

describe('unpublish --from URL TOURNAMENT (the season’s admin)', () => {
	it('a wrong copy is named by season, refused to its director, removed by the admin; then the season counts', async () => {
		await setUpSeason(server, 'dm-streit');
		const as = (user: string) => server.url('/dm-streit', { name: user, password: `${user}-pw` });
		const files = {
			'leipzig.json': JSON.stringify(leipzig),
			// Another ranking below the top: B and C swapped at table 1.
			'falsch.json': JSON.stringify({
				...leipzig,
				rounds: [[{ ...leipzig.rounds[0]![0], B: 40, C: 50 }, ...leipzig.rounds[0]!.slice(1)]]
			})
		};
		const first = await run(['publish', '--to', as('lea'), 'leipzig.json'], files);
		expect(first.stderr()).not.toContain('Fehler');
		expect(first.code).toBe(0);
		const wrong = await run(['publish', '--to', as('tom'), '--json', 'falsch.json'], files);
		expect(wrong.code).toBe(0);
		const key = (wrong.json() as { tournament: string }).tournament;

		const disputed = await run(['season', '--from', as('zoe')]);
		expect(disputed.stdout()).toContain(
			'Nicht gezählt – von mehreren Turnierleitern mit verschiedenen Ergebnissen veröffentlicht:'
		);
		expect(disputed.stdout()).toMatch(
			new RegExp(
				`2027-03-06  Quali Leipzig: lea \\(lea:plain-[0-9a-f]+, Schlüssel [0-9A-F ]{19}\\), tom \\(${key}, `
			)
		);
		expect(disputed.stdout()).toContain('Qualifiziert für die Deutsche Meisterschaft (0):');

		const refused = await run(['unpublish', '--from', as('tom'), key]);
		expect(refused.code).toBe(1);
		expect(refused.stderr()).toContain('Veröffentlichtes löscht nur der Verwalter der Saison');
		const removed = await run(['unpublish', '--from', server.url('/dm-streit', ADMIN), '--json', key]);
		expect(removed.json()).toEqual({ tournament: key, head: true, events: expect.any(Number) as number });
		const after = await run(['season', '--from', as('zoe'), '--json']);
		expect((after.json() as { qualified: { player: string }[] }).qualified.map((q) => q.player)).toEqual([
			'A',
			'I'
		]);
	});
});

describe('season --from URL [--json]', () => {
	it('answers tournaments by date with their qualifiers, and the season’s qualified with move-up', async () => {
		const { code, json } = await run(['season', '--from', url('zoe'), '--json']);
		expect(code).toBe(0);
		const key = /^[0-9A-F]{4}( [0-9A-F]{4}){3}$/;
		expect(json()).toEqual({
			tournaments: [
				{
					key: expect.stringMatching(/^lea:plain-/) as string,
					name: 'Quali Leipzig',
					date: '2027-03-06',
					players: 14,
					qualified: ['A', 'I'],
					publishedBy: ['lea'],
					signedBy: expect.stringMatching(key) as string
				},
				{
					key: 'tom:t-bonn',
					name: 'Quali Bonn',
					date: '2027-06-12',
					players: 7,
					qualified: ['A'],
					publishedBy: ['tom'],
					signedBy: expect.stringMatching(key) as string
				}
			],
			qualified: [
				{ player: 'A', tournament: 'Quali Leipzig' },
				{ player: 'I', tournament: 'Quali Leipzig' },
				{ player: 'O', tournament: 'Quali Bonn' }
			],
			skipped: [],
			disputed: []
		});
		const people = await run(['season', '--from', url('zoe')]);
		expect(people.stdout()).toMatch(
			/^2027-03-06 {2}Quali Leipzig \(14 Spieler\): A, I {2}\[von lea, Schlüssel [0-9A-F ]{19}\]$/m
		);
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
	}, 60_000);
});
