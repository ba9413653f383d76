// Fuzzing every decoder of codes and files: random, truncated and mutated inputs never crash a decoder,
// and whatever is refused comes with a reason in German and English.
import { describe, expect, it } from 'vitest';
import type { TableAssignment } from '../codecs/sync';
import { seededRandom } from '../domain/random';
import { TOURNAMENT } from '../domain/rules';
import { BASE45_ALPHABET, encodeBase45 } from './base45';
import { fromFileText, toFileText } from './files';
import { readCode, Reassembly, toCodes } from './frames';
import { newTournamentKey } from './hmac';
import { decodePayload, encodePayload, verifyPayload, type Payload } from './payload';
import { batchOf, finishingChoices, roundEvents, TOURNAMENT_ID } from './testing';
import { crc32 } from './crc32';

const RUNS = Number(process.env.SYNC_FUZZ_RUNS ?? 100_000);
const random = seededRandom('wertungsblatt-fuzz');
const int = (n: number) => random.int(n);
const key = newTournamentKey();

const assignment: TableAssignment = {
	kind: 'assignment',
	tournamentId: TOURNAMENT_ID,
	tournamentName: 'Fuzz',
	key,
	round: 1,
	table: 1,
	players: ['Anna', 'Ben', 'Cara'].map((name, i) => ({ id: `p${i}`, name })),
	rules: TOURNAMENT
};
const batch = batchOf(roundEvents({ players: ['Anna', 'Ben', 'Cara'], choices: finishingChoices([4]) }));
const samples: Payload[] = [
	assignment,
	{ kind: 'batch', batch },
	{
		kind: 'standings',
		tournamentId: TOURNAMENT_ID,
		tournamentName: 'Fuzz',
		afterRound: 1,
		revision: 3,
		rows: [
			{ player: 'p0', name: 'Anna', rank: 1, points: { num: 5, den: 1 }, gamePoints: 10, withdrawn: false }
		],
		next: { round: 2, tables: [['p0']] }
	},
	{
		kind: 'tournament',
		tournamentId: TOURNAMENT_ID,
		tournamentName: 'Fuzz',
		key,
		events: [],
		rounds: [batch],
		pending: []
	}
];

function isRefusal(value: unknown): boolean {
	const error = (value as { error?: { code?: unknown; de?: unknown; en?: unknown } }).error;
	return typeof error?.code === 'string' && typeof error.de === 'string' && typeof error.en === 'string';
}

/** The whole pure path a scanned text takes: code → frames → payload → zod → signature. */
async function decodeText(text: string, reassembly: Reassembly): Promise<'refused' | 'progress' | 'ok'> {
	const code = readCode(text);
	if (!code.ok) return (expect(isRefusal(code)).toBe(true), 'refused');
	const step = reassembly.add(code.value);
	if (!step.ok) return (expect(isRefusal(step)).toBe(true), 'refused');
	if (!('done' in step.value)) return 'progress';
	return decodeBytes(step.value.done);
}

/** The signed originals: a signed payload may only ever be accepted unaltered. */
const originals: Uint8Array[] = [];

async function decodeBytes(bytes: Uint8Array): Promise<'refused' | 'ok'> {
	const decoded = await decodePayload(bytes);
	if (!decoded.ok) return (expect(isRefusal(decoded)).toBe(true), 'refused');
	const verified = await verifyPayload(decoded.value, key);
	if (!verified.ok) return (expect(isRefusal(verified)).toBe(true), 'refused');
	if (verified.value.kind !== 'assignment') {
		const same = originals.some((o) => o.length === bytes.length && o.every((b, i) => b === bytes[i]));
		expect(same).toBe(true);
	}
	return 'ok';
}

