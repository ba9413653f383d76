// A crowd on the live page: N spectators follow one tournament and 200 another, on the tests' CouchDB-protocol
// server (express-pouchdb in memory, src/lib/publish/testing/couch-server.ts) on loopback (a public season),
// while the director publishes 5 rounds of a 60-player tournament. The floor, in the same run: the same
// rounds of a copy of that tournament published before any spectator arrives. Each spectator runs the live
// page's own follower (src/lib/live/follow.ts) behind a phone's HTTP cache of its own
// (live/testing/browser-cache-fetch.ts): the page asks with `cache: 'no-cache'`, so what reaches the server
// is what a browser sends for it — a GET with `Cache-Control: max-age=0` and, once the phone has a copy,
// `If-None-Match` with its ETag, answered 304 while nothing changed, and no preflight (OPTIONS). We know
// that is what a browser sends because tests/e2e/live.test.ts ("asks without a preflight") logs every
// request Chromium's live page sends to a server on another origin and checks exactly these headers, no
// OPTIONS and the 304s (tests/engines/live.ts: Firefox the same). The same parsing and signature check of
// each new revision as the page, done once per revision for the whole crowd (follow.ts, SharedReadings): a
// thousand phones read on a thousand processors, not one after the other on one core beside the server; one
// phone's reading time, measured in the same run, is added to every delay. The whole crowd is one child
// process (not the director's, so her publish is not slowed by the spectators' client work) on one
// keep-alive agent with node's own http client (live/testing/keep-alive-fetch.ts): node's fetch cost the
// crowd more CPU per question than the server.
// Run: npm run bench -- spectators [--spectators=1000] [--json]   (exit 1 when over a budget)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../src/lib/domain/result';
import { sampleTournament } from '../../src/lib/domain/tournament/sample';
import { readSpectator, spectatorId, spectatorSchema } from '../../src/lib/codecs/spectator';
import { spectatorVerifier } from '../../src/lib/publish/signing';
import { SpectatorFeed, type SharedReadings } from '../../src/lib/live/follow';
import { browserCacheFetch } from '../../src/lib/live/testing/browser-cache-fetch';
import type { Answers } from '../../src/lib/live/testing/counting-fetch';
import { keepAliveFetch } from '../../src/lib/live/testing/keep-alive-fetch';
import { database } from '../../src/lib/publish/couch';
import { startCouch } from '../../src/lib/publish/testing/couch-server';
import { publicSeason } from '../../src/lib/publish/testing/public-season';
import { publishable, roundByRound } from '../../src/lib/publish/testing/published';
import { quantile } from '../bench-helpers';

const BUDGET = { publishMs: 2_000, delayP95Ms: 3_000, errors: 0, otherWoken: 0 };
const OTHERS = 200;
/** Time between two publishes: every spectator has asked several times before the next. */
const BETWEEN_MS = 10_000;
/** How long the crowd takes to arrive (each spectator opens the page at a random moment in it). */
const ARRIVAL_MS = 4_000;

/** What the crowd process is told: the season, and how many follow which tournament. */
interface CrowdOrder {
	readonly url: string;
	readonly groups: readonly { readonly tournament: string; readonly count: number }[];
}

/** What one spectator saw: when each revision arrived (its publishedAt → ms since epoch). */
interface SpectatorLog {
	readonly seen: Record<string, number>;
	documents: number;
	failures: number;
}

interface CrowdReport {
	/** Per group, in the order given. */
	readonly groups: SpectatorLog[][];
	readonly answers: Answers;
	/** Failed questions by what failed (`unreachable: 10 s` is the follower's own timeout). */
	readonly failures: Record<string, number>;
	readonly cpuMs: number;
	/** The crowd's event loop: how late its timers and answers ran (p99, max), ms. */
	readonly lagP99Ms: number;
	readonly lagMaxMs: number;
	/** How long a question took from asking to the answer's headers, as the crowd saw it (p50, p95), ms. */
	readonly answerP50Ms: number;
	readonly answerP95Ms: number;
}

