import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateBomb, hostileBackup } from '../../src/lib/protocol/bounds-testing';
import { Screen } from './pages/Screen';
import { sleep, type EngineTest } from './suite';

/** The sizes a refusal is looked at in (WB_SHOTS): iPads landscape and portrait, an older iPad, a phone. */
const SIZES = [
	[1180, 820],
	[820, 1180],
	[1024, 768],
	[390, 844]
] as const;

/** Issue 24, item 5: a file past a bound is refused before the work, in this engine too. */
export const boundsTests: EngineTest[] = [
	{
		name: 'bounds: restore refuses a backup whose log would inflate to a gigabyte, after 16 MB of it',
		async run({ engine, baseURL }) {
			const folder = mkdtempSync(join(tmpdir(), 'wb-bomb-'));
			try {
				const path = join(folder, 'sicherung.wbsync');
				const file = { tournamentId: 't-hostile0000000000', rows: [], roundEvents: 0 };
				writeFileSync(path, await hostileBackup({ ...file, compressedLog: deflateBomb(1024) }));
				const screen = new Screen(await engine.tab());
				await screen.tab.goto(`${baseURL}/turnier`);
				await screen.dismissBanners();
				const input = await screen.find('file', 'Datei wählen (.wbsync oder .json)');
				// The input is hidden behind its button; WebKitWebDriver chooses files only for a shown input.
				await screen.tab.run((css: string) => {
					document.querySelector(css)?.classList.remove('visually-hidden');
				}, input);
				const start = Date.now();
				await screen.tab.upload(input, path);
				await screen.waitText('Zu groß für eine Turnierdatei: mehr als 16.000.000 Bytes.');
				const took = Date.now() - start;
				assert.ok(took < 20_000, `refused after ${took} ms`);
				await screen.tab.run((css: string) => {
					document.querySelector(css)?.classList.add('visually-hidden');
				}, input);
				const shotsIn = process.env.WB_SHOTS;
				if (!shotsIn) return;
				mkdirSync(shotsIn, { recursive: true });
				for (const [width, height] of SIZES) {
					await screen.tab.resize(width, height);
					await screen.dismissBanners();
					await sleep(300);
					await screen.tab.run(() =>
						document.querySelector('[role=alert]')?.scrollIntoView({ block: 'center' })
					);
					await screen.tab.screenshot(join(shotsIn, `${engine.name}-bounds-restore-${width}x${height}.png`));
				}
			} finally {
				rmSync(folder, { recursive: true, force: true });
			}
		}
	}
];
