import { describe, expect, it } from 'vitest';
import type { Payload } from './payload';
import { LIMITS, MAX_REVISION, MAX_ROUND, TABLES_PER_ROUND } from '../domain/limits';
import { TOURNAMENT } from '../domain/rules';
import { toCodes, readCode } from './frames';
import { newDeviceKeyPair, newSigningKey } from './keys';
import { encodePayload } from './payload';
import { MAX_SINGLE_VERSION, qrVersion } from './qr';
import { eightyTurns, tableStream, batchOf } from './testing';

/**
 * Issue 26: no code of any kind is denser than version 10, which a camera in a hall reads. Each kind at
 * the largest its bounds allow — the longest ids, names and tournament name, three-byte characters, the
 * last round and table — becomes codes of version 10 at most (one code, or a sequence of frames).
 */

/** `length` characters of three bytes each in UTF-8: the most bytes a name of that length can take. */
const wide = (length: number, seed = 0) =>
	Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + ((seed * 97 + i) % 2000))).join('');
const longId = (prefix: string, i = 0) => `${prefix}-${i}`.padEnd(120, 'x');

async function largest(): Promise<
	readonly [string, Payload, Uint8Array | Awaited<ReturnType<typeof newSigningKey>>][]
> {
	const signing = await newSigningKey();
	const device = await newDeviceKeyPair();
	const tableKey = new Uint8Array(16).fill(7);
	const players = Array.from({ length: 6 }, (_, i) => ({
		id: longId('p', i),
		name: wide(LIMITS.nameLength, i)
	}));
	const names = players.slice(0, 4).map((p) => p.name);
	const { actions } = eightyTurns(names);
	const events = tableStream(names, actions, {
		tournamentId: longId('t'),
		round: MAX_ROUND,
		table: TABLES_PER_ROUND
	});
	return [
		[
			'table code',
			{
				kind: 'assignment',
				tournamentId: longId('t'),
				tournamentName: wide(120),
				key: tableKey,
				round: MAX_ROUND,
				table: TABLES_PER_ROUND,
				players,
				rules: TOURNAMENT,
				revision: MAX_REVISION,
				director: signing.publicKey,
				issuedAt: Math.floor(Date.now() / 60_000)
			},
			signing
		],
		[
			'result code',
			{
				kind: 'batch',
				batch: batchOf(events, {
					tournamentId: longId('t'),
					round: MAX_ROUND,
					table: TABLES_PER_ROUND,
					stream: longId('r')
				}),
				tablet: wide(LIMITS.tabletName),
				deviceKey: device.publicKey
			},
			tableKey
		],
		[
			'missing player',
			{
				kind: 'absence',
				tournamentId: longId('t'),
				round: MAX_ROUND,
				table: TABLES_PER_ROUND,
				player: longId('p'),
				device: longId('d'),
				tablet: wide(LIMITS.tabletName),
				at: Date.now()
			},
			tableKey
		],
		[
			'standings',
			{
				kind: 'standings',
				tournamentId: longId('t'),
				tournamentName: wide(120),
				afterRound: MAX_ROUND,
				revision: MAX_REVISION,
				rows: Array.from({ length: 40 }, (_, i) => ({
					player: longId('p', i),
					name: wide(LIMITS.nameLength, i),
					rank: i + 1,
					points: { num: 1_000_000 - i, den: 7 },
					gamePoints: LIMITS.gamePoints,
					withdrawn: i % 5 === 0
				})),
				next: null
			},
			signing
		]
	] as const;
}

describe('every kind of code at its largest', () => {
	it('is version 10 at most: one code or a sequence of frames, each of which reads', async () => {
		for (const [kind, payload, key] of await largest()) {
			const codes = toCodes(await encodePayload(payload, key));
			const versions = codes.map((code) => qrVersion(code.length) ?? Infinity);
			expect(Math.max(...versions), kind).toBeLessThanOrEqual(MAX_SINGLE_VERSION);
			for (const code of codes) expect(readCode(code).ok, kind).toBe(true);
		}
	});
});
