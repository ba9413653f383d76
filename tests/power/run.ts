// The power-cut test: `npm run test:power -- --cuts N --engine chromium|firefox|webkit [--seed S]
// [--break relaxed|early]`. The desk's and the tablet's browser profiles lie on lazyfs mounts (a disk that
// keeps only what was synced). A tournament round is played through — the desk creates the tournament and
// opens round 1, the tablet joins by the table code, plays the notation example by taps (purchases, bonuses,
// a wrong tap taken back, a correction, the round's end), confirms and hands the result in, the desk takes it
// — and cut at random moments: between taps, in the middle of a commit, while the screen says „Speichert …“.
// After each cut the device starts again on what its disk kept, and every turn and result it had shown as
// saved must be there, none twice, the sheet's totals the command line's, nothing asking for repairs. The last
// line: `power: <engine> N cuts, C confirmed turns, L lost, D doubled, U unopenable` (exit 1 unless all 0).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom, type Random } from '../../src/lib/domain/random';
import { buildApp, serveApp } from '../e2e/global-setup';
import { buildBroken, BREAKS, type Break } from './broken';
import { POWER_ENGINES, type PowerEngine } from './browsers';
import { DeskFlow } from './desk';
import { PowerCut, PowerDevice, type CutPlan } from './devices';
import { keepEvidence, within } from './evidence';
import { TabletFlow } from './tablet';
import type { LazyNames } from './lazyfs';
import { engineProgress, writeProgress, type EngineProgress } from './progress';
import { Tally, trace } from './tally';

interface Options {
	readonly cuts: number;
	/** When a new name becomes durable on the test's disk (see lazyfs.py); `ordered`, as ext4, unless told. */
	readonly names: LazyNames;
	readonly engines: readonly PowerEngine[];
	readonly seed: string;
	readonly broken: Break | null;
	/** The run's progress file, written after every cut's check (see progress.ts). */
	readonly progress: string;
	/** When the run ends after the cut it is checking, whatever the count (ms since 1970; --until ISO time). */
	readonly until: number;
}

function options(argv: readonly string[]): Options {
	const value = (name: string) => {
		const at = argv.indexOf(name);
		return at >= 0 ? argv[at + 1] : undefined;
	};
	const cuts = Number(value('--cuts') ?? 20);
	if (!Number.isInteger(cuts) || cuts < 1) throw new Error('--cuts N: a whole number of cuts, at least 1');
	const engines = (value('--engine') ?? POWER_ENGINES.join(',')).split(',') as PowerEngine[];
	for (const engine of engines)
		if (!POWER_ENGINES.includes(engine))
			throw new Error(`--engine ${POWER_ENGINES.join('|')}, not ${engine}`);
	const broken = (value('--break') ?? null) as Break | null;
	if (broken !== null && !(broken in BREAKS))
		throw new Error(`--break ${Object.keys(BREAKS).join('|')}, not ${broken}`);
	const names = (value('--names') ?? 'ordered') as LazyNames;
	if (names !== 'ordered' && names !== 'posix') throw new Error(`--names ordered|posix, not ${names}`);
	const seed = value('--seed') ?? 'power-2026';
	const progress =
		value('--progress') ??
		join('bench-results', 'power', `${[seed, broken, engines.join('+')].filter(Boolean).join('-')}.json`);
	const until = value('--until') ? Date.parse(value('--until')!) : Infinity;
	if (Number.isNaN(until))
		throw new Error(`--until: a time such as 2026-11-27T14:15Z, not ${value('--until')}`);
	return { cuts, engines, seed, broken, names, progress, until };
}

/**
 * The most tablet steps (joining, the round's start, a tap, the result's confirmation, the hand-in) before an
 * armed cut's clock starts. A round has about 60 steps: a cut comes every few taps, so one scripted round (and
 * its tournament's setup, hand-in and collection) carries about ten cuts rather than one or two.
 */
const TABLET_STEPS = 10;
/** The share of the desk's phases (setting up, collecting) that are cut: the round's taps get most cuts. */
const DESK_SHARE = 0.5;

/**
 * The next cut, or none for this phase: after a random number of the device's steps, by the clock (anywhere:
 * between taps, mid-tap, mid-render) or at a sync a few syncs on (in the middle of a commit). The desk's work
 * is a few long steps: its clock runs longer, its sync count goes further.
 */
function nextPlan(random: Random, role: 'desk' | 'tablet'): CutPlan | null {
	if (role === 'desk' && random.next() >= DESK_SHARE) return null;
	const [skip, longest, syncs] = role === 'tablet' ? [random.int(TABLET_STEPS), 1000, 3] : [0, 8000, 20];
	return random.next() < 0.55
		? { skip, kind: 'timer', ms: Math.floor(random.next() * longest) }
		: { skip, kind: 'sync', n: 1 + random.int(syncs) };
}

/** How many steps a run takes again after a failure of the harness (a wait run out) before it gives up. */
const HARNESS_RETRIES = Number(process.env.WB_POWER_RETRIES ?? 0);

/** Enough cuts: the run ends after the cut it has just checked. */
class Enough extends Error {}

