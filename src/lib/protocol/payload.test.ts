import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import { logFromResults } from '../domain/tournament/from-results';
import { sampleTournament } from '../domain/tournament/sample';
import type { StandingsPayload, TableAssignment, TournamentBundle } from '../codecs/sync';
import { TOURNAMENT } from '../domain/rules';
import { FileBytes, fromFileText, toFileText } from './files';
import { toCodes } from './frames';
import { qrVersion } from './qr';
import { newTournamentKey } from './hmac';
import { newSigningKey, TABLE_KEY_BYTES } from './keys';
import {
	decodePayload,
	encodePayload,
	keptBatch,
	PAYLOAD_KINDS,
	signedBy,
	tournamentOf,
	verifyPayload,
	type Payload
} from './payload';
import {
	batchOf,
	eightyTurns,
	LONG_NAMES,
	roundEvents,
	SHORT_NAMES,
	tableStream,
	TOURNAMENT_ID,
	withTiles
} from './testing';
import { runs } from '../domain/testing/runs';

const key = newTournamentKey();
const wrappedKeyBytes = Uint8Array.from({ length: 20 }, (_, i) => 200 - i);
const tableKeyBytes = newTournamentKey().slice(0, TABLE_KEY_BYTES);
const director = await newSigningKey();
/** The key a payload of this kind is signed with, and the key it is verified with. */
const signer = (kind: Payload['kind']) => (kind === 'batch' ? key : director);
const checker = (kind: Payload['kind']) => (kind === 'batch' ? key : director.publicKey);

const assignment: TableAssignment = {
	kind: 'assignment',
	tournamentId: TOURNAMENT_ID,
	tournamentName: 'Frühjahrsturnier Köln',
	key: tableKeyBytes,
	round: 1,
	table: 2,
	players: [
		{ id: 'p-a1', name: 'Anna' },
		{ id: 'p-b2', name: 'Ben' },
		{ id: 'p-c3', name: 'Cara' },
		{ id: 'p-d4', name: 'Dirk' }
	],
	rules: TOURNAMENT,
	revision: 17,
	director: director.publicKey
};

const standings: StandingsPayload = {
	kind: 'standings',
	tournamentId: TOURNAMENT_ID,
	tournamentName: 'Frühjahrsturnier Köln',
	afterRound: 1,
	revision: 17,
	rows: [
		{ player: 'p-a1', name: 'Anna', rank: 1, points: { num: 5, den: 1 }, gamePoints: 212, withdrawn: false },
		{ player: 'p-b2', name: 'Ben', rank: 2, points: { num: 5, den: 2 }, gamePoints: -15, withdrawn: false },
		{ player: 'p-c3', name: 'Cara', rank: 2, points: { num: 5, den: 2 }, gamePoints: -15, withdrawn: true }
	],
	next: {
		round: 2,
		tables: [['p-c3', 'p-a1'], ['p-b2']],
		wrapped: { ephemeral: director.publicKey, keys: [wrappedKeyBytes, null] }
	}
};

const batch = batchOf(
	roundEvents({ players: ['Anna', 'Ben', 'Cara', 'Dirk'], choices: [1, 2, 3, 4, 5, 6, 7, 8, 9] })
);

/** A tournament's log as the desk stores it: 2,000 players with names of 60 characters, 20 rounds played. */
function largeLog() {
	const plain = sampleTournament('triominos', LIMITS.players, 20, 'large', 9999);
	const id = (name: string) => `p-${name.toLowerCase().padStart(10, '0')}`;
	return logFromResults(plain, '2026-11-22T10:00:00.000Z').map((event, i) => {
		const body =
			event.type === 'player-registered'
				? { ...event, player: id(event.player), name: `${event.name} `.padEnd(LIMITS.nameLength, 'Ä') }
				: event.type === 'round-opened'
					? { ...event, tables: event.tables.map((table) => table.map(id)) }
					: event.type === 'table-reported'
						? { ...event, scores: event.scores.map((score) => ({ ...score, player: id(score.player) })) }
						: event;
		return { device: 'k3x9a0b1c2d3', seq: i + 1, at: 1_760_000_000_000 + i, type: event.type, body };
	});
}

