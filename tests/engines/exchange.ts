import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { toCodes } from '../../src/lib/protocol/frames';
import { encodePayload } from '../../src/lib/protocol/payload';
import { makeQr, MAX_SINGLE_VERSION } from '../../src/lib/protocol/qr';
import { Screen } from './pages/Screen';
import type { EngineTest } from './suite';

/** Pixels per module, and the quiet zone of 4 modules the QR standard asks for around a code. */
const MODULE_PX = 6;
const QUIET = 4;

/** A PNG of `text` as the app's own QR module draws it: what a photo or screenshot of the code holds. */
async function codePng(text: string): Promise<Buffer> {
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

/** A director's table code: table 3 of round 2, three players, tournament rules. */
async function tableCode(): Promise<string> {
	const bytes = await encodePayload(
		{
			kind: 'assignment',
			tournamentId: 'engine-foto',
			tournamentName: 'Foto-Pokal',
			key: Uint8Array.from({ length: 32 }, (_, i) => i + 1),
			round: 2,
			table: 3,
			players: [
				{ id: 'p1', name: 'Anna' },
				{ id: 'p2', name: 'Ben' },
				{ id: 'p3', name: 'Cara' }
			],
			rules: { preset: 'tournament', scoring: 'standard', tiles: 56 }
		},
		null
	);
	const codes = toCodes(bytes);
	assert.equal(codes.length, 1, 'a table code is one code');
	return codes[0]!;
}

/** Item 8: without BarcodeDetector (WebKit, Firefox) the bundled decoder reads a code from an image file. */
export const exchangeTests: EngineTest[] = [
	{
		name: 'a tablet joins its table from a picture of the table code (the bundled decoder where BarcodeDetector is missing)',
		async run({ engine, baseURL }) {
			const folder = mkdtempSync(join(tmpdir(), 'wb-code-'));
			try {
				const picture = join(folder, 'tischcode.png');
				writeFileSync(picture, await codePng(await tableCode()));
				const tablet = new Screen(await engine.tab());
				await tablet.tab.goto(`${baseURL}/tisch`);
				await tablet.find('heading', 'Tisch');
				// What this test is about: the engine has no QR-reading BarcodeDetector, so jsQR reads.
				const native = await tablet.tab.run(async () => {
					const Native = (globalThis as { BarcodeDetector?: { getSupportedFormats(): Promise<string[]> } })
						.BarcodeDetector;
					return Native ? (await Native.getSupportedFormats()).includes('qr_code') : false;
				});
				assert.equal(native, false, `${engine.name} reads QR codes natively: this test would not reach jsQR`);
				await tablet.tap('button', 'Datei');
				await tablet.tab.upload(await tablet.find('file', 'Austauschdatei wählen (.wbsync)'), picture);
				await tablet.waitText('Beigetreten: Tisch 3, Runde 2.');
				await tablet.waitText('Foto-Pokal');
				assert.match(await tablet.text('main'), /Anna[\s\S]*Ben[\s\S]*Cara/);
			} finally {
				rmSync(folder, { recursive: true, force: true });
			}
		}
	}
];
