import { seededRandom } from '../domain/random';
import { BASE45_ALPHABET, encodeBase45 } from '../protocol/base45';
import { BitWriter } from '../protocol/bits';
import { crc32 } from '../protocol/crc32';
import { FILE_MAGIC, toFileText } from '../protocol/files';
import type { RoundBatch } from '../protocol/sync-events';

/**
 * The mutations of the import fuzz (sync-fuzz.test.ts): handed-in rounds as a forger with a table key would
 * change them, and bytes, codes, frames and files as scanners, people, editors and downloads do. One seeded
 * generator for the mutations and the run, so a run is the same every time.
 */

const random = seededRandom('wertungsblatt-import-fuzz');
/** A whole number from 0 to n − 1 (0 when n < 1). */
export const int = (n: number) => random.int(Math.max(1, n));

/** A handed-in round changed as a forger with its table's key would: events dropped, moved, rewritten. */
export function mutateBatch(batch: RoundBatch): RoundBatch {
	let events = batch.events.map((e) => ({ ...e }));
	let { round, table, stream } = batch;
	const pick = () => int(events.length);
	const steps = 1 + int(3);
	for (let i = 0; i < steps; i++) {
		const last = events.at(-1)!;
		switch (int(10)) {
			case 0:
				events.splice(pick(), 1);
				break;
			case 1:
				events.splice(pick(), 0, { ...events[pick()]! });
				break;
			case 2: {
				const [a, b] = [pick(), pick()];
				[events[a], events[b]] = [events[b]!, events[a]!];
				break;
			}
			case 3:
				events[pick()] = { ...events[pick()]!, body: events[pick()]?.body };
				break;
			case 4:
				[round, table] = int(2) ? [1 + int(3), table] : [round, 1 + int(4)];
				break;
			case 5:
				events = events.map((e) => (int(3) ? e : { ...e, device: 'forger0000' }));
				break;
			case 6: {
				// Continued past the confirmation or the held end: undos, then the confirmation again.
				const undos = Array.from({ length: 1 + int(30) }, (_, k) => ({
					...last,
					seq: last.seq + 1 + k,
					type: 'round.entry',
					body: { type: 'undo' }
				}));
				const end = int(2) ? events.filter((e) => e.type !== 'round.confirmed') : events;
				events = [...end, ...undos, { ...last, seq: last.seq + 99, type: 'round.confirmed', body: {} }];
				break;
			}
			case 7:
				events[pick()] = { ...events[pick()]!, seq: 1 + int(200) };
				break;
			case 8:
				stream = int(2) ? 'r-forged0000000001' : stream;
				break;
			default:
				events = events.slice(0, 1 + pick());
		}
	}
	return { ...batch, round, table, stream, events: events.filter(Boolean) };
}

/** Bit flips, bytes set, cut, inserted, deleted, a range duplicated or two swapped, another version or kind. */
export function mutate(bytes: Uint8Array): Uint8Array {
	const out = [...bytes];
	const steps = 1 + int(3);
	for (let i = 0; i < steps; i++) {
		const at = int(out.length);
		const length = 1 + int(Math.min(16, out.length));
		switch (int(9)) {
			case 0:
				out[at] = (out[at] ?? 0) ^ (1 << int(8));
				break;
			case 1:
				out[at] = int(256);
				break;
			case 2:
				out.length = at;
				break;
			case 3:
				out.splice(at, 0, ...Array.from({ length }, () => int(256)));
				break;
			case 4:
				out.splice(at, length);
				break;
			case 5:
				out.splice(at, 0, ...out.slice(int(out.length), int(out.length) + length));
				break;
			case 6: {
				const other = int(out.length);
				const a = out.slice(at, at + length);
				const b = out.slice(other, other + length);
				if (a.length === b.length) {
					out.splice(at, a.length, ...b);
					out.splice(other, b.length, ...a);
				}
				break;
			}
			case 7:
				out[0] = [0, 1, 3, 9, 255][int(5)]!; // another protocol version
				break;
			default:
				out[1] = 4 + int(252); // a kind this version does not know
		}
	}
	return Uint8Array.from(out);
}

