import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PowerDevice } from './devices';

/**
 * Copies the folder `from` into `to` while the browser on it still runs: a file it removes meanwhile is
 * left out rather than ending the run.
 */
function copyLive(from: string, to: string): void {
	for (const entry of readdirSync(from, { withFileTypes: true })) {
		const [source, target] = [join(from, entry.name), join(to, entry.name)];
		try {
			if (entry.isDirectory()) {
				mkdirSync(target, { recursive: true });
				copyLive(source, target);
			} else if (entry.isFile()) cpSync(source, target);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			// Gone meanwhile, or a file system that froze or was cut under the copy: what was copied stays.
			if (code !== 'ENOENT' && code !== 'EIO' && code !== 'ENOTCONN') throw error;
		}
	}
}

/** `work`'s answer, or null when it has none within `ms` (a page may hang once its disk froze). */
export function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
	work.catch(() => {});
	return Promise.race([
		work.catch(() => null),
		new Promise<null>((done) => setTimeout(() => done(null), ms))
	]);
}

/** Runs in the page: where it is, what it shows, and which databases the origin has. */
async function pageState(): Promise<{ url: string; title: string; text: string; databases: unknown }> {
	const databases = await Promise.race([
		indexedDB.databases?.().catch((error: unknown) => String(error)) ?? Promise.resolve('not listed'),
		new Promise((done) => setTimeout(() => done('no answer within 5 s'), 5000))
	]);
	return {
		url: location.href,
		title: document.title,
		text: document.body?.innerText ?? '(no body)',
		databases
	};
}

/**
 * Keeps what a device showed and held when something went wrong, in a new folder under the system's
 * temporary folder (named `wb-power-evidence-<engine>-<cut>-<why>-…`): `backing/` the disk as a cut would
 * leave it (`lazyfs.py export backing FOLDER` makes it plain files), the syncs before the last cut, and —
 * with `page` — `screen.png` and `page.txt` (address, title, visible text, the origin's databases) of the
 * device's page now, and `mounted/`, the profile as the running browser sees it (unsynced writes too).
 * Returns the folder. Every part that does not answer within a few seconds is left out: the page of a
 * browser whose disk froze may hang.
 */
export async function keepEvidence(
	device: PowerDevice,
	why: string,
	notes: readonly string[],
	page: boolean
): Promise<string> {
	const kept = mkdtempSync(join(tmpdir(), `wb-power-evidence-${device.engine}-${device.cuts}-${why}-`));
	const lines = [...notes];
	if (page && device.browser) {
		const tab = device.browser.tab;
		const shot = await within(
			tab.screenshot(join(kept, 'screen.png')).then(() => true),
			15_000
		);
		if (!shot) lines.push('(no screenshot: the browser did not give one within 15 s)');
		const [state, url] = await Promise.all([within(tab.run(pageState), 15_000), within(tab.url(), 5000)]);
		writeFileSync(
			join(kept, 'page.txt'),
			state
				? `${state.url}\n${state.title}\ndatabases: ${JSON.stringify(state.databases)}\n\n${state.text}\n`
				: `${url ?? '(no address)'}\n(the page did not answer within 15 s)\n`
		);
		if (device.fs && device.fs.child.exitCode === null) copyLive(device.fs.mountpoint, join(kept, 'mounted'));
	}
	copyLive(device.fs.backing, join(kept, 'backing'));
	writeFileSync(
		join(kept, 'syncs.txt'),
		device.syncsBeforeCut
			.map(
				(sync) =>
					`${new Date(sync.at).toISOString()} ${sync.what}${sync.frozen ? ' (frozen)' : ''} ${sync.path}`
			)
			.join('\n') + `\n${lines.join('\n')}\n`
	);
	return kept;
}
