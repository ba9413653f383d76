import { spawnSync } from 'node:child_process';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lib/domain/limits';
import { hostileBackup, hostileExport, pastTheEventsBound } from '../../lib/protocol/bounds-testing';
import { sampleTournament } from '../../lib/domain/tournament/sample';
import { main } from '../main';
import { memoryIO } from '../testing';

const SIX = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];

async function standings(value: unknown, json = true) {
	const { io, stdout, stderr } = memoryIO({ 'a.json': JSON.stringify(value) });
	const code = await main(['standings', ...(json ? ['--json'] : []), 'a.json'], io);
	return { code, stdout: stdout(), stderr: stderr() };
}

const oneRound = (points: number) => ({
	format: 'triominos',
	players: SIX,
	rounds: [
		[
			{ Anna: points, Ben: 50, Cara: 10 },
			{ Dirk: 100, Eva: 50, Finn: 10 }
		]
	]
});

describe('wertungsblatt standings keeps to LIMITS (issue 18, case 6)', () => {
	it.each([
		['600,000,000,000 (a standings code every tablet refused)', 600_000_000_000],
		['2^53 − 1 ("not a varint" on the exchange page)', Number.MAX_SAFE_INTEGER],
		['one beyond the bound', LIMITS.gamePoints + 1],
		['one below the negative bound', -LIMITS.gamePoints - 1]
	])('refuses game points of %s in German and English, exit 1', async (_case, points) => {
		const { code, stdout, stderr } = await standings(oneRound(points), false);
		expect(code).toBe(1);
		expect(stdout).toBe('');
		expect(stderr).toBe(
			`Fehler: Anna: ${points} Spielpunkte – eine Partie ergibt höchstens ±10.000 (so viel lassen die Regeln nicht zu). (Runde 1, Tisch 1)\n` +
				`Error: Anna: ${points} game points – one game scores at most ±10,000 (the rules allow no more). (round 1, table 1)`
		);
	});

	it('takes game points at the bound itself, either sign', async () => {
		expect((await standings(oneRound(LIMITS.gamePoints))).code).toBe(0);
		expect((await standings(oneRound(-LIMITS.gamePoints))).code).toBe(0);
	});

	it('refuses SET points beyond the bound (found or false calls)', async () => {
		const set = {
			format: 'set',
			players: SIX,
			rounds: [
				[
					{ Anna: -20_000, Ben: 5, Cara: 1 },
					{ Dirk: 3, Eva: 2, Finn: 1 }
				]
			]
		};
		const { code, stdout } = await standings(set);
		expect(code).toBe(1);
		expect(JSON.parse(stdout)).toMatchObject({
			error: { en: expect.stringContaining('-20000 game points') }
		});
	});

	it('refuses a name of 64 characters, which no code could carry', async () => {
		const long = 'A'.repeat(64);
		const { code, stdout } = await standings({
			...oneRound(100),
			players: [long, ...SIX.slice(1)],
			rounds: []
		});
		expect(code).toBe(1);
		expect(JSON.parse(stdout)).toEqual({
			error: {
				message: `„${long}“ hat 64 Zeichen – ein Name darf höchstens 60 haben, damit er in jeden Code passt.`,
				en: `"${long}" has 64 characters – a name may have at most 60, so that it fits in every code.`
			}
		});
	});

	it('refuses more players than LIMITS.players', async () => {
		const players = Array.from({ length: LIMITS.players + 1 }, (_, i) => `P${i}`);
		const { code, stdout } = await standings({ format: 'triominos', players, rounds: [] });
		expect(code).toBe(1);
		expect(JSON.parse(stdout)).toMatchObject({
			error: { message: 'Höchstens 2000 Spieler je Turnier, nicht 2001.' }
		});
	});
});