function mutate(bytes: Uint8Array): Uint8Array {
	const out = [...bytes];
	const steps = 1 + int(4);
	for (let i = 0; i < steps; i++) {
		const at = int(Math.max(out.length, 1));
		switch (int(5)) {
			case 0:
				out[at] = int(256);
				break;
			case 1:
				out[at] = (out[at] ?? 0) ^ (1 << int(8));
				break;
			case 2:
				out.splice(at, 1 + int(8));
				break;
			case 3:
				out.splice(at, 0, ...Array.from({ length: 1 + int(8) }, () => int(256)));
				break;
			default:
				out.length = at;
		}
	}
	return Uint8Array.from(out);
}

/** A single code's text around the given payload bytes, with a correct CRC: reaches the payload decoder. */
function singleCode(payload: Uint8Array): string {
	const body = Uint8Array.from([0xb1, ...payload]);
	const out = new Uint8Array(body.length + 4);
	out.set(body);
	new DataView(out.buffer).setUint32(body.length, crc32(body));
	return encodeBase45(out);
}

describe(`fuzzing the decoders (${RUNS} inputs)`, () => {
	it('never crashes on random, truncated or mutated codes and files', async () => {
		const encoded = await Promise.all(
			samples.map((p) => encodePayload(p, p.kind === 'assignment' ? null : key))
		);
		originals.push(...encoded);
		const codes = encoded.map((bytes) => toCodes(bytes));
		const files = encoded.map((bytes) => toFileText(bytes));
		const outcomes = { refused: 0, progress: 0, ok: 0 };
		const reassembly = new Reassembly();
		for (let run = 0; run < RUNS; run++) {
			const which = int(encoded.length);
			let outcome: 'refused' | 'progress' | 'ok';
			switch (run % 6) {
				case 0: {
					// random text: the Base45 alphabet, lower case, other characters
					const alphabet = int(4) === 0 ? `${BASE45_ALPHABET}abcäß#\n` : BASE45_ALPHABET;
					const text = Array.from({ length: int(400) }, () => alphabet[int(alphabet.length)]).join('');
					outcome = await decodeText(text, reassembly);
					break;
				}
				case 1: {
					// a real code (or frame) cut short or with characters changed
					const list = codes[which]!;
					const code = list[int(list.length)]!;
					const chars = [...code];
					if (int(2)) chars.length = int(chars.length);
					else chars[int(chars.length)] = BASE45_ALPHABET[int(45)]!;
					outcome = await decodeText(chars.join(''), reassembly);
					break;
				}
				case 2:
				case 3: {
					// mutated payload bytes behind a valid checksum: the deep decoders and zod
					outcome = await decodeText(singleCode(mutate(encoded[which]!)), reassembly);
					break;
				}
				case 4: {
					// mutated payload straight into the payload decoder
					outcome = await decodeBytes(mutate(encoded[which]!));
					break;
				}
				default: {
					// files: truncated or changed text
					const text = files[which]!;
					const cut = int(2)
						? text.slice(0, int(text.length))
						: text.slice(0, int(text.length)) + 'Ä' + text.slice(int(text.length));
					const read = fromFileText(cut);
					outcome = read.ok ? await decodeBytes(read.value) : (expect(isRefusal(read)).toBe(true), 'refused');
				}
			}
			outcomes[outcome]++;
		}
		expect(outcomes.refused + outcomes.progress + outcomes.ok).toBe(RUNS);
		// Almost everything is refused; what passes is unaltered, or an unsigned table code whose change kept it
		// valid (the table code carries the key, so it cannot be signed; its checksum guards the transport).
		expect(outcomes.refused).toBeGreaterThan(RUNS * 0.9);
		console.info(`fuzz: ${RUNS} inputs`, outcomes);
	}, 300_000);

	it('accepts a signed payload only unaltered', async () => {
		const bytes = await encodePayload({ kind: 'batch', batch }, key);
		for (let run = 0; run < 2000; run++) {
			const altered = mutate(bytes);
			if (altered.length === bytes.length && altered.every((b, i) => b === bytes[i])) continue;
			expect(await decodeBytes(altered)).toBe('refused');
		}
	});
});
