import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { toCodes } from '../../../src/lib/protocol/frames';
import { encodePayload } from '../../../src/lib/protocol/payload';
import { newSigningKey, tableKey } from '../../../src/lib/protocol/keys';
import { makeQr, MAX_SINGLE_VERSION } from '../../../src/lib/protocol/qr';

/** Pixels per module, and the quiet zone of 4 modules the QR standard asks for around a code. */
const MODULE_PX = 6;
const QUIET = 4;

/** A PNG of `text` as the app's own QR module draws it: what a photo or screenshot of the code holds. */
export async function codePng(text: string): Promise<Buffer> {
	const qr = await makeQr(text, MAX_SINGLE_VERSION);
	const side = (qr.size + 2 * QUIET) * MODULE_PX;
	const png = new PNG({ width: side, height: side });
	for (let y = 0; y < side; y++) {
		for (let x = 0; x < side; x++) {
			const row = Math.floor(y / MODULE_PX) - QUIET;
			const col = Math.floor(x / MODULE_PX) - QUIET;
			const inside = row >= 0 && col >= 0 && row < qr.size && col < qr.size;
			const shade = inside && qr.dark[row * qr.size + col] ? 0 : 255;
			png.data.set([shade, shade, shade, 255], (y * side + x) * 4);
		}
	}
	return PNG.sync.write(png);
}

/**
 * A director's table code as the codes the desk's screen steps through: table 3 of round 2, these players,
 * tournament rules. Long names make it a sequence (each code at most QR version 10).
 */
export async function tableCodes(names: readonly string[]): Promise<string[]> {
	const master = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
	const signing = await newSigningKey();
	const bytes = await encodePayload(
		{
			kind: 'assignment',
			tournamentId: 'engine-foto',
			tournamentName: 'Foto-Pokal',
			key: await tableKey(master, 'engine-foto', 2, 3),
			director: signing.publicKey,
			round: 2,
			table: 3,
			players: names.map((name, i) => ({ id: `p${i + 1}`, name })),
			rules: { preset: 'tournament', scoring: 'standard', tiles: 56 }
		},
		signing
	);
	return toCodes(bytes);
}

/** {@link tableCodes} of three short names unless told: one code, what one photo holds. */
export async function tableCode(names: readonly string[] = ['Anna', 'Ben', 'Cara']): Promise<string> {
	const codes = await tableCodes(names);
	assert.equal(codes.length, 1, 'a table code is one code');
	return codes[0]!;
}

/** A picture with no code in it: a blank white square. */
export function blankPng(side = 200): Buffer {
	const png = new PNG({ width: side, height: side });
	png.data.fill(255);
	return PNG.sync.write(png);
}

/** What the tablet shows after joining from {@link tableCode}. */
export const TABLE_CODE_JOINED = 'Beigetreten: Tisch 3, Runde 2.';
