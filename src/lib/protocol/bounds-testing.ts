import { constants, deflateRawSync } from 'node:zlib';
import type { TournamentBundle } from '../codecs/sync';
import { LIMITS } from '../domain/limits';
import { TOURNAMENT } from '../domain/rules';
import { logFromResults } from '../domain/tournament/from-results';
import { sampleTournament } from '../domain/tournament/sample';
import type { TournamentEvent } from '../domain/tournament';
import { BitWriter } from './bits';
import { toFileText } from './files';
import { newTournamentKey } from './hmac';
import { newSigningKey, signAsDirector, type SigningKey } from './keys';
import { PAYLOAD_KINDS } from './kinds';
import { compressedLog, PROTOCOL_VERSION, writeTournamentHead } from './payload';
import { writeRoundBatch } from './round-codec';
import { ROUND_EVENT_TYPES, type RoundBatch, type SyncEvent } from './sync-events';

/**
 * Hostile files for the bounds' tests and `npm run bench -- bounds` (issue 24, item 5), built when
 * needed and never committed: a tournament file whose rounds hold millions of events in a few MB, and
 * the desk's "Alles (JSON)" export with a million events. Each is well formed and signed up to where
 * it is meant to be refused.
 */

/** Events of one hostile round: as many as one round's code may hold. */
export const EVENTS_PER_HOSTILE_ROUND = 5000;

/** A small tournament's log, as a file carries it (12 players, one round played). */
export function sampleLog(): { events: TournamentEvent[]; rows: SyncEvent[] } {
	const events = logFromResults(
		{ ...sampleTournament('triominos', 12, 1, 'hostile'), name: 'Herbstturnier', date: '2026-11-22' },
		'2026-11-22T10:00:00Z'
	);
	const rows = events.map((event, i) => ({
		device: 'forger0',
		seq: i + 1,
		at: Date.parse(event.at) + i,
		type: event.type,
		body: event
	}));
	return { events, rows };
}

/** One table's round of nothing but purchases after its start: 2 bits an event, the densest a round's code packs. */
export function purchaseRound(tournamentId: string, events = EVENTS_PER_HOSTILE_ROUND): RoundBatch {
	const at = Date.parse('2026-11-22T11:00:00Z');
	return {
		tournamentId,
		round: 1,
		table: 1,
		stream: 'r-hostile0',
		events: Array.from({ length: events }, (_, i) => ({
			device: 'k-forger0',
			seq: i + 1,
			at,
			...(i === 0
				? {
						type: ROUND_EVENT_TYPES.started,
						body: {
							setup: { rules: TOURNAMENT, players: ['Anna', 'Ben', 'Cara'], start: 0 },
							context: { gameId: null, tournamentId, round: 1, table: 1, startDraw: null }
						}
					}
				: { type: ROUND_EVENT_TYPES.entry, body: { type: 'act', action: { type: 'draw' } } })
		}))
	};
}

/** `bits` bits of `head`, then the whole bytes of `tail`: the bit stream of a writer continued by bytes. */
function continued(head: Uint8Array, bits: number, tail: Uint8Array): Uint8Array {
	const shift = bits % 8;
	const whole = Math.floor(bits / 8);
	const out = new Uint8Array(whole + tail.length + (shift ? 1 : 0));
	out.set(head.subarray(0, whole));
	if (!shift) {
		out.set(tail, whole);
		return out;
	}
	let carry = (head[whole] as number) & (0xff << (8 - shift));
	for (let i = 0; i < tail.length; i++) {
		const byte = tail[i] as number;
		out[whole + i] = carry | (byte >> shift);
		carry = (byte << (8 - shift)) & 0xff;
	}
	out[whole + tail.length] = carry;
	return out;
}

export interface HostileTournament {
	readonly tournamentId: string;
	/** The file's log: a real tournament's, so that what comes before the rounds reads and replays. */
	readonly rows: readonly SyncEvent[];
	/** Round events in the file's rounds, in rounds of `EVENTS_PER_HOSTILE_ROUND`. */
	readonly roundEvents: number;
	/** What follows the rounds instead of the rest of the file (the list of waiting rounds): e.g. garbage. */
	readonly tail?: Uint8Array;
	/** The key the file is signed with and carries (a forger's own); a new one when not given. */
	readonly signing?: SigningKey;
	/** The log as it travels, compressed, in place of `rows`' (e.g. a few bytes that inflate to gigabytes). */
	readonly compressedLog?: Uint8Array;
}

/** Bytes that are no part of any tournament file. */
export const GARBAGE = new Uint8Array(4096).fill(0xff);

/**
 * A tournament file of a real tournament whose rounds pass `LIMITS.eventsPerFile` by one round, and then
 * garbage: a reader that stops at the bound refuses it for the bound; one that reads on, for the garbage.
 */