const bundle: TournamentBundle = {
	kind: 'tournament',
	tournamentId: TOURNAMENT_ID,
	tournamentName: 'Frühjahrsturnier Köln',
	key,
	signing: director.privateKey,
	director: director.publicKey,
	legacyThrough: 2,
	events: [
		{
			device: 'dir1',
			seq: 1,
			at: 1_760_000_000_000,
			type: 'tournament-created',
			body: { id: 'e1', name: 'X' }
		}
	],
	rounds: [batch],
	pending: []
};

const payloads: Payload[] = [assignment, standings, { kind: 'batch', batch }, bundle];

describe('payloads', () => {
	it.each(payloads.map((p) => [p.kind, p] as const))(
		'%s round-trips through bytes and a file',
		async (_, payload) => {
			const bytes = await encodePayload(payload, signer(payload.kind));
			const file = fromFileText(toFileText(bytes));
			expect(file.ok && [...file.value]).toEqual([...bytes]);
			const decoded = await decodePayload(bytes);
			if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
			// A file decoded as it is read gives the same.
			const read = FileBytes.of(toFileText(bytes));
			expect(read.ok && (await decodePayload(read.value))).toEqual(decoded);
			const verified = await verifyPayload(decoded.value, checker(payload.kind));
			expect(verified.ok).toBe(true);
			const back = decoded.value.payload;
			if (back.kind === 'batch' && payload.kind === 'batch') {
				expect(back.batch.events.map((e) => e.body)).toEqual(payload.batch.events.map((e) => e.body));
			} else if (back.kind === 'tournament' && payload.kind === 'tournament') {
				expect(back.events).toEqual(payload.events);
				expect(back.rounds[0]?.events.map((e) => e.body)).toEqual(batch.events.map((e) => e.body));
			} else {
				expect(back).toEqual(payload);
			}
		}
	);

	it('refuses a file whose text was damaged anywhere as damaged, not for what the damage made of it', async () => {
		const bytes = await encodePayload(bundle, signer('tournament'));
		const text = toFileText(bytes);
		const body = text.indexOf('\n') + 1;
		const damaged = fc.integer({ min: body, max: text.trimEnd().length - 1 }).filter((i) => text[i] !== '\n');
		await fc.assert(
			fc.asyncProperty(damaged, fc.constantFrom('0', 'A', '$', ':'), async (at, c) => {
				fc.pre(text[at] !== c);
				const file = FileBytes.of(text.slice(0, at) + c + text.slice(at + 1));
				const decoded = file.ok ? await decodePayload(file.value) : file;
				expect(decoded.ok || decoded.error.code).toMatch(/^(checksum|bad-base45)$/);
			}),
			{ numRuns: runs(200) }
		);
	});

	it('refuses an altered batch: every single flipped bit of the signed part', async () => {
		const bytes = await encodePayload({ kind: 'batch', batch }, key);
		let refused = 0;
		for (let bit = 16; bit < bytes.length * 8; bit += 3) {
			const altered = bytes.slice();
			altered[bit >> 3]! ^= 1 << (bit & 7);
			const decoded = await decodePayload(altered);
			const verified = decoded.ok ? await verifyPayload(decoded.value, key) : decoded;
			expect(verified.ok).toBe(false);
			refused++;
		}
		expect(refused).toBeGreaterThan(100);
	});

	it('refuses a batch signed with another tournament key as forged', async () => {
		const bytes = await encodePayload({ kind: 'batch', batch }, newTournamentKey());
		const decoded = await decodePayload(bytes);
		if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
		const verified = await verifyPayload(decoded.value, key);
		expect(verified).toEqual({ ok: false, error: { code: 'forged', table: null } });
	});

	it('takes what the director sends only under the director’s public key: a table key’s tag is no signature', async () => {
		for (const payload of [assignment, standings, bundle]) {
			// Signed by someone holding only a table key: an HMAC tag where the director's signature belongs.
			const forged = await decodePayload(await encodePayload(payload, tableKeyBytes));
			const verified = forged.ok ? await verifyPayload(forged.value, director.publicKey) : forged;
			expect(verified.ok).toBe(false);
			// Signed by another ECDSA key.
			const other = await newSigningKey();
			const decoded = await decodePayload(await encodePayload(payload, other));
			if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
			expect(await verifyPayload(decoded.value, director.publicKey)).toMatchObject({
				ok: false,
				error: { code: 'forged' }
			});
		}
	});

	it('refuses a tournament file nested deeper than the bound, and one larger than the bound, with the reason', async () => {
		let deep: unknown = 1;
		for (let i = 0; i < 4000; i++) deep = [deep];
		const nested = { ...bundle, events: [{ ...bundle.events[0]!, body: { deep } }] };
		const refused = await decodePayload(await encodePayload(nested, director));
		expect(refused).toEqual({ ok: false, error: { code: 'too-large', what: 'depth', limit: 16 } });
		const text = 'x'.repeat(LIMITS.bodyBytes);
		const huge = { ...bundle, events: [{ ...bundle.events[0]!, body: { text } }] };
		const large = await decodePayload(await encodePayload(huge, director));
		expect(large).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'bytes', limit: LIMITS.bodyBytes }
		});
	});

	it('carries the log of 2,000 players over 20 rounds, names of 60 characters (issue 24: within the bounds)', async () => {
		const rows = largeLog();
		expect(new TextEncoder().encode(JSON.stringify(rows)).length).toBeGreaterThan(4_000_000);
		const decoded = await decodePayload(await encodePayload({ ...bundle, events: rows }, director));
		expect(decoded.ok && (decoded.value.payload as TournamentBundle).events).toEqual(rows);
	}, 60_000);

	it('refuses an unknown protocol version with a reason', async () => {
		const bytes = await encodePayload(assignment, director);
		bytes[0] = 9;
		expect(await decodePayload(bytes)).toMatchObject({ ok: false, error: { code: 'version' } });
	});

	it('says a rule preset or scoring it does not know comes from another app version', async () => {
		// The table code's rules follow its ids, name, key, round and table: preset 2 bits, scoring 2 bits.
		const plain = await encodePayload(assignment, director);
		const unknown = await encodePayload(
			{ ...assignment, rules: { ...assignment.rules, preset: 'classic' } },
			director
		);
		// Find the bit that differs (tournament → classic is index 0 → 1) and set the preset to index 3.
		const byte = plain.findIndex((b, i) => b !== unknown[i]);
		const bit = 7 - Math.log2(plain[byte]! ^ unknown[byte]!);
		const altered = plain.slice();
		altered[byte]! |= 1 << (7 - bit);
		if (bit >= 1) altered[byte]! |= 1 << (8 - bit);
		else altered[byte - 1]! |= 1;
		const decoded = await decodePayload(altered);
		expect(decoded).toMatchObject({ ok: false, error: { code: 'version' } });
		if (!decoded.ok) {
			expect(decoded.error).toEqual({ code: 'version', what: 'code', from: { kind: 'preset', value: '3' } });
		}
	});

	it('refuses a batch whose events break the round structure (zod)', async () => {
		const broken = batchOf([...batch.events.slice(1), batch.events[0]!]);
		const bytes = await encodePayload({ kind: 'batch', batch: broken }, key);
		expect(await decodePayload(bytes)).toMatchObject({ ok: false, error: { code: 'invalid' } });
	});

	it('keeps a table assignment on one small code', async () => {
		const codes = toCodes(await encodePayload(assignment, director));
		expect(codes).toHaveLength(1);
		// The director's public key and signature (129 bytes) make it larger than before, still one code.
		expect(qrVersion(codes[0]!.length)).toBeLessThanOrEqual(10);
	});

	it('puts an 80-turn 4-player round of a tournament table on one code of at most version 10, even with long names', async () => {
		const { actions } = eightyTurns();
		for (const names of [SHORT_NAMES, LONG_NAMES]) {
			for (const list of [actions, withTiles(names, actions)]) {
				const batch = batchOf(tableStream(names, list));
				const seating = { revision: 140, names };
				const bytes = await encodePayload({ kind: 'batch', batch, seating }, key);
				const codes = toCodes(bytes);
				expect(codes).toHaveLength(1);
				expect(qrVersion(codes[0]!.length)).toBeLessThanOrEqual(10);
				const decoded = await decodePayload(bytes, { seats: () => names });
				expect(
					decoded.ok && decoded.value.payload.kind === 'batch' && decoded.value.payload.batch.events[0]?.body
				).toEqual(batch.events[0]?.body);
			}
		}
		// Without the seating the long names alone push it over one code.
		const batch = batchOf(tableStream(LONG_NAMES, actions));
		expect(toCodes(await encodePayload({ kind: 'batch', batch }, key)).length).toBeGreaterThan(1);
	});

	it('refuses table codes of older protocol versions (they carry the master key) and says a seated code without its seating is unknown', async () => {
		for (const version of [1, 2]) {
			const bytes = await encodePayload(assignment, director);
			bytes[0] = version;
			expect(await decodePayload(bytes)).toMatchObject({ ok: false, error: { code: 'version' } });
		}
		// Result codes of version 2 (kept by older versions) are still read.
		const round = batchOf(tableStream(LONG_NAMES, []));
		const kept = await encodePayload({ kind: 'batch', batch: round }, key);
		kept[0] = 2;
		expect(await decodePayload(kept)).toMatchObject({ ok: true });
		const seated = await encodePayload(
			{ kind: 'batch', batch: round, seating: { revision: 3, names: LONG_NAMES } },
			key
		);
		const refused = await decodePayload(seated);
		expect(refused).toEqual({
			ok: false,
			error: { code: 'unknown-seating', round: 1, table: 1, revision: 3 }
		});
	});

	// docs/PROTOCOL.md, "What a receiver checks, in order": the header's version and kind first — a kind
	// the screen does not take is refused by its kind —, then the body, read once.
	it('decodes once at the door: a kind the receiver does not take is refused by its header, a result code’s seatings are asked for the tournament it names', async () => {
		const names = LONG_NAMES;
		const batch = batchOf(tableStream(names, eightyTurns().actions));
		const code = await encodePayload({ kind: 'batch', batch, seating: { revision: 140, names } }, key);
		const asked: string[] = [];
		const seatsFor = async (tournamentId: string) => (asked.push(tournamentId), () => names);

		// A tablet takes table and standings codes: a result code is refused by its kind, before any seating is asked.
		const atTablet = await decodePayload(code, { accept: ['assignment', 'standings'], seatsFor });
		expect(atTablet).toEqual({ ok: false, error: { code: 'wrong-kind', kind: 'batch' } });
		expect(asked).toEqual([]);
		// Even cut short: the header alone names the kind.
		const cut = code.slice(0, 8);
		expect(await decodePayload(cut, { accept: ['assignment'], seatsFor })).toEqual(atTablet);

		// The desk takes it: the seatings of the tournament the header names, asked once, name the players.
		const atDesk = await decodePayload(code, { accept: ['batch', 'tournament'], seatsFor });
		expect(asked).toEqual([batch.tournamentId]);
		expect(atDesk.ok && atDesk.value.payload.kind === 'batch' && atDesk.value.payload.batch).toEqual(batch);

		// The same through a file's text, decoded as far as it is read.
		const file = fromFileText(toFileText(code));
		expect(file.ok).toBe(true);
		if (!file.ok) return;
		const fromFile = await decodePayload(file.value, { accept: ['batch'], seatsFor });
		expect(fromFile.ok && fromFile.value.payload).toEqual(atDesk.ok && atDesk.value.payload);
		expect(asked).toEqual([batch.tournamentId, batch.tournamentId]);
	});
});

