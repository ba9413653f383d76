/**
 * Writes the protocol's test vectors (docs/protocol-vectors/*.json, described in docs/PROTOCOL.md) from the
 * code itself: `npx tsx scripts/protocol-vectors.ts`. Deterministic: fixed keys, fixed rounds. The director's
 * ECDSA signatures and the ECIES wrapping are randomized in WebCrypto, so a signature or wrapped key already in
 * a vector file is kept as long as it still verifies (unwraps) over the same bytes; only a changed payload gets
 * a fresh one. `src/lib/protocol/vectors.test.ts` checks the code against every file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeBase45, encodeBase45 } from '../src/lib/protocol/base45';
import { BitWriter } from '../src/lib/protocol/bits';
import { crc32 } from '../src/lib/protocol/crc32';
import { canonicalJson, digest } from '../src/lib/protocol/digest';
import { fromFileText, toFileText } from '../src/lib/protocol/files';
import { readCode, toCodes } from '../src/lib/protocol/frames';
import {
	compressKey,
	signAsDirector,
	tableKey,
	unwrapForDevice,
	verifyDirector,
	wrapForDevices
} from '../src/lib/protocol/keys';
import { decodePayload, verifyPayload, type Payload } from '../src/lib/protocol/payload';
import { bytesFor, qrVersion } from '../src/lib/protocol/qr';
import { roundEvents, TOURNAMENT_ID, withOtherS } from '../src/lib/protocol/testing';
import type { Result } from '../src/lib/domain/result';
import {
	fromHex,
	fromVectorJson,
	toHex,
	toVectorJson,
	VECTORS_DIR,
	type VectorFile
} from '../src/lib/protocol/vectors-testing';
import { beyondTournament } from '../src/lib/protocol/standings';
import { importDevicePair } from '../src/lib/protocol/vectors-testing';
import { devicePair, directorKey, MASTER, payloadVectors, type PayloadVector } from './protocol-vector-cases';

const text = new TextEncoder();

/** What a vector file held before: its vectors by name, to keep a randomized signature that still verifies. */
function previous(file: string): Map<string, Record<string, unknown>> {
	const path = join(VECTORS_DIR, file);
	if (!existsSync(path)) return new Map();
	const old = JSON.parse(readFileSync(path, 'utf8')) as VectorFile<Record<string, unknown>>;
	return new Map(old.vectors.map((v) => [String(v.name), v]));
}

function write(file: string, format: string, about: string, vectors: readonly unknown[]): void {
	mkdirSync(VECTORS_DIR, { recursive: true });
	// One line per field of a vector: readable, and a few kB rather than tens.
	const vector = (v: unknown) =>
		`\t\t{\n${Object.entries(v as object)
			.map(([k, value]) => `\t\t\t${JSON.stringify(k)}: ${JSON.stringify(value)}`)
			.join(',\n')}\n\t\t}`;
	const list = vectors.map((v) => vector(toVectorJson(v))).join(',\n');
	const head = `\t"format": ${JSON.stringify(format)},\n\t"about": ${JSON.stringify(about)},\n`;
	writeFileSync(join(VECTORS_DIR, file), `{\n${head}\t"vectors": [\n${list}\n\t]\n}\n`);
}

const problemOf = <T>(result: Result<T>) => (result.ok ? null : result.error);

async function base45(): Promise<void> {
	const good = [
		['empty', ''],
		['one byte', '41'],
		['RFC 9285 "AB"', '4142'],
		['RFC 9285 "Hello!!"', '48656c6c6f2121'],
		['RFC 9285 "ietf!"', '6965746621'],
		['all ones', 'ffff'],
		['a last odd 0xff', 'ffffff'],
		['the largest group and last byte', 'ffff00ff']
	].map(([name, hex]) => {
		const bytes = fromHex(hex as string);
		return { name, bytes, text: encodeBase45(bytes) };
	});
	const bad = ['GGW', 'GGX', ':::', 'A', 'AB#', 'ab', '::', 'V5'].map((input) => ({
		name: `refuses ${JSON.stringify(input)}`,
		text: input,
		refusal: problemOf(decodeBase45(input))
	}));
	write('base45.json', 'base45', 'Base45 (RFC 9285): bytes ↔ text; hostile texts and their refusal.', [
		...good,
		...bad
	]);
}

function crc(): void {
	const vectors = [
		['check value "123456789"', text.encode('123456789')],
		['empty', new Uint8Array()],
		['one zero byte', new Uint8Array([0])]
	].map(([name, bytes]) => ({
		name,
		bytes,
		crc: crc32(bytes as Uint8Array)
			.toString(16)
			.padStart(8, '0')
	}));
	write(
		'crc32.json',
		'crc32',
		'CRC-32 (IEEE 802.3, reflected, init and final XOR 0xffffffff), as hex.',
		vectors
	);
}

