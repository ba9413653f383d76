import assert from 'node:assert/strict';
import { openOtherSite, type OtherSite } from '../e2e/other-site';
import type { Tab } from './driver';
import { TablePage } from './pages/TablePage';
import { sleep, type EngineTest } from './suite';

/** What the page was like after Back: the same page (not loaded again), from the cache, any notice. */
interface Return {
	stayed: boolean;
	restored: boolean;
	notice: string;
}

/** Leaves the shown page for another site by a full navigation and comes back with Back. */
async function leaveAndReturn(
	table: TablePage,
	tab: Tab,
	elsewhere: OtherSite,
	shows: string
): Promise<Return> {
	// A scorer mid-round has had the app for a while: its service worker controls the page. (A worker that
	// takes control while the page sits in the cache evicts it, and Back is then a reload.)
	await table.until(
		() => tab.run(() => navigator.serviceWorker?.controller != null),
		'the service worker in control'
	);
	await tab.run(() => {
		Object.assign(window, { __stayed: true, __restored: false });
		addEventListener('pageshow', (event) => Object.assign(window, { __restored: event.persisted }));
	});
	await tab.goto(elsewhere.url);
	await table.waitText('Anderswo');
	await sleep(500); // the app's page sits in the cache meanwhile
	await tab.back();
	await table.until(
		() => tab.run((css: string) => document.querySelector(css) !== null, shows),
		'the app again'
	);
	await sleep(800); // the reload came about 10 ms after the return
	return tab.run(() => {
		const seen = window as unknown as { __stayed?: boolean; __restored?: boolean };
		return {
			stayed: seen.__stayed ?? false,
			restored: seen.__restored ?? false,
			notice: document.querySelector('[role="alertdialog"]')?.textContent ?? ''
		};
	});
}

/** Item 6: a full navigation away and Back, the engine's back-forward cache on as shipped. */
export const bfcacheTests: EngineTest[] = [
	{
		name: 'leaving by a full navigation and coming back with Back: no reload, no notice, play goes on',
		async run({ engine, baseURL }) {
			const elsewhere = await openOtherSite();
			try {
				const tab = await engine.tab();
				const table = new TablePage(tab);
				const id = await table.startRound(baseURL, ['Anna', 'Ben', 'Cara'], 'Anna');
				await table.playTurn('7');
				const saved = await table.waitSaved();

				// The start page lists the rounds from the database: the page comes back from the cache as it was.
				await tab.goto(`${baseURL}/`);
				await table.waitText('Anna');
				assert.deepEqual(await leaveAndReturn(table, tab, elsewhere, 'main'), {
					stayed: true,
					restored: true,
					notice: ''
				});

				// The round itself: an engine may keep it out of the cache (Firefox 153 does); either way it comes
				// back without a notice and the next tap is saved.
				await tab.goto(`${baseURL}/runde/${id}`);
				await table.waitSaved();
				const round = await leaveAndReturn(table, tab, elsewhere, 'main.table-screen');
				assert.equal(round.notice, '');
				assert.equal(
					round.stayed,
					round.restored,
					'the page is the cached one, or loaded anew, never reloaded'
				);
				console.log(`    the round page came back ${round.restored ? 'from the cache' : 'by a new load'}`);
				await table.playTurn('d d 5');
				assert.ok((await table.waitSaved()) > saved, 'the turn after the return is saved');
			} finally {
				await elsewhere.close();
			}
		}
	}
];