describe('a result code kept at the desk, read back without its tag (keptBatch)', () => {
	it('reads its round, players named by seat as placeholders', async () => {
		const round = batchOf(tableStream(LONG_NAMES, eightyTurns().actions.slice(0, 12)));
		const plain = await encodePayload({ kind: 'batch', batch: round }, key);
		expect(keptBatch(plain)).toEqual({ ...round, events: expect.any(Array) });
		expect(keptBatch(plain)?.events.map((e) => e.body)).toEqual(round.events.map((e) => e.body));
		const seated = await encodePayload(
			{ kind: 'batch', batch: round, seating: { revision: 3, names: LONG_NAMES } },
			key
		);
		const started = keptBatch(seated)?.events[0]?.body as { setup: { players: string[] } };
		expect(started.setup.players).toEqual(['seat 1', 'seat 2', 'seat 3', 'seat 4']);
		// A result code of version 2 still reads.
		const two = plain.slice();
		two[0] = 2;
		expect(keptBatch(two)?.events).toHaveLength(round.events.length);
	});

	it('reads nothing from another kind of code, a version it never was, or bytes that are none', async () => {
		expect(keptBatch(await encodePayload(standings, director))).toBeNull();
		const six = await encodePayload({ kind: 'batch', batch }, key);
		six[0] = 6;
		expect(keptBatch(six)).toBeNull();
		expect(keptBatch(Uint8Array.of(5, 1, ...new Uint8Array(12)))).toBeNull();
	});
});