function qr(): void {
	const vectors = [20, 21, 311, 312, 3391, 3392].map((chars) => ({
		name: `${chars} characters`,
		chars,
		version: qrVersion(chars),
		bytes: qrVersion(chars) === null ? null : bytesFor(qrVersion(chars) as number)
	}));
	write(
		'qr.json',
		'qr',
		'The smallest QR version (alphanumeric mode, level M) for a text length, and the bytes Base45 fits into it.',
		vectors
	);
}

function frames(): void {
	const payload = Uint8Array.from({ length: 60 }, (_, i) => (i * 37 + 11) & 0xff);
	const small = { maxSingle: 2, frameVersion: 3 };
	const single = toCodes(payload.subarray(0, 20));
	const sequence = toCodes(payload, small);
	const coded = (marker: number, body: number[]) => {
		const w = new BitWriter().bits(marker, 8);
		for (const byte of body) w.bits(byte, 8);
		const data = w.finish();
		const out = new Uint8Array(data.length + 4);
		out.set(data);
		new DataView(out.buffer).setUint32(data.length, crc32(data));
		return encodeBase45(out);
	};
	const flipped = (code: string) => {
		const bytes = decodeBase45(code);
		if (!bytes.ok) throw new Error('own code does not read');
		const copy = bytes.value.slice();
		copy[1] = (copy[1] as number) ^ 1;
		return encodeBase45(copy);
	};
	const hostile = [
		['a flipped bit', flipped(single[0] as string)],
		['another marker of this app (0xB3)', coded(0xb3, [1, 2, 3])],
		['a marker of no app of ours (0x7B)', coded(0x7b, [1, 2, 3])],
		['a frame whose index is its count', coded(0xb2, [0, 0, 0, 1, 2, 2, 9])],
		['empty', ''],
		['too short', encodeBase45(new Uint8Array([0xb1, 0, 0]))]
	].map(([name, code]) => ({ name, codes: [code], refusal: problemOf(readCode(code as string)) }));
	write(
		'frames.json',
		'frames',
		'A payload as QR code texts: one single code, or frames (here with small versions, `options`, to keep the vector short); codes that are refused.',
		[
			{ name: 'one code', payload: payload.subarray(0, 20), options: {}, codes: single },
			{ name: 'three frames', payload, options: small, codes: sequence },
			...hostile
		]
	);
}

function files(): void {
	const payload = Uint8Array.from({ length: 130 }, (_, i) => (i * 53 + 7) & 0xff);
	const fileText = toFileText(payload);
	const lines = fileText.split('\n');
	const spaced = lines.findIndex((line, i) => i > 0 && line.endsWith(' '));
	const stripped =
		spaced < 0 ? null : lines.map((line, i) => (i === spaced ? line.trimEnd() : line)).join('\r\n');
	const hostile = [
		['another format', fileText.replace('SYNC 1', 'SYNC 2')],
		['no first line', fileText.slice(fileText.indexOf('\n') + 1)],
		['a changed character', fileText.replace(/\n(.)/, (_, c: string) => `\n${c === '0' ? '1' : '0'}`)]
	];
	write(
		'files.json',
		'files',
		'A payload as a .wbsync file text; the same text with a line that lost its trailing spaces and CRLF line ends; hostile texts.',
		[
			{ name: 'file', payload, text: fileText },
			...(stripped === null ? [] : [{ name: 'trailing spaces lost, CRLF', payload, text: stripped }]),
			...hostile.map(([name, t]) => ({ name, text: t, refusal: problemOf(fromFileText(t as string)) }))
		]
	);
}

async function digests(): Promise<void> {
	const events = roundEvents({ players: ['Anna', 'Ben', 'Cara'], choices: [0, 1, 2, 3], confirmed: false });
	const vectors = [
		{ name: 'a round stream', events, digest: digest(events), canonical: canonicalJson(events) },
		{ name: 'no events', events: [], digest: digest([]), canonical: canonicalJson([]) }
	];
	write(
		'digest.json',
		'digest',
		"A table's digest (count, highest sequence, CRC-32 of the events' ids and canonical content) and canonical JSON.",
		vectors
	);
}

