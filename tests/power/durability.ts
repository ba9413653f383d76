// What each engine's IndexedDB makes durable (issue 28): the browser's profile on the power-cut disk
// (tests/power/lazyfs.py, every sync traced with its path), N one-row transactions with
// `durability: 'strict'`, then N with `'relaxed'`, each awaited until `complete`; the power is cut right after
// the last one and the browser started again on what the disk kept; then cut again a few times soon after
// each new start, with no write between. Per engine it prints the files its commits sync, the syncs per
// strict and per relaxed commit, what its new start syncs, and how many rows of each kind came back.
// It shows whether the power-cut test can see a commit that was not made durable in that engine at all: a
// relaxed row can only be lost where a relaxed commit syncs less than a strict one.
//
// Run: npm run bench -- durability, or xvfb-run -a tsx tests/power/durability.ts (WB_POWER_ENGINES=webkit,
// WB_POWER_WRITES=5, WB_POWER_CUTS_AGAIN=3; it needs a build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveBuild } from '../../scripts/bench-helpers';
import { POWER_ENGINES, startOn, type PowerEngine, type ProfileDevice } from './browsers';
import { LazyMount } from './lazyfs';
import { whenGone } from '../engines/processes';

const engines = (process.env.WB_POWER_ENGINES ?? POWER_ENGINES.join(',')).split(',') as PowerEngine[];
const writes = Number(process.env.WB_POWER_WRITES ?? 5);
/** Cuts after the first with no write between them (WB_POWER_CUTS_AGAIN). */
const cutsAgain = Number(process.env.WB_POWER_CUTS_AGAIN ?? 3);
process.env.LAZYFS_TRACE_SYNCS = '1';

/** Runs in the page: opens (or makes) the probe database and resolves with the keys it holds. */
function keys(): Promise<string[]> {
	return new Promise((done, fail) => {
		const open = indexedDB.open('durability-probe', 1);
		open.onupgradeneeded = () => open.result.createObjectStore('rows');
		open.onerror = () => fail(open.error);
		open.onsuccess = () => {
			const request = open.result.transaction('rows').objectStore('rows').getAllKeys();
			request.onsuccess = () => {
				open.result.close();
				done((request.result as string[]).sort());
			};
			request.onerror = () => fail(request.error);
		};
	});
}

/** Runs in the page: writes one row with the given durability; resolves at the transaction's `complete`. */
function put(key: string, durability: 'strict' | 'relaxed'): Promise<void> {
	return new Promise((done, fail) => {
		const open = indexedDB.open('durability-probe', 1);
		open.onupgradeneeded = () => open.result.createObjectStore('rows');
		open.onerror = () => fail(open.error);
		open.onsuccess = () => {
			const transaction = open.result.transaction('rows', 'readwrite', { durability });
			transaction.objectStore('rows').put({ key, at: Date.now(), pad: 'x'.repeat(200) }, key);
			transaction.oncomplete = () => {
				open.result.close();
				done();
			};
			transaction.onerror = () => fail(transaction.error);
		};
	});
}

async function start(engine: PowerEngine, fs: LazyMount, baseURL: string): Promise<ProfileDevice> {
	const browser = await startOn(engine, fs.folder('profile'));
	await browser.tab.goto(`${baseURL}/`);
	return browser;
}

async function probe(engine: PowerEngine, baseURL: string): Promise<void> {
	const folder = mkdtempSync(join(tmpdir(), `wb-power-durability-${engine}-`));
	try {
		let fs = await LazyMount.mount(join(folder, 'backing'), join(folder, 'mnt'), 'ordered');
		let browser = await start(engine, fs, baseURL);
		await browser.tab.run(keys);
		// The browser's own start-up syncs (settings, caches) die down before the commits are counted.
		await new Promise((done) => setTimeout(done, 3000));
		const perCommit: Record<'strict' | 'relaxed', number[]> = { strict: [], relaxed: [] };
		const paths = new Map<string, number>();
		for (const durability of ['strict', 'relaxed'] as const) {
			for (let n = 0; n < writes; n++) {
				const before = fs.syncs.length;
				await browser.tab.run(put, `${durability}-${n}`, durability);
				const during = fs.syncs.slice(before);
				perCommit[durability].push(during.length);
				for (const sync of during) {
					const path = sync.path.replace(/\/\d+(\.\w+)$/, '/<n>$1');
					const name = `${sync.what} ${path}${durability === 'relaxed' ? ' (relaxed)' : ''}`;
					paths.set(name, (paths.get(name) ?? 0) + 1);
				}
			}
		}
		/** The power cut: the browser killed, what was not synced dropped, the browser started on the rest. */
		const restart = async () => {
			fs.freeze();
			const killed = browser.kill();
			await fs.cut();
			await whenGone(killed);
			await browser.forget();
			fs = await LazyMount.mount(join(folder, 'backing'), join(folder, 'mnt'), 'ordered');
			browser = await start(engine, fs, baseURL);
			return browser.tab.run(keys);
		};
		// The first cut comes at once after the last relaxed commit.
		const kept = await restart();
		const back = (rows: readonly string[], durability: string) =>
			rows.filter((key) => key.startsWith(durability)).length;
		const recovery = [...new Set(fs.syncs.map((sync) => `${sync.what} ${sync.path}`))];
		// Then cuts with no write between them, each soon after the browser's new start (while it may still
		// be tidying up its storage from the last one): what the store held must stay.
		const again: number[] = [];
		for (let cut = 0; cut < cutsAgain; cut++) {
			await new Promise((done) => setTimeout(done, (cut * 700) % 3000));
			again.push(back(await restart(), 'strict'));
		}
		console.log(`${engine} ${browser.version}:`);
		for (const [name, count] of [...paths].sort()) console.log(`  ${count}× ${name}`);
		console.log(
			`  syncs per commit: strict ${perCommit.strict.join(' ')}; relaxed ${perCommit.relaxed.join(' ')}`
		);
		console.log(`  synced at the new start after the cut: ${recovery.join(', ') || 'nothing'}`);
		console.log(`  strict rows after each further cut with no write: ${again.join(' ') || '-'}`);
		console.log(
			`power-durability: ${engine} strict ${back(kept, 'strict')}/${writes} kept, relaxed ${back(kept, 'relaxed')}/${writes} kept after the cut` +
				(again.length
					? `, strict ${Math.min(...again)}/${writes} at the least after ${again.length} more cuts`
					: '')
		);
		const killedAgain = browser.kill();
		await fs.cut().catch(() => null);
		await whenGone(killedAgain).catch(() => {});
		await browser.forget();
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

const server = await serveBuild().catch(() => serveBuild());
let failed = false;
try {
	for (const engine of engines)
		await probe(engine, server.baseURL).catch((error: unknown) => {
			failed = true;
			console.error(`${engine}:`, error);
		});
} finally {
	server.stop();
}
process.exit(failed ? 1 : 0);