describe('wertungsblatt standings with thousands of tied players (issue 18, case 7)', () => {
	/** Wall time of one real run of the command line, in ms; it must answer with every player ranked. */
	function timeRun(path: string, players: number): number {
		const start = performance.now();
		const run = spawnSync(process.execPath, ['bin/wertungsblatt.js', 'standings', '--json', path], {
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024
		});
		const elapsed = performance.now() - start;
		expect(run.status, run.stderr).toBe(0);
		expect((JSON.parse(run.stdout) as { standings: unknown[] }).standings).toHaveLength(players);
		return elapsed;
	}

	it('answers for 2,000 tied players within twice the time it takes for 6', () => {
		const dir = mkdtempSync(join(tmpdir(), 'wb-tied-'));
		const files = [6, 2000].map((players) => {
			// Everyone scores 0 in one round: one tie of all players that nothing breaks.
			const path = join(dir, `tied-${players}.json`);
			writeFileSync(path, JSON.stringify(sampleTournament('triominos', players, 1, 'tied', 0)));
			return { path, players };
		});
		// Best of three each, alternating, so a busy moment of a shared machine does not decide it; a start
		// of the process faster than the floor counts as the floor.
		const best = [Infinity, Infinity];
		for (let run = 0; run < 3; run++) {
			files.forEach(
				({ path, players }, i) => (best[i] = Math.min(best[i] as number, timeRun(path, players)))
			);
		}
		const [six, twoThousand] = best as [number, number];
		const FLOOR_MS = 800;
		expect(twoThousand, `6 players: ${six.toFixed(0)} ms`).toBeLessThan(2 * Math.max(six, FLOOR_MS));
	}, 120_000);
});

/**
 * Issue 24, item 5: the command line reads every file within the bounds, the real program as a child
 * process. Each file goes on past its bound with what is no such file at all (or is one byte past the
 * size bound, and all zeros): refused for the bound, with the reason in German and English.
 */
describe('wertungsblatt reads files within the bounds (issue 24, item 5)', () => {
	const dir = mkdtempSync(join(tmpdir(), 'wb-bounds-'));

	function cli(...args: string[]) {
		const run = spawnSync(process.execPath, ['bin/wertungsblatt.js', ...args], { encoding: 'utf8' });
		return { code: run.status, stdout: run.stdout, stderr: run.stderr };
	}

	const eventsBeyond =
		'Fehler: Zu groß für eine Turnierdatei: mehr als 20.000 Ereignisse. Nichts wurde übernommen.\n' +
		'Error: Too large for a tournament file: more than 20,000 events. Nothing was taken over.\n';

	it('standings: an export whose log passes 20,000 events, at that event, not at the garbage after it', () => {
		const path = join(dir, 'export.json');
		const events = LIMITS.eventsPerFile + 1;
		writeFileSync(
			path,
			[...hostileExport('t-hostile0000000000', events, { tail: ', kein JSON mehr' })].join('')
		);
		expect(cli('standings', path)).toEqual({ code: 1, stdout: '', stderr: eventsBeyond });
	}, 60_000);

	it('standings: a backup whose rounds pass 20,000 events, at that round, not at the garbage after it', async () => {
		const path = join(dir, 'backup.wbsync');
		writeFileSync(path, await hostileBackup(pastTheEventsBound('t-hostile0000000000')));
		expect(cli('standings', path)).toEqual({ code: 1, stdout: '', stderr: eventsBeyond });
	}, 60_000);

	it('standings and publish: a file one byte past LIMITS.fileBytes, by its size, before it is read', () => {
		const path = join(dir, 'gross.json');
		writeFileSync(path, '');
		truncateSync(path, LIMITS.fileBytes + 1);
		const beyond = {
			message: 'Zu groß für eine Turnierdatei: mehr als 64.000.000 Bytes. Nichts wurde übernommen.',
			en: 'Too large for a tournament file: more than 64,000,000 bytes. Nothing was taken over.'
		};
		const standings = cli('standings', '--json', path);
		expect(standings.code).toBe(1);
		expect(JSON.parse(standings.stdout)).toEqual({ error: beyond });
		// Refused before the server is asked: nothing listens at port 9.
		const published = cli('publish', '--to', 'http://127.0.0.1:9/saison', '--json', path);
		expect(published.code).toBe(1);
		expect(JSON.parse(published.stdout)).toEqual({ error: beyond });
	}, 60_000);

	it('sheet: a record one byte past LIMITS.recordBytes, by its size, before it is read', () => {
		const path = join(dir, 'runde.trn');
		writeFileSync(path, '');
		truncateSync(path, LIMITS.recordBytes + 1);
		const sheet = cli('sheet', '--json', path);
		expect(sheet.code).toBe(1);
		expect(JSON.parse(sheet.stdout)).toEqual({
			file: path,
			error: {
				line: 1,
				message: 'Die Datei ist zu groß für die Aufzeichnung einer Runde: mehr als 1.000.000 Bytes.',
				en: "The file is too large for a round's record: more than 1,000,000 bytes."
			}
		});
	}, 60_000);
});