async function keys(): Promise<void> {
	const old = previous('keys.json');
	const director = directorKey();
	const device = devicePair(2);
	const other = devicePair(3);
	const tableKeys = await Promise.all(
		[
			[TOURNAMENT_ID, 1, 1],
			[TOURNAMENT_ID, 2, 7],
			['Turnier ä', 10, 300]
		].map(async ([tournamentId, round, table]) => ({
			name: `table key ${String(tournamentId)} round ${round} table ${table}`,
			check: 'table-key',
			master: MASTER,
			tournamentId,
			round,
			table,
			key: await tableKey(MASTER, tournamentId as string, round as number, table as number)
		}))
	);
	const compress = [director.publicKey, device.publicKey].map((publicKey, i) => ({
		name: `compressed key ${i + 1}`,
		check: 'compress',
		publicKey,
		compressed: compressKey(publicKey)
	}));
	const data = text.encode('Wertungsblatt');
	const keptSignature = async (name: string) => {
		const kept = old.get(name)?.signature;
		if (typeof kept === 'string') {
			const signature = fromVectorJson(kept) as Uint8Array;
			if (await verifyDirector(director.publicKey, data, signature)) return signature;
		}
		return signAsDirector(director, data);
	};
	const low = await keptSignature('director signature, low s');
	const signatures = [
		{ name: 'director signature, low s', signature: low, anyS: false, valid: true },
		{ name: 'the same with the high s', signature: withOtherS(low), anyS: false, valid: false },
		{ name: 'the high s, read as before version 5', signature: withOtherS(low), anyS: true, valid: true },
		{ name: 'another text', signature: low, anyS: false, valid: false, data: text.encode('Wertungsblatt!') }
	].map((v) => ({ check: 'signature', publicKey: director.publicKey, data, ...v }));
	const at = { tournamentId: TOURNAMENT_ID, round: 2, table: 1 };
	const key = await tableKey(MASTER, at.tournamentId, at.round, at.table);
	const name = 'wrapped to the tablet';
	const kept = old.get(name);
	let ephemeral = kept ? (fromVectorJson(kept.ephemeral) as Uint8Array) : null;
	let wrapped = kept ? (fromVectorJson(kept.wrapped) as Uint8Array) : null;
	const own = await importDevicePair(device);
	const still = ephemeral && wrapped ? await unwrapForDevice(own, ephemeral, wrapped, at) : null;
	if (!still || toHex(still) !== toHex(key)) {
		const made = await wrapForDevices(at.tournamentId, at.round, [
			{ table: at.table, key, device: device.publicKey }
		]);
		ephemeral = made.ephemeral;
		wrapped = made.wrapped.get(at.table) ?? null;
	}
	const wraps = [
		{ name, device, key },
		{ name: 'wrapped to another tablet', device: other, key: null }
	].map((v) => ({
		name: v.name,
		check: 'unwrap',
		device: { privateKey: v.device.privateKey, publicKey: v.device.publicKey },
		ephemeral,
		wrapped,
		at,
		key: v.key
	}));
	write(
		'keys.json',
		'keys',
		"Key schedule: table keys from the master key, compressed public keys, the director's ECDSA signature (low s), a table key wrapped to a tablet's ECDH key.",
		[...tableKeys, ...compress, ...signatures, ...wraps]
	);
}

/** Payload vectors: encoded, signed (a kept director signature while it verifies), decoded. */
async function payloads(): Promise<void> {
	const groups = new Map<string, PayloadVector[]>();
	const wrapped = previous('payload-standings.json').get('version 5, keys wrapped')?.encode as
		{ payload: unknown } | undefined;
	const kept = wrapped ? (fromVectorJson(wrapped.payload) as Payload) : null;
	for (const c of await payloadVectors(kept)) {
		const list = groups.get(c.file) ?? [];
		list.push(c);
		groups.set(c.file, list);
	}
	for (const [file, cases] of groups) {
		const old = previous(file);
		const vectors = [];
		for (const c of cases) {
			let bytes = await c.bytes();
			if (c.randomized) {
				const kept = old.get(c.name)?.bytes;
				const keptBytes = typeof kept === 'string' ? (fromVectorJson(kept) as Uint8Array) : null;
				if (keptBytes && toHex(keptBytes.subarray(0, -64)) === toHex(bytes.subarray(0, -64))) {
					bytes = c.highS ? withOtherS(keptBytes) : keptBytes;
				}
				if (c.highS) bytes = withOtherS(bytes);
			}
			const decoded = await decodePayload(bytes, { seats: c.seats ? () => c.seats!.names : undefined });
			let refusal = decoded.ok ? null : decoded.error;
			let value: Payload | null = decoded.ok ? decoded.value.payload : null;
			if (decoded.ok) {
				const verified = await verifyPayload(decoded.value, c.verifyKey);
				if (!verified.ok) {
					refusal = verified.error;
					value = null;
				} else if (c.receiverCheck === 'beyond-tournament') {
					refusal = beyondTournament(verified.value as Parameters<typeof beyondTournament>[0]);
					value = refusal ? null : value;
				}
			}
			vectors.push({
				name: c.name,
				...(c.encode ? { encode: c.encode } : {}),
				...(c.seats ? { seats: c.seats } : {}),
				verifyKey: c.verifyKey,
				...(c.receiverCheck ? { receiverCheck: c.receiverCheck } : {}),
				bytes,
				...(refusal ? { refusal } : { decoded: value })
			});
		}
		write(file, file.replace(/\.json$/, ''), cases[0]!.about, vectors);
	}
}

await base45();
crc();
qr();
frames();
files();
await digests();
await keys();
await payloads();
console.log(`vectors written to ${VECTORS_DIR}/`);