// docs/PROTOCOL.md, "What a receiver checks, in order".
describe('refusals at the door, in their order', () => {
	it.each([
		['no byte', new Uint8Array(), { code: 'unreadable', why: 'too-short' }],
		['one byte', Uint8Array.of(5), { code: 'unreadable', why: 'too-short' }],
		[
			'version 0',
			Uint8Array.of(0, 1, ...new Uint8Array(20)),
			{ code: 'version', what: 'code', from: { kind: 'protocol', value: '0' } }
		],
		['kind 9', Uint8Array.of(5, 9, ...new Uint8Array(20)), { code: 'unreadable', why: 'kind' }],
		[
			'a result code shorter than its tag',
			Uint8Array.of(5, 1, ...new Uint8Array(11)),
			{ code: 'unreadable', why: 'too-short' }
		],
		[
			'a table code shorter than its signature',
			Uint8Array.of(5, 0, ...new Uint8Array(63)),
			{ code: 'unreadable', why: 'too-short' }
		]
	])('refuses %s', async (_, bytes, error) => {
		expect(await decodePayload(bytes)).toEqual({ ok: false, error });
	});

	it('reads a body that ends right before its tag, and says where a body breaks off', async () => {
		// Kind 1 with an empty body and its 12-byte tag: the body is read, and breaks off at once.
		const empty = await decodePayload(Uint8Array.of(5, 1, ...new Uint8Array(12)));
		expect(empty).toMatchObject({ ok: false, error: { code: 'unreadable', why: 'malformed' } });
		expect(!empty.ok && 'detail' in empty.error && empty.error.detail).toBeTruthy();
	});

	it('names the first problem of a body that is no such payload: „path: message“, or the message alone for the whole', async () => {
		const broken = batchOf([...batch.events.slice(1), batch.events[0]!]);
		const refused = await decodePayload(await encodePayload({ kind: 'batch', batch: broken }, key));
		expect(refused).toMatchObject({ ok: false, error: { code: 'invalid', why: 'shape' } });
		expect(!refused.ok && 'detail' in refused.error && refused.error.detail).toBe(
			'event 0: the round must start with round.started'
		);
		const named = await decodePayload(await encodePayload({ kind: 'batch', batch, tablet: '   ' }, key));
		expect(named).toMatchObject({ ok: false, error: { code: 'invalid', why: 'shape' } });
		expect(!named.ok && 'detail' in named.error && named.error.detail).toMatch(/^tablet: \S/);
	});

	it('refuses a body past the bytes bound before it reads it, unless the receiver takes no such kind', async () => {
		const huge = new Uint8Array(LIMITS.bodyBytes + 1);
		huge.set([5, 3]);
		expect(await decodePayload(huge)).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'bytes', limit: LIMITS.bodyBytes }
		});
		expect(await decodePayload(huge, { accept: ['batch'] })).toEqual({
			ok: false,
			error: { code: 'wrong-kind', kind: 'tournament' }
		});
		// The bound itself is no refusal for its size.
		const bound = huge.subarray(0, LIMITS.bodyBytes);
		expect(await decodePayload(bound)).not.toMatchObject({ error: { code: 'too-large' } });
	});
});

