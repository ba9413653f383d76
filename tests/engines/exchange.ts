import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codePng, TABLE_CODE_JOINED, tableCode } from '../e2e/pages/codePicture';
import { Screen } from './pages/Screen';
import type { EngineTest } from './suite';

/** Item 8: without BarcodeDetector (WebKit, Firefox) ZXing (WebAssembly, shipped with the app) reads a code from an image file. */
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
				// What this test is about: the engine has no QR-reading BarcodeDetector, so ZXing (WebAssembly) reads.
				const native = await tablet.tab.run(async () => {
					const Native = (globalThis as { BarcodeDetector?: { getSupportedFormats(): Promise<string[]> } })
						.BarcodeDetector;
					return Native ? (await Native.getSupportedFormats()).includes('qr_code') : false;
				});
				assert.equal(
					native,
					false,
					`${engine.name} reads QR codes natively: this test would not reach ZXing`
				);
				await tablet.tap('button', 'Datei');
				await tablet.tab.upload(await tablet.find('file', 'Austauschdatei wählen (.wbsync)'), picture);
				await tablet.waitText(TABLE_CODE_JOINED);
				await tablet.waitText('Foto-Pokal');
				assert.match(await tablet.text('main'), /Anna[\s\S]*Ben[\s\S]*Cara/);
			} finally {
				rmSync(folder, { recursive: true, force: true });
			}
		}
	}
];
