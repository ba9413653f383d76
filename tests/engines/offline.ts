import assert from 'node:assert/strict';
import { TablePage } from './pages/TablePage';
import { shots, type EngineTest } from './suite';
import { playExample } from './table';

/** Item 3: after the first visit the service worker serves the app with the network cut. */
export const offlineTests: EngineTest[] = [
	{
		name: 'offline: the service worker serves the app, and a round is started, scored and confirmed',
		async run({ engine, baseURL, cutNetwork }) {
			const tab = await engine.tab();
			const table = new TablePage(tab);
			await tab.goto(`${baseURL}/`);
			await table.until(
				() => tab.run(() => navigator.serviceWorker?.controller?.scriptURL ?? '').then((url) => url !== ''),
				'the service worker to control the page',
				30_000
			);
			await table.waitText('funktioniert auch ohne Netz');
			// The note lies over the screen's bottom corner: putting it away moves nothing (in the flow, it
			// pushed the screen down when it came, a moment after the first visit began, under a finger).
			const headingAt = () => tab.run(() => document.querySelector('h1')?.getBoundingClientRect().top ?? -1);
			await shots(tab, engine.name, 'offline-note');
			const withNote = await headingAt();
			await table.dismissBanners();
			await table.until(
				() => tab.run(() => !document.body.innerText.includes('funktioniert auch ohne Netz')),
				'the note to go'
			);
			assert.equal(await headingAt(), withNote, 'the heading stays where it was when the note goes');

			await cutNetwork();
			assert.equal(
				await fetch(`${baseURL}/`).then(
					() => 'answered',
					() => 'cut'
				),
				'cut'
			);
			await playExample(table, baseURL);
			await table.confirm();
			assert.match(await table.text('main'), /Ergebnis bestätigt\./);
			await tab.reload();
			await table.waitText('Ergebnis bestätigt.');
		}
	}
];