/** A failure as the report counts it: its code and, for a network failure, its cause. */
const failureKind = (problem: Problem): string =>
	problem.code === 'unreachable' ? `unreachable: ${String(problem.cause)}` : problem.code;

/** The crowd: each group's spectators open the page over ARRIVAL_MS and follow until told to report. */
function runCrowd(order: CrowdOrder): void {
	const answers: Answers = { notModified: 0, full: 0 };
	const failures: Record<string, number> = {};
	const agent = new Agent({ keepAlive: true, scheduling: 'lifo' });
	const asked = keepAliveFetch(agent, answers);
	const answerMs: number[] = [];
	const fetch: typeof asked = async (input, init) => {
		const start = performance.now();
		const answer = await asked(input, init);
		answerMs.push(performance.now() - start);
		return answer;
	};
	const lag = monitorEventLoopDelay({ resolution: 10 });
	lag.enable();
	const feeds: SpectatorFeed[] = [];
	// Each revision read once for the whole crowd (follow.ts, SharedReadings); one phone's reading time is
	// measured apart and added to every delay (readingCost).
	const readings: SharedReadings = new Map();
	const groups = order.groups.map(({ tournament, count }) =>
		Array.from({ length: count }, () => {
			const log: SpectatorLog = { seen: {}, documents: 0, failures: 0 };
			// Each phone its own HTTP cache, all on the crowd's one connection pool.
			const db = database(order.url, { fetch: browserCacheFetch(fetch) });
			if (!db.ok) throw new Error(JSON.stringify(db.error));
			setTimeout(() => {
				feeds.push(
					new SpectatorFeed(
						db.value,
						tournament,
						(news) => {
							if (news.kind === 'failed') {
								log.failures++;
								const kind = failureKind(news.problem);
								failures[kind] = (failures[kind] ?? 0) + 1;
							}
							if (news.kind !== 'document') return;
							log.documents++;
							log.seen[news.document.publishedAt] ??= Date.now();
						},
						{ shared: readings }
					)
				);
			}, Math.random() * ARRIVAL_MS);
			return log;
		})
	);
	process.send?.({ kind: 'started' });
	process.on('message', (message: { kind: string }) => {
		if (message.kind !== 'report') return;
		for (const feed of feeds) feed.stop();
		lag.disable();
		const usage = process.cpuUsage();
		const report: CrowdReport = {
			groups,
			answers,
			failures,
			cpuMs: (usage.user + usage.system) / 1000,
			lagP99Ms: lag.percentile(99) / 1e6,
			lagMaxMs: lag.max / 1e6,
			...(() => {
				const sorted = answerMs.sort((a, b) => a - b);
				return { answerP50Ms: quantile(sorted, 0.5), answerP95Ms: quantile(sorted, 0.95) };
			})()
		};
		process.send?.({ kind: 'report', report }, () => process.exit(0));
	});
}

/** CPU time (ms) and resident memory (bytes) of a process, from /proc. */
function processUse(pid: number): { cpuMs: number; rss: number } {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
	const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
	return { cpuMs: ticks * 10, rss };
}

/** Starts a crowd process and resolves once its spectators are on their way. */
function startCrowd(order: CrowdOrder): Promise<{ child: ChildProcess; report: () => Promise<CrowdReport> }> {
	const child = spawn(
		process.execPath,
		[
			// WB_CROWD_PROFILE=<folder>: the crowd's CPU profile (node --cpu-prof), to see what a crowd costs itself.
			...(process.env.WB_CROWD_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.WB_CROWD_PROFILE] : []),
			'--import',
			'tsx',
			fileURLToPath(import.meta.url),
			'--crowd',
			JSON.stringify(order)
		],
		{ stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }
	);
	process.once('exit', () => child.kill('SIGKILL'));
	const report = () =>
		new Promise<CrowdReport>((resolve, reject) => {
			child.on('message', (message: { kind: string; report?: CrowdReport }) => {
				if (message.kind === 'report' && message.report) resolve(message.report);
			});
			child.once('exit', (code) => reject(new Error(`crowd exited with ${code} before reporting`)));
			child.send({ kind: 'report' });
		});
	return new Promise((resolve, reject) => {
		child.once('message', () => resolve({ child, report }));
		child.once('exit', (code) => reject(new Error(`crowd exited with ${code}`)));
	});
}