describe('who signs a kind, and whose tournament a payload is', () => {
	it('has a table sign what it says, and the director everything else', () => {
		expect(PAYLOAD_KINDS.map((kind) => [kind, signedBy(kind)])).toEqual([
			['assignment', 'director'],
			['batch', 'table'],
			['standings', 'director'],
			['tournament', 'director'],
			['absence', 'table']
		]);
		expect([assignment, standings, { kind: 'batch', batch } as Payload, bundle].map(tournamentOf)).toEqual(
			Array(4).fill(TOURNAMENT_ID)
		);
	});
});

/** A payload through its bytes and back, decoded and verified. */
async function back(payload: Payload) {
	const decoded = await decodePayload(await encodePayload(payload, signer(payload.kind)));
	if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
	const verified = await verifyPayload(decoded.value, checker(payload.kind));
	if (!verified.ok) throw new Error(JSON.stringify(verified.error));
	return verified.value;
}

describe('what each kind carries and leaves out (PROTOCOL.md, payload)', () => {
	it('carries a table code’s 76 tiles, and no revision where it has none', async () => {
		const { revision: _, ...none } = assignment;
		const extended = { ...none, rules: { ...TOURNAMENT, tiles: 76 as const } };
		expect(await back(extended)).toStrictEqual(extended);
	});

	it('carries standings with nothing to a row’s points, and refuses to seat a player it does not list', async () => {
		const zero = {
			...standings,
			rows: [{ ...standings.rows[0]!, points: { num: 0, den: 1 }, gamePoints: 0 }],
			next: null
		};
		expect(await back(zero)).toStrictEqual(zero);
		const unlisted = { ...standings, next: { round: 2, tables: [['p-zz']] } };
		await expect(encodePayload(unlisted, director)).rejects.toThrow(
			new RangeError('player p-zz is seated but not in the standings')
		);
	});

	it('carries a result code without a tablet name or key as it is, and a tournament file’s decisions', async () => {
		expect(await back({ kind: 'batch', batch })).toStrictEqual({ kind: 'batch', batch });
		const decided: TournamentBundle = {
			...bundle,
			pending: [batch],
			decisions: [{ status: 'open', reason: 'locked', receivedAt: 1_760_000_000_000 }]
		};
		expect(await back(decided)).toStrictEqual(decided);
		expect(await back(bundle)).toStrictEqual(bundle);
	});

	it('writes no kind in a version that has none of it, and reads no tournament file before version 3', async () => {
		await expect(encodePayload(assignment, director, { version: 4 })).rejects.toThrow(
			new RangeError('no assignment in version 4')
		);
		const two = await encodePayload(bundle, director, { version: 3 });
		two[0] = 2;
		expect(await decodePayload(two)).toEqual({
			ok: false,
			error: { code: 'version', what: 'code', from: { kind: 'protocol', value: '2' } }
		});
	});

	it('refuses a table code whose director key is no point of the curve, saying so', async () => {
		// x = 1 is no point of P-256 (keys.test.ts).
		const noPoint = Uint8Array.of(4, ...new Uint8Array(31), 1, ...new Uint8Array(32));
		const refused = await decodePayload(await encodePayload({ ...assignment, director: noPoint }, director));
		expect(refused).toEqual({
			ok: false,
			error: { code: 'unreadable', why: 'malformed', detail: 'not a public key' }
		});
	});

	it('names a field deep in a body by its path', async () => {
		const unranked = { ...standings, rows: [{ ...standings.rows[0]!, rank: 0 }], next: null };
		const refused = await decodePayload(await encodePayload(unranked, director));
		expect(refused).toMatchObject({ ok: false, error: { code: 'invalid', why: 'shape' } });
		expect(!refused.ok && 'detail' in refused.error && refused.error.detail).toMatch(/^rows\.0\.rank: \S/);
	});
});