export function pastTheEventsBound(tournamentId: string): HostileTournament {
	const rounds = Math.ceil((LIMITS.eventsPerFile + 1) / EVENTS_PER_HOSTILE_ROUND);
	return {
		tournamentId,
		rows: sampleLog().rows,
		roundEvents: rounds * EVENTS_PER_HOSTILE_ROUND,
		tail: GARBAGE
	};
}

/**
 * A file's text whose last `lines` lines (of `pastTheEventsBound`: the garbage after the rounds, the
 * signature and the checksum) are no Base45 at all: a reader that decodes the whole text before it reads
 * the payload refuses it for that; one that decodes only as far as it reads stops at the bound first.
 */
export function noBase45After(text: string, lines = 40): string {
	const all = text.split('\n');
	const from = all.length - 1 - lines;
	return all.map((line, i) => (i >= from && line ? '~'.repeat(line.length) : line)).join('\n');
}

/**
 * A tournament file's payload: the head and log of a real tournament, then `roundEvents` round events,
 * then the tail, signed as a whole with the key it carries. Written in a few hundred milliseconds for 16
 * million events: one round is written with the codec and repeated byte for byte.
 */
export async function hostileTournamentPayload(file: HostileTournament): Promise<Uint8Array> {
	const signing = file.signing ?? (await newSigningKey());
	const bundle: TournamentBundle = {
		kind: 'tournament',
		tournamentId: file.tournamentId,
		tournamentName: 'Herbstturnier',
		key: newTournamentKey(),
		signing: signing.privateKey,
		director: signing.publicKey,
		legacyThrough: 0,
		events: [...file.rows],
		rounds: [],
		pending: []
	};
	const head = new BitWriter().bits(PROTOCOL_VERSION, 8).bits(PAYLOAD_KINDS.indexOf('tournament'), 8);
	writeTournamentHead(head, bundle, file.compressedLog ?? (await compressedLog(bundle.events)));
	const round = new BitWriter();
	writeRoundBatch(round, purchaseRound(file.tournamentId));
	const one = new BitWriter().bytes(round.finish()).finish();
	const rounds = Math.ceil(file.roundEvents / EVENTS_PER_HOSTILE_ROUND);
	const count = new BitWriter().varint(rounds).finish();
	const tail = file.tail ?? new BitWriter().varint(0).finish();
	const body = new Uint8Array(count.length + rounds * one.length + tail.length);
	body.set(count);
	for (let i = 0; i < rounds; i++) body.set(one, count.length + i * one.length);
	body.set(tail, count.length + rounds * one.length);
	const data = continued(head.finish(), head.length, body);
	const signature = await signAsDirector(signing, data);
	const out = new Uint8Array(data.length + signature.length);
	out.set(data);
	out.set(signature, data.length);
	return out;
}

/**
 * A compressed body of `megabytes` MB of zeros in about a kilobyte each: the same compressed megabyte
 * again and again, then the final block (each piece ends on a byte, so they join into one stream).
 */
export function deflateBomb(megabytes: number): Uint8Array {
	const megabyte = deflateRawSync(new Uint8Array(1 << 20), { finishFlush: constants.Z_SYNC_FLUSH });
	return Buffer.concat([...Array<Uint8Array>(megabytes).fill(megabyte), deflateRawSync(new Uint8Array(0))]);
}

/** The same as a backup file's text (`.wbsync`). */
export async function hostileBackup(file: HostileTournament): Promise<string> {
	return toFileText(await hostileTournamentPayload(file));
}

/**
 * The desk's "Alles (JSON)" export (as `tournamentJson` writes it, indented by two; `compact`: without
 * white space) of a real tournament whose log goes on with renames up to `events` events, as pieces of text
 * to write one after the other. `tail`: text that follows the events in place of the end of the file.
 */
export function* hostileExport(
	tournamentId: string,
	events: number,
	options: { tail?: string; compact?: boolean } = {}
): Generator<string> {
	const log = sampleLog().events;
	const tournament = { id: tournamentId, name: 'Herbstturnier' };
	const json = (value: unknown) =>
		options.compact ? JSON.stringify(value) : JSON.stringify(value, null, 2).replace(/^/gm, '    ');
	const between = options.compact ? ',' : ',\n';
	yield options.compact
		? `{"tournament":${JSON.stringify(tournament)},"standings":[],"events":[`
		: `${JSON.stringify({ tournament, standings: [] }, null, 2).slice(0, -2)},\n  "events": [\n`;
	let piece: string[] = [];
	for (let i = 0; i < events; i++) {
		const event =
			log[i] ??
			({
				type: 'player-renamed',
				id: `e${i + 1}`,
				at: '2026-11-22T12:00:00Z',
				player: 'P01',
				name: i % 2 ? 'P01' : 'Anna'
			} satisfies TournamentEvent);
		piece.push(json(event));
		if (piece.length === 10_000 || i === events - 1) {
			yield piece.join(between) + (i === events - 1 ? '' : between);
			piece = [];
		}
	}
	yield options.tail ?? (options.compact ? ']}' : '\n  ]\n}\n');
}