/** Runs in the page: whether a tap is on its way to disk, and whether the screen says „Speichert …“. */
function writing(): { pending: boolean; saying: boolean } {
	const main = document.querySelector('main.table-screen');
	return {
		pending: !!main && main.getAttribute('data-pending') !== '0',
		saying: !!document.querySelector('p.save.saving')
	};
}

/** The engine being run and its figures so far: a run stopped from outside still says what it saw. */
let running: { engine: PowerEngine; tally: Tally } | null = null;

/** What the run's progress file says: every engine's figures as they stood at its latest check. */
const engines: Record<string, EngineProgress> = {};
const runStarted = new Date().toISOString();

async function runEngine(engine: PowerEngine, settings: Options, baseURL: string): Promise<Tally> {
	const tally = new Tally();
	running = { engine, tally };
	const random = seededRandom(`${settings.seed}:${engine}`);
	const folder = mkdtempSync(join(tmpdir(), `wb-power-${engine}-`));
	const desk = new PowerDevice('desk', engine, join(folder, 'desk'), random, settings.names);
	const tablet = new PowerDevice('tablet', engine, join(folder, 'tablet'), random, settings.names);
	const started = Date.now();
	let rounds = 0;
	/**
	 * Writes the progress file after each cut's check, so a run stopped from outside counts what it did: only
	 * then, as every turn confirmed so far has had a cut and a check after it.
	 */
	const note = (finished: boolean) => {
		engines[engine] = engineProgress(tally, rounds, (Date.now() - started) / 1000, finished);
		save();
	};
	const save = () =>
		writeProgress(settings.progress, {
			seed: settings.seed,
			broken: settings.broken,
			names: settings.names,
			started: runStarted,
			updated: new Date().toISOString(),
			engines
		});
	// Stopped from outside (Ctrl-C, a timeout): no browser or file system of this run stays behind.
	const stop = () => {
		desk.stopNow();
		tablet.stopNow();
	};
	process.once('exit', stop);

	/**
	 * Keeps the device's page (`page`: a screenshot, its address and text) and disk after a step, a start or
	 * a check that failed for a reason other than a cut, and says where.
	 */
	async function keepAfterFailure(device: PowerDevice, why: string, error: unknown, page = true) {
		const said = error instanceof Error ? (error.stack ?? error.message) : String(error);
		try {
			const kept = await keepEvidence(device, why, [`${device.role}: ${said}`], page);
			console.log(`  the ${device.role}'s page and disk at this failure are kept in ${kept}`);
		} catch (failure) {
			console.log(`  the ${device.role}'s page and disk could not be kept: ${String(failure)}`);
		}
	}

	/** Runs `work` on `device` with cuts armed; after each cut: a new start and `verify`. */
	async function withCuts<T>(device: PowerDevice, work: () => Promise<T>, verify: () => Promise<void>) {
		for (;;) {
			if (!device.armed && tally.cuts < settings.cuts) {
				const plan = nextPlan(random, device.role);
				if (plan) device.arm(plan);
			}
			try {
				// An armed cut that has not come stays armed: it may come in the device's next phase or while it
				// waits for the other device (a cut after the result was shown as taken).
				return await device.run(work);
			} catch (error) {
				if (!(error instanceof PowerCut)) {
					// The harness, not the app: a screen that did not show in time on a loaded machine. The work goes
					// on from what the device has stored (every flow does), a few times, before the run gives up.
					// What the page showed and the disk held stay for a look: a wait that ran out may be the app's.
					await keepAfterFailure(device, 'step', error);
					if (++tally.retries > HARNESS_RETRIES) throw error;
					console.log(
						`  ${device.role}: ${error instanceof Error ? error.message : error}; the step again (${tally.retries} of ${HARNESS_RETRIES})`
					);
					continue;
				}
			}
			trace(`${device.role}: frozen`);
			// Cut while a tap is being written: now and then only once the screen says „Speichert …“.
			let moment: 'between' | 'commit' | 'saving' | 'desk' = 'desk';
			if (device.role === 'tablet') {
				const seen = (await within(device.browser.tab.run(writing), 2000)) ?? {
					pending: false,
					saying: false
				};
				moment = seen.pending ? 'commit' : 'between';
				if (seen.pending && random.next() < 0.5) {
					const end = Date.now() + 1500;
					while (Date.now() < end) {
						const now = await within(device.browser.tab.run(writing), 1000);
						if (now?.saying) {
							moment = 'saving';
							break;
						}
						await new Promise((done) => setTimeout(done, 25));
					}
				}
			}
			trace(`${device.role}: cut (${moment})`);
			const report = await device.cut();
			tally.cuts++;
			tally.moments[moment]++;
			console.log(
				`  cut ${tally.cuts} (${tally.confirmedTurns} turns confirmed so far; ${device.role}, ${report.moment === 'sync' ? 'at a sync' : 'by the clock'}, ${moment}): ` +
					`dropped ${report.lost?.files ?? '?'} files' unsynced bytes, ${report.lost?.directories ?? '?'} directories' entries`
			);
			// A browser that did not start in time on a loaded machine (the harness's wait, not the app): its disk
			// is cut once more (as a device that dies while it boots) and it is started again, a few times.
			for (;;) {
				try {
					await device.start();
					break;
				} catch (error) {
					await keepAfterFailure(device, 'start', error, false);
					if (++tally.retries > HARNESS_RETRIES) throw error;
					console.log(
						`  ${device.role}: ${error instanceof Error ? error.message : error}; started again (${tally.retries} of ${HARNESS_RETRIES})`
					);
					await device.close();
				}
			}
			trace(`${device.role}: started again`);
			const seen = tally.notes.length;
			await verify().catch(async (error: unknown) => {
				await keepAfterFailure(device, 'verify', error);
				throw error;
			});
			if (tally.notes.length > seen) {
				// What the disk held at this cut stays for a look, with the syncs the device's file system saw before
				// the cut (which files were made durable, and when) and what its page shows now.
				const kept = await keepEvidence(device, 'check', tally.notes.slice(seen), true);
				console.log(`  the ${device.role}'s disk after cut ${tally.cuts} is kept in ${kept}`);
			}
			note(tally.cuts >= settings.cuts);
			if (Date.now() >= settings.until) {
				console.log(`  the time given by --until has come: the run ends after ${tally.cuts} cuts`);
				throw new Enough();
			}
			if (tally.cuts >= settings.cuts) throw new Enough();
		}
	}

	try {
		// Both devices start at once (each its own disk and browser): the browsers' start-up is most of a short run.
		await Promise.all([desk.start(), tablet.start()]);
		console.log(
			`${engine} ${tablet.browser.version}: ${settings.cuts} cuts, seed ${settings.seed}, names ${settings.names}`
		);
		// The last round's desk and the totals it took: a cut in the next round's setup checks that round's
		// result is still taken.
		let taken: { flow: DeskFlow; points: ReadonlyMap<string, number> } | null = null;
		for (let cycle = 1; ; cycle++) {
			const name = `Stromausfall ${cycle}`;
			const deskFlow = new DeskFlow(desk, baseURL, name, tally);
			const before = taken;
			const code = await withCuts(
				desk,
				() => deskFlow.toTableCode(),
				async () => {
					await before?.flow.verify(before.points);
					await deskFlow.verify(null);
				}
			);
			const tabletFlow = new TabletFlow(tablet, baseURL, name, code, tally);
			const result = await withCuts(
				tablet,
				() => tabletFlow.toHandIn(),
				() => tabletFlow.verify()
			);
			const points = await tabletFlow.finalTotals();
			await withCuts(
				desk,
				() => deskFlow.collect(result),
				() => deskFlow.verify(points)
			);
			taken = { flow: deskFlow, points };
			rounds = cycle;
			console.log(`  round ${cycle} handed in and taken (${tally.cuts} cuts so far)`);
		}
	} catch (error) {
		if (!(error instanceof Enough)) {
			// The harness failed (not the app: a browser that did not start, a page that did not load in time on
			// a loaded machine). The figures stay as at the last check; the file says why the run ended.
			const last = engines[engine] ?? engineProgress(new Tally(), 0, 0, false);
			engines[engine] = { ...last, error: error instanceof Error ? error.message : String(error) };
			save();
			throw error;
		}
	} finally {
		process.off('exit', stop);
		trace('the run ends');
		await desk.close();
		await tablet.close();
		rmSync(folder, { recursive: true, force: true });
	}
	console.log(
		`  ${engine}: ${tally.moments.between} cuts between taps, ${tally.moments.commit} mid-commit, ` +
			`${tally.moments.saving} while „Speichert …“ showed, ${tally.moments.desk} at the desk; ` +
			`${tally.confirmedResults} results taken; ${((Date.now() - started) / 1000).toFixed(0)} s`
	);
	return tally;
}

