import type { Page } from 'playwright-core';

/**
 * Every row of every object store of the app's IndexedDB, as text (read directly, not through the app):
 * two snapshots equal means a refusal stored nothing. Bytes are written out as numbers.
 */
export function storeSnapshot(page: Page): Promise<string> {
	return page.evaluate(
		() =>
			new Promise<string>((resolve, reject) => {
				const open = indexedDB.open('wertungsblatt');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const database = open.result;
					const names = [...database.objectStoreNames].sort();
					const dump: Record<string, unknown[]> = {};
					if (!names.length) return (database.close(), resolve('{}'));
					const tx = database.transaction(names, 'readonly');
					for (const name of names) {
						const all = tx.objectStore(name).getAll();
						all.onsuccess = () => (dump[name] = all.result);
					}
					tx.oncomplete = () => {
						database.close();
						resolve(
							JSON.stringify(dump, (_key, value: unknown) =>
								value instanceof Uint8Array ? Array.from(value) : value
							)
						);
					};
					tx.onerror = () => (database.close(), reject(tx.error));
				};
			})
	);
}

/** The version number of the app's IndexedDB as the browser holds it (Dexie's schema version n is 10·n). */
export function storedVersion(page: Page): Promise<number> {
	return page.evaluate(
		() =>
			new Promise<number>((resolve, reject) => {
				const open = indexedDB.open('wertungsblatt');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const { version } = open.result;
					open.result.close();
					resolve(version);
				};
			})
	);
}

/**
 * Runs in the page (Playwright's `evaluate`, the engine suite's `run`): deletes the `index`-th stored event
 * of `stream` with plain IndexedDB, as a power cut lost it in Chromium while later ones stayed (issue 28).
 * `copy`: whether the copy of it in the device's last events (db/copies.ts) stayed, so that the app puts
 * the event back when it opens, or was lost too, so that the app can only tell the loss (db/holes.ts).
 */
export function loseEvent([stream, index, copy]: readonly [string, number, 'kept' | 'lost']): Promise<void> {
	return new Promise((done, fail) => {
		const open = indexedDB.open('wertungsblatt');
		open.onerror = () => fail(open.error);
		open.onsuccess = () => {
			const database = open.result;
			const write = database.transaction(['events', 'meta'], 'readwrite');
			const events = write.objectStore('events');
			const meta = write.objectStore('meta');
			const keys = events
				.index('[stream+seq]')
				.getAllKeys(IDBKeyRange.bound([stream, 0], [stream, Infinity]));
			keys.onsuccess = () => {
				const id = (keys.result as string[])[index]!;
				events.delete(id);
				if (copy === 'kept') return;
				const copies = meta.get('recent-events');
				copies.onsuccess = () => {
					const row = copies.result as { key: string; value: { id: string }[] } | undefined;
					if (row) meta.put({ ...row, value: row.value.filter((event) => event.id !== id) });
				};
			};
			write.oncomplete = () => (database.close(), done());
			write.onerror = () => fail(write.error);
		};
	});
}