/** A code around payload bytes with a correct checksum: it reaches the payload decoder. */
export function singleCode(payload: Uint8Array, marker = 0xb1): string {
	return withCrc(new BitWriter().bits(marker, 8).fixed(payload));
}

function withCrc(w: BitWriter): string {
	const body = w.finish();
	const out = new Uint8Array(body.length + 4);
	out.set(body);
	new DataView(out.buffer).setUint32(body.length, crc32(body));
	return encodeBase45(out);
}

/** One frame of a sequence, as `toCodes` writes it (checksum correct, whatever it carries). */
function frame(set: number, index: number, total: number, chunk: Uint8Array, marker = 0xb2): string {
	return withCrc(
		new BitWriter()
			.bits(marker, 8)
			.bits(set >>> 0, 32)
			.varint(index)
			.varint(total)
			.fixed(chunk)
	);
}

/** The frames of a payload, changed as a scanner or a person might meet them. */
export function mutatedSequence(bytes: Uint8Array): string[] {
	const total = 2 + int(6);
	const size = Math.ceil(bytes.length / total);
	const chunks: Uint8Array[] = Array.from({ length: total }, (_, i) => bytes.slice(i * size, (i + 1) * size));
	let set = crc32(bytes);
	let count = total;
	let marker = 0xb2;
	switch (int(8)) {
		case 0: {
			// two chunks swapped (each frame's own checksum correct)
			const a = int(total);
			const b = (a + 1 + int(total - 1)) % total;
			[chunks[a], chunks[b]] = [chunks[b]!, chunks[a]!];
			break;
		}
		case 1:
			// a chunk changed
			chunks[int(total)] = mutate(chunks[int(total)]!);
			break;
		case 2:
			// one frame's count differs
			count = total + 1 + int(3);
			break;
		case 3:
			set ^= 1 << int(32);
			break;
		case 4:
			marker = 0xb3 + int(13); // a frame of another app version
			break;
		case 5:
			// a chunk cut short
			chunks[int(total)] = chunks[int(total)]!.slice(0, int(size));
			break;
		case 6:
			// a frame that never arrives (the reader waits for it)
			return chunks.map((chunk, i) => frame(set, i, total, chunk)).filter((_, i) => i !== total - 1);
		default:
			// frames duplicated and in any order, one changed: the rest as written
			chunks[int(total)] = mutate(chunks[int(total)]!);
	}
	const frames = chunks.map((chunk, i) =>
		frame(set, i, i === total - 1 && count !== total ? count : total, chunk, marker)
	);
	const order = [...frames, ...Array.from({ length: int(4) }, () => frames[int(total)]!)];
	for (let i = order.length - 1; i > 0; i--) {
		const j = int(i + 1);
		[order[i], order[j]] = [order[j]!, order[i]!];
	}
	return order;
}

/** A file's text, changed as an editor, a mail or a truncated download might. */
export function mutatedFile(bytes: Uint8Array): string {
	const text = toFileText(bytes);
	const lines = text.split('\n');
	const at = 1 + int(lines.length - 1);
	switch (int(9)) {
		case 0:
			return text.slice(0, int(text.length));
		case 1: {
			const i = int(text.length);
			return text.slice(0, i) + '+-äx '[int(5)] + text.slice(i);
		}
		case 2:
			lines.splice(at, 1);
			return lines.join('\n');
		case 3:
			lines.splice(at, 0, lines[at] ?? '');
			return lines.join('\n');
		case 4: {
			const other = 1 + int(lines.length - 1);
			[lines[at], lines[other]] = [lines[other]!, lines[at]!];
			return lines.join('\n');
		}
		case 5:
			return text.replace(FILE_MAGIC, `WERTUNGSBLATT-SYNC ${2 + int(8)}`);
		case 6:
			return text.replace(FILE_MAGIC, 'WERTUNGSBLAT-SYNC 1');
		default:
			// the payload changed behind a correct file checksum
			return toFileText(mutate(bytes));
	}
}

/** Random text: the Base45 alphabet, or anything. */
export function garbage(): string {
	const alphabet = int(3) ? BASE45_ALPHABET : `${BASE45_ALPHABET}abcäß#\n\t€`;
	return Array.from({ length: int(500) }, () => alphabet[int(alphabet.length)]).join('');
}