async function main(): Promise<number> {
	const settings = options(process.argv.slice(2));
	// Every sync is traced with its path (lazyfs.py): a cut that loses something keeps the syncs before it.
	process.env.LAZYFS_TRACE_SYNCS ??= '1';
	if (settings.broken) process.env.WB_BUILD_DIR = buildBroken(settings.broken);
	else buildApp();
	// On a loaded machine the server may not answer within serveApp's wait (30 s): a few times more.
	let serving = serveApp();
	for (let again = 0; again < 4; again++) serving = serving.catch(() => serveApp());
	const server = await serving;
	const lines: string[] = [];
	let failed = false;
	try {
		for (const engine of settings.engines) {
			const tally = await runEngine(engine, settings, server.baseURL);
			failed ||= tally.failed;
			lines.push(tally.line(engine));
		}
	} finally {
		await server.stop();
	}
	if (settings.broken)
		console.log(`(a build with the "${settings.broken}" break: ${BREAKS[settings.broken].to})`);
	for (const line of lines) console.log(line);
	console.log(`(progress: ${settings.progress})`);
	return failed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
	process.once(signal, () => {
		if (running) console.log(`${running.tally.line(running.engine)} (stopped by ${signal})`);
		process.exit(130);
	});

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		// 2, not 1: the run could not go on, which says nothing about what the app kept.
		console.error(error);
		process.exit(2);
	}
);