/**
 * The calibration of a question's cost: this many conditional GETs of the followed document, so many at a
 * time, after as many not counted: a server's first 2,000 answers cost it twice what later ones do (its
 * code is not yet compiled by node's JIT), and a crowd asks hundreds of thousands.
 */
const CALIBRATION = { questions: 2_000, parallel: 10 };

/**
 * The server's CPU (ms) per conditional GET of the followed tournament's spectators' document, answered 304,
 * with nobody else asking: the request a browser sends for the live page (its HTTP cache's revalidation), on
 * a keep-alive connection; the first (warm-up) and the counted round.
 */
async function questionCost(url: string, pid: number): Promise<{ cold: number; warm: number }> {
	const answers: Answers = { notModified: 0, full: 0 };
	const fetch = keepAliveFetch(new Agent({ keepAlive: true }), answers);
	const address = `${url}/${encodeURIComponent(spectatorId('lea:t-bench'))}`;
	const first = await fetch(address, {});
	const etag = first.headers.get('etag') ?? '';
	await first.body?.cancel();
	const headers = { accept: 'application/json', 'if-none-match': etag, 'cache-control': 'max-age=0' };
	const round = async () => {
		const before = processUse(pid).cpuMs;
		let left = CALIBRATION.questions;
		await Promise.all(
			Array.from({ length: CALIBRATION.parallel }, async () => {
				while (left-- > 0) await (await fetch(address, { headers })).body?.cancel();
			})
		);
		return (processUse(pid).cpuMs - before) / CALIBRATION.questions;
	};
	const cold = await round();
	const warm = await round();
	if (answers.notModified < 2 * CALIBRATION.questions)
		throw new Error('the calibration was not answered 304');
	return { cold, warm };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One phone's time (ms, the median of 50 after 20 to warm up) to read a revision of the followed document as
 * the live page does: its shape, the director's signature (the key imported before, as for every revision
 * after a page's first), the rows to show. The crowd shares its readings, so each delay gets this added.
 */
async function readingCost(url: string): Promise<number> {
	const answer = await fetch(`${url}/${encodeURIComponent(spectatorId('lea:t-bench'))}`);
	const body: unknown = await answer.json();
	const parsed = spectatorSchema.parse(body);
	const verify = await spectatorVerifier(parsed.key);
	if (!verify) throw new Error('the followed document names no key');
	const once = async () => {
		const start = performance.now();
		const document = spectatorSchema.safeParse(body);
		if (!document.success || !(await verify(document.data)) || !readSpectator(document.data))
			throw new Error('the followed document does not read');
		return performance.now() - start;
	};
	for (let i = 0; i < 20; i++) await once();
	const times: number[] = [];
	for (let i = 0; i < 50; i++) times.push(await once());
	return quantile(
		times.sort((a, b) => a - b),
		0.5
	);
}

async function main(): Promise<boolean> {
	const json = process.argv.includes('--json');
	const n = Number(
		/^--spectators=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--spectators=')) ?? '')?.[1] ?? 1000
	);
	console.log(
		`load average before: ${loadavg()
			.map((l) => l.toFixed(2))
			.join(' ')} (${cpus().length} cores)`
	);

	const couch = await startCouch();
	try {
		const director = await publicSeason(couch, 'saison');
		const plain = sampleTournament('swiss', 60, 5, 'bench');
		const open = { ...plain, options: { ...plain.options, maxPlayers: null } };
		const followed = publishable('t-bench', open);
		const other = publishable('t-other', sampleTournament('triominos', 20, 3, 'other'));
		const steps = roundByRound(followed);
		/** One publish as the director's device runs it: its time, and when it was stored (null: it failed). */
		const attempt = async (step: (typeof steps)[number]) => {
			const start = performance.now();
			const done = await director.publish(step);
			const ms = performance.now() - start;
			if (!done.ok) console.log(`publish failed after ${ms.toFixed(0)} ms: ${JSON.stringify(done.error)}`);
			return { ms, stored: Date.now(), at: done.ok ? done.value.at : null };
		};
		/** Before the measurement nothing may fail. */
		const publish = async (step: (typeof steps)[number]) => {
			const done = await attempt(step);
			if (done.at === null) throw new Error('publish failed before the crowd arrived');
			return done;
		};
		await publish(other);
		// The floor: the same publishes with nobody watching (a copy under another id, on the same server).
		const floor = [];
		for (const step of roundByRound(publishable('t-floor', open)).slice(1))
			floor.push((await publish(step)).ms);
		await publish(steps[0]!);

		const url = `${couch.origin}/saison`;
		const pid = couch.pid();
		if (pid === null) throw new Error('the CouchDB server is not running');
		const cost = await questionCost(url, pid);
		const crowd = await startCrowd({
			url,
			groups: [
				{ tournament: 'lea:t-bench', count: n },
				{ tournament: 'lea:t-other', count: OTHERS }
			]
		});
		const crowdPid = crowd.child.pid;
		if (crowdPid === undefined) throw new Error('the crowd process did not start');
		await sleep(ARRIVAL_MS + 2_000);

		const use = () => ({
			server: processUse(pid),
			crowd: processUse(crowdPid),
			director: process.cpuUsage()
		});
		const before = use();
		const startedAt = performance.now();
		let peakRss = before.server.rss;
		const sampler = setInterval(() => (peakRss = Math.max(peakRss, processUse(pid).rss)), 500);
		const published = [];
		for (const step of steps.slice(1)) {
			published.push(await attempt(step));
			await sleep(BETWEEN_MS);
		}
		clearInterval(sampler);
		const after = use();
		const seconds = (performance.now() - startedAt) / 1000;

		const report = await crowd.report();
		// The crowd exits by itself once it has reported (its CPU profile, if asked for, is written then).
		if (crowd.child.exitCode === null) await Promise.race([once(crowd.child, 'exit'), sleep(30_000)]);
		const [followers = [], othersSeen = []] = report.groups;
		const reading = await readingCost(url);
		const delays: number[] = [];
		let missed = 0;
		for (const spectator of followers) {
			for (const step of published) {
				if (step.at === null) continue;
				const seen = spectator.seen[step.at];
				if (seen === undefined) missed++;
				else delays.push(seen - step.stored + reading);
			}
		}
		delays.sort((a, b) => a - b);
		const publishFailures = published.filter((step) => step.at === null).length;
		const failed = Object.values(report.failures).reduce((sum, count) => sum + count, 0);
		// Each spectator of the other tournament reads it once when he opens the page; any more is a wake.
		const otherWoken = othersSeen.reduce((sum, s) => sum + Math.max(0, s.documents - 1), 0);
		const { notModified, full } = report.answers;
		const requests = notModified + full;
		const figures = {
			spectators: n,
			publishMaxMs: Math.round(Math.max(...published.map((p) => p.ms))),
			delayP50Ms: Math.round(quantile(delays, 0.5)),
			delayP95Ms: Math.round(quantile(delays, 0.95)),
			errors: failed + missed + publishFailures,
			otherWoken
		};

		console.log(
			`spectators: ${n} on a 60-player swiss tournament (${followed.events.length} events, 5 rounds), ` +
				`${OTHERS} on another; express-pouchdb in memory, a public season; one crowd process`
		);
		console.log(
			`publish with no spectators (floor, same run): ${floor.map((ms) => ms.toFixed(0)).join(', ')} ms; ` +
				`max ${Math.max(...floor).toFixed(0)} ms`
		);
		console.log(
			`publish (each round): ${published.map((p) => p.ms.toFixed(0)).join(', ')} ms; ` +
				`max ${figures.publishMaxMs} ms (budget ≤ ${BUDGET.publishMs})`
		);
		console.log(
			`delay publish → spectator has it (one phone's reading of a revision, ${reading.toFixed(1)} ms, in it): ` +
				`p50 ${figures.delayP50Ms} ms, p95 ${figures.delayP95Ms} ms, ` +
				`max ${Math.round(delays.at(-1) ?? NaN)} ms (budget p95 ≤ ${BUDGET.delayP95Ms}); ` +
				`${delays.length} of ${n * (published.length - publishFailures)} updates seen`
		);
		const kinds = Object.entries(report.failures)
			.map(([kind, count]) => `${count} ${kind}`)
			.join(', ');
		console.log(
			`errors: ${figures.errors} (publishes failed ${publishFailures}, spectators' failed questions ${failed}` +
				`${kinds ? ` [${kinds}]` : ''}, updates never seen ${missed}; budget 0)`
		);
		console.log(`the other tournament's spectators woken: ${otherWoken} times (budget 0)`);
		console.log(
			`questions: ${requests} in all (${(requests / seconds).toFixed(0)} a second while publishing), ` +
				`${((notModified / Math.max(1, requests)) * 100).toFixed(1)} % answered 304 Not Modified`
		);
		// Whose time it is, over the same seconds of publishing, from /proc: the server's, the crowd's
		// (a crowd near a core of the two measures itself, not the server) and the director's.
		const cores = (ms: number) => (ms / 1000 / seconds).toFixed(2);
		const serverMs = after.server.cpuMs - before.server.cpuMs;
		const crowdMs = after.crowd.cpuMs - before.crowd.cpuMs;
		const directorMs =
			(after.director.user + after.director.system - before.director.user - before.director.system) / 1000;
		console.log(
			`CPU over ${seconds.toFixed(0)} s of publishing: server ${cores(serverMs)} cores ` +
				`(${(serverMs / Math.max(1, requests)).toFixed(2)} ms a question, the publishes' requests in it), ` +
				`crowd ${cores(crowdMs)} cores (${(crowdMs / Math.max(1, requests)).toFixed(2)} ms a question; ` +
				`its event loop late by p99 ${report.lagP99Ms.toFixed(0)} ms, max ${report.lagMaxMs.toFixed(0)} ms; ` +
				`a question answered in p50 ${report.answerP50Ms.toFixed(0)} ms, p95 ${report.answerP95Ms.toFixed(0)} ms), ` +
				`director ${cores(directorMs)} cores`
		);
		// What the server would need to answer every spectator every 2 s, at the cost of one question measured
		// before the crowd came, against what it got.
		const asking = (n + OTHERS) / 2;
		console.log(
			`server's cost of a question with nobody else asking (${CALIBRATION.questions} conditional GETs, ` +
				`${CALIBRATION.parallel} at a time, before the crowd, after as many to warm it up): ` +
				`${cost.warm.toFixed(2)} ms CPU (the first ${CALIBRATION.questions}: ${cost.cold.toFixed(2)} ms); ` +
				`${n + OTHERS} spectators asking every 2 s need ${((asking * cost.warm) / 1000).toFixed(2)} cores ` +
				`of it, it got ${cores(serverMs)}`
		);
		console.log(
			`server memory (RSS): ${(before.server.rss / 2 ** 20).toFixed(0)} MB before, ` +
				`${(peakRss / 2 ** 20).toFixed(0)} MB peak; load average after: ${loadavg()
					.map((l) => l.toFixed(2))
					.join(' ')}`
		);
		if (json) console.log(JSON.stringify(figures));
		return (
			figures.publishMaxMs <= BUDGET.publishMs &&
			figures.delayP95Ms <= BUDGET.delayP95Ms &&
			figures.errors <= BUDGET.errors &&
			figures.otherWoken <= BUDGET.otherWoken
		);
	} finally {
		await couch.stop();
	}
}

const crowdOrder = process.argv.indexOf('--crowd');
if (crowdOrder !== -1) {
	runCrowd(JSON.parse(process.argv[crowdOrder + 1] ?? '{}') as CrowdOrder);
} else {
	main().then(
		(within) => process.exit(within ? 0 : 1),
		(error: unknown) => {
			console.error(error);
			process.exit(1);
		}
	);
}