describe('the header read before the body', () => {
	it('names a kind it does not know, even to a screen that takes few; a kind it does not take from two bytes', async () => {
		expect(await decodePayload(Uint8Array.of(5, 9, ...new Uint8Array(70)), { accept: ['batch'] })).toEqual({
			ok: false,
			error: { code: 'unreadable', why: 'kind' }
		});
		expect(await decodePayload(Uint8Array.of(5, 1), { accept: ['assignment'] })).toEqual({
			ok: false,
			error: { code: 'wrong-kind', kind: 'batch' }
		});
		expect(await decodePayload(Uint8Array.of(5, 9))).toEqual({
			ok: false,
			error: { code: 'unreadable', why: 'kind' }
		});
	});

	it('asks for seatings only for a result code', async () => {
		const asked: string[] = [];
		const seatsFor = async (tournamentId: string) => (asked.push(tournamentId), undefined);
		expect(await decodePayload(await encodePayload(assignment, director), { seatsFor })).toMatchObject({
			ok: true
		});
		expect(asked).toEqual([]);
	});

	it('reads a file whose first characters are no Base45 as such, and a body longer than a chunk from a file', async () => {
		const text = toFileText(await encodePayload(bundle, director));
		const lines = text.split('\n');
		const damaged = [lines[0], `~${lines[1]!.slice(1)}`, ...lines.slice(2)].join('\n');
		const file = FileBytes.of(damaged);
		if (!file.ok) throw new Error(JSON.stringify(file.error));
		expect(await decodePayload(file.value)).toMatchObject({ ok: false, error: { code: 'bad-base45' } });
		// A tournament file of many kilobytes, decoded from its text as far as it is read.
		const large = { ...bundle, events: largeLog().slice(0, 3000) };
		const bytes = await encodePayload(large, director);
		expect(bytes.length).toBeGreaterThan(3 * 16_384);
		const read = FileBytes.of(toFileText(bytes));
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		const decoded = await decodePayload(read.value);
		expect(decoded.ok && decoded.value.payload).toStrictEqual(await back(large));
	});
});
