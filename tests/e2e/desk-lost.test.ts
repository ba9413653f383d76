// Issue 28: Chromium's storage may lose a committed entry after a power cut while keeping a later one
// (LevelDB's old log unsynced at a log switch, google/leveldb#193). At the desk that could be a result
// taken, a registration or a draw: the desk says so until the director has checked the tournament.
import { describe, expect, it } from 'vitest';
import { openDirector } from './pages/directorDesk';
import { useChromium } from './pages/devices';
import { HiddenTextGuard } from './pages/guard';
import { loseEvent } from './pages/stores';

describe('desk: an entry storage lost while a later one stayed', () => {
	const chromium = useChromium();

	it('asks the director to check the tournament, and no longer once it is checked', async () => {
		const { context, page, desk } = await openDirector(chromium);
		const id = await desk.create(/^Triominos-Qualifikation/, 'Stromausfall-Pokal');
		// One registration at a time: each is its own write, so a later one stays when one is lost.
		for (const name of ['Anna', 'Ben', 'Cara', 'Dirk']) await desk.quickAdd(name);
		const alert = page.getByRole('alertdialog', { name: 'Ein Eintrag fehlt' });
		expect(await alert.count()).toBe(0);

		// The tournament's creation, then Anna, Ben, Cara, Dirk: Ben's registration is lost, and its copy.
		await page.evaluate(loseEvent, [id, 2, 'lost'] as const);
		await page.reload();
		await alert.waitFor();
		expect(await alert.innerText()).toContain('fehlt ein gespeicherter Eintrag dieses Turniers');
		const guard = new HiddenTextGuard();
		await guard.look(page, 'lost entry at the desk');
		expect(guard.findings).toEqual([]);
		await alert.getByRole('button', { name: 'Turnier jetzt prüfen' }).click();
		await alert.waitFor({ state: 'detached' });
		// What the director then sees: Ben is not registered, and can be entered again.
		await desk.registered('Cara').waitFor();
		expect(await desk.registered('Ben').count()).toBe(0);
		await desk.quickAdd('Ben');

		await page.reload();
		await page.getByRole('heading', { name: 'Stromausfall-Pokal' }).waitFor();
		await desk.registered('Ben').waitFor();
		expect(await alert.count()).toBe(0);
		await context.close();
	});
});
