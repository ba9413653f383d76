import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import type { Problem } from '../domain/result';
import { CodeReading } from './code-reading.state.svelte';
import {
	hostileBackup,
	hostileTournamentPayload,
	noBase45After,
	pastTheEventsBound,
	purchaseRound,
	sampleLog
} from '../protocol/bounds-testing';
import { FILE_TEXT_MAX } from '../protocol/files';
import { newTournamentKey } from '../protocol/hmac';
import { encodePayload } from '../protocol/payload';
import { ROUND_EVENT_TYPES } from '../protocol/sync-events';
import { dumpTables } from '../db/fixture';
import { receive } from '../db/sync';
import { closeDevices, device, directedTournament, NAMES } from '../db/sync-testing';

/**
 * Issue 24, item 5 ("bounds are checked after the work"), at the desk: a tournament file is refused at
 * the first element past a bound, through the exchange screen's own path (its file read by `CodeReading`,
 * then `receive`, as `DirectorExchange` does), and nothing is stored. Each file goes on past the bound with
 * bytes that are no tournament file at all: refused for the bound, the reader never reached them.
 */

afterEach(closeDevices);

/** The desk reads a file on its exchange screen: what it said, and what it stored. */
async function atTheDesk(file: (tournamentId: string) => Promise<string | Blob>) {
	const desk = device('desk');
	const tournamentId = await directedTournament(NAMES);
	const before = await dumpTables(desk);
	let refused: Problem | null = null;
	const reading = new CodeReading(async (bytes) => {
		const received = await receive(bytes, ['batch', 'tournament', 'absence'], { tournamentId });
		refused = received.ok ? null : received.error;
	});
	const read = await reading.file(await file(tournamentId));
	const stored = await dumpTables(desk);
	return { refused: read.ok ? refused : read.error, stored, before };
}

describe('the desk refuses a tournament file at the first element past a bound', () => {
	it('its rounds’ events: at the round that passes 20,000, before the garbage after it', async () => {
		const { refused, stored, before } = await atTheDesk((tournamentId) =>
			hostileBackup(pastTheEventsBound(tournamentId))
		);
		expect(refused).toEqual({ code: 'too-large', what: 'events', limit: LIMITS.eventsPerFile });
		expect(stored).toEqual(before);
	});

	it('its text: decoded only as far as it is read, so the text after that round is never decoded', async () => {
		const { refused, stored, before } = await atTheDesk(async (tournamentId) =>
			noBase45After(await hostileBackup(pastTheEventsBound(tournamentId)))
		);
		expect(refused).toEqual({ code: 'too-large', what: 'events', limit: LIMITS.eventsPerFile });
		expect(stored).toEqual(before);
	});

	it('its log’s events: at the first past 20,000 in the log itself', async () => {
		const { rows } = sampleLog();
		const registered = rows.find((row) => row.type === 'player-registered')!;
		const many = Array.from({ length: LIMITS.eventsPerFile + 1 }, (_, i) => ({
			...registered,
			seq: rows.length + i + 1
		}));
		const { refused, stored, before } = await atTheDesk((tournamentId) =>
			hostileBackup({ tournamentId, rows: [...rows, ...many], roundEvents: 0 })
		);
		expect(refused).toEqual({ code: 'too-large', what: 'events', limit: LIMITS.eventsPerFile });
		expect(stored).toEqual(before);
	});

	it('its size: a file longer than any within the bytes bound is refused before it is read', async () => {
		let read = false;
		const { refused } = await atTheDesk(async () => {
			const file = new Blob(['WERTUNGSBLATT-SYNC 1\n']);
			Object.defineProperty(file, 'size', { value: FILE_TEXT_MAX + 1 });
			file.text = () => {
				read = true;
				return Promise.resolve('');
			};
			return file;
		});
		expect(refused).toEqual({ code: 'too-large', what: 'bytes', limit: LIMITS.bodyBytes });
		expect(read).toBe(false);
	});

	it('pasted codes longer than any file of them, before a line of them is read', async () => {
		const reading = new CodeReading(() => Promise.reject(new Error('nothing is taken')));
		expect(await reading.lines(`${'B1'.repeat(FILE_TEXT_MAX / 2)}\nX`)).toEqual({
			code: 'too-large',
			what: 'bytes',
			limit: LIMITS.bodyBytes
		});
	});

	it('a result code whose event nests deeper than the bound, before it is built', async () => {
		const desk = device('desk');
		const tournamentId = await directedTournament(NAMES);
		const before = await dumpTables(desk);
		let deep: unknown = 1;
		for (let i = 0; i < 4000; i++) deep = [deep];
		const round = purchaseRound(tournamentId, 2);
		const batch = {
			...round,
			events: [round.events[0]!, { ...round.events[1]!, type: ROUND_EVENT_TYPES.entry, body: { deep } }]
		};
		const code = await encodePayload({ kind: 'batch', batch }, newTournamentKey().subarray(0, 16));
		const refused = await receive(code, ['batch', 'tournament', 'absence'], { tournamentId });
		expect(refused).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'depth', limit: LIMITS.bodyDepth }
		});
		expect(await dumpTables(desk)).toEqual(before);
	});

	it('a payload of more than its bytes bound, before a byte of it is decoded', async () => {
		const desk = device('desk');
		const tournamentId = await directedTournament(NAMES);
		const before = await dumpTables(desk);
		const head = await hostileTournamentPayload({ tournamentId, rows: sampleLog().rows, roundEvents: 0 });
		const payload = new Uint8Array(LIMITS.bodyBytes + 1);
		payload.set(head);
		expect(await receive(payload, ['tournament'], { tournamentId })).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'bytes', limit: LIMITS.bodyBytes }
		});
		expect(await dumpTables(desk)).toEqual(before);
	});
});
