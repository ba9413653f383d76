// A crowd on the live page: N spectators follow one tournament and 200 another, on the tests' CouchDB-protocol
// server (express-pouchdb in memory, src/lib/publish/testing/couch-server.ts) on loopback (a public season),
// while the director publishes 5 rounds of a 60-player tournament. The floor, in the same run: the same
// rounds of a copy of that tournament published before any spectator arrives. Each
// spectator runs the live page's own follower (src/lib/live/follow.ts): the same conditional GETs a phone
// makes. The crowd runs in child
// processes of its own, so the director's publish is not slowed by the spectators' client work.
// Run: npm run bench -- spectators [--spectators=1000] [--json]   (exit 1 when over a budget)
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sampleTournament } from '../../src/lib/domain/tournament/sample';
import { SpectatorFeed } from '../../src/lib/live/follow';
import { countingFetch, type Answers } from '../../src/lib/live/testing/counting-fetch';
import { database } from '../../src/lib/publish/couch';
import { startCouch } from '../../src/lib/publish/testing/couch-server';
import { publicSeason } from '../../src/lib/publish/testing/public-season';
import { publishable, roundByRound } from '../../src/lib/publish/testing/published';
import { quantile } from '../bench-helpers';

const BUDGET = { publishMs: 2_000, delayP95Ms: 3_000, errors: 0, otherWoken: 0 };
const OTHERS = 200;
/** Spectators per crowd process. */
const PER_PROCESS = 500;
/** Time between two publishes: every spectator has asked several times before the next. */
const BETWEEN_MS = 10_000;
/** How long the crowd takes to arrive (each spectator opens the page at a random moment in it). */
const ARRIVAL_MS = 4_000;

/** What one crowd process is told: whom to follow, how many. */
interface CrowdOrder {
	readonly url: string;
	readonly tournament: string;
	readonly count: number;
}

/** What one spectator saw: when each revision arrived (its publishedAt → ms since epoch). */
interface SpectatorLog {
	readonly seen: Record<string, number>;
	readonly documents: number;
	readonly failures: number;
}

interface CrowdReport {
	readonly spectators: SpectatorLog[];
	readonly answers: Answers;
	readonly cpuMs: number;
}

/** A crowd process: `count` spectators that open the page over ARRIVAL_MS and follow until told to report. */
function runCrowd(order: CrowdOrder): void {
	const answers: Answers = { notModified: 0, full: 0 };
	const logs: { seen: Record<string, number>; documents: number; failures: number }[] = [];
	const feeds: SpectatorFeed[] = [];
	for (let i = 0; i < order.count; i++) {
		const log = { seen: {} as Record<string, number>, documents: 0, failures: 0 };
		logs.push(log);
		setTimeout(() => {
			const db = database(order.url, { fetch: countingFetch(answers) });
			if (!db.ok) throw new Error(JSON.stringify(db.error));
			feeds.push(
				new SpectatorFeed(db.value, order.tournament, (news) => {
					if (news.kind === 'failed') log.failures++;
					if (news.kind !== 'document') return;
					log.documents++;
					log.seen[news.document.publishedAt] ??= Date.now();
				})
			);
		}, Math.random() * ARRIVAL_MS);
	}
	process.send?.({ kind: 'started' });
	process.on('message', (message: { kind: string }) => {
		if (message.kind !== 'report') return;
		for (const feed of feeds) feed.stop();
		const usage = process.cpuUsage();
		const report: CrowdReport = {
			spectators: logs,
			answers,
			cpuMs: (usage.user + usage.system) / 1000
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
		['--import', 'tsx', fileURLToPath(import.meta.url), '--crowd', JSON.stringify(order)],
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<boolean> {
	const json = process.argv.includes('--json');
	const n = Number(
		/^--spectators=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--spectators=')) ?? '')?.[1] ?? 1000
	);
	console.log(
		`load average before: ${loadavg()
			.map((l) => l.toFixed(2))
			.join(' ')} (${(await import('node:os')).cpus().length} cores)`
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
		const serverBeforeCrowds = processUse(pid);
		const crowdsStarted = performance.now();
		const crowds = [];
		for (let left = n; left > 0; left -= PER_PROCESS)
			crowds.push(await startCrowd({ url, tournament: 'lea:t-bench', count: Math.min(PER_PROCESS, left) }));
		const others = await startCrowd({ url, tournament: 'lea:t-other', count: OTHERS });
		await sleep(ARRIVAL_MS + 2_000);

		const before = processUse(pid);
		const startedAt = performance.now();
		let peakRss = before.rss;
		const sampler = setInterval(() => (peakRss = Math.max(peakRss, processUse(pid).rss)), 500);
		const published = [];
		for (const step of steps.slice(1)) {
			published.push(await attempt(step));
			await sleep(BETWEEN_MS);
		}
		clearInterval(sampler);
		const after = processUse(pid);
		const seconds = (performance.now() - startedAt) / 1000;

		const followers = await Promise.all(crowds.map((crowd) => crowd.report()));
		const otherReport = await others.report();
		const crowdsEnded = performance.now();
		const serverAfterCrowds = processUse(pid);
		const delays: number[] = [];
		let missed = 0;
		for (const spectator of followers.flatMap((crowd) => crowd.spectators)) {
			for (const step of published) {
				if (step.at === null) continue;
				const seen = spectator.seen[step.at];
				if (seen === undefined) missed++;
				else delays.push(seen - step.stored);
			}
		}
		delays.sort((a, b) => a - b);
		const publishFailures = published.filter((step) => step.at === null).length;
		const failed = [...followers, otherReport].reduce(
			(sum, crowd) => sum + crowd.spectators.reduce((s, spectator) => s + spectator.failures, 0),
			0
		);
		// Each spectator of the other tournament reads it once when he opens the page; any more is a wake.
		const otherWoken = otherReport.spectators.reduce((sum, s) => sum + Math.max(0, s.documents - 1), 0);
		const revalidated = [...followers, otherReport].reduce(
			(sum, crowd) => ({
				notModified: sum.notModified + crowd.answers.notModified,
				full: sum.full + crowd.answers.full
			}),
			{ notModified: 0, full: 0 }
		);
		const requests = revalidated.notModified + revalidated.full;
		const figures = {
			spectators: n,
			publishMaxMs: Math.round(Math.max(...published.map((p) => p.ms))),
			delayP50Ms: Math.round(quantile(delays, 0.5)),
			delayP95Ms: Math.round(quantile(delays, 0.95)),
			errors: failed + missed + publishFailures,
			otherWoken
		};
		const crowdCpu = [...followers, otherReport].reduce((sum, crowd) => sum + crowd.cpuMs, 0);

		console.log(
			`spectators: ${n} on a 60-player swiss tournament (${followed.events.length} events, 5 rounds), ` +
				`${OTHERS} on another; express-pouchdb in memory, a public season`
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
			`delay publish → spectator has it: p50 ${figures.delayP50Ms} ms, p95 ${figures.delayP95Ms} ms, ` +
				`max ${Math.round(delays.at(-1) ?? NaN)} ms (budget p95 ≤ ${BUDGET.delayP95Ms}); ` +
				`${delays.length} of ${n * (published.length - publishFailures)} updates seen`
		);
		console.log(
			`errors: ${figures.errors} (publishes failed ${publishFailures}, spectators' failed requests ${failed}, ` +
				`updates missed ${missed}; budget 0)`
		);
		console.log(`the other tournament's spectators woken: ${otherWoken} times (budget 0)`);
		console.log(
			`requests: ${requests} in all, ${((revalidated.notModified / Math.max(1, requests)) * 100).toFixed(1)} % ` +
				`answered 304 Not Modified`
		);
		console.log(
			`server: CPU ${((after.cpuMs - before.cpuMs) / 1000 / seconds).toFixed(2)} cores over ${seconds.toFixed(0)} s ` +
				`of publishing; memory (RSS) ${(before.rss / 2 ** 20).toFixed(0)} MB before, ` +
				`${(peakRss / 2 ** 20).toFixed(0)} MB peak`
		);
		// Whose time it is: the server's CPU per request while the crowds ran (the publishes' few dozen
		// requests in it), and the crowds' own; a crowd near a core of the two measures itself, not the server.
		const crowdSeconds = (crowdsEnded - crowdsStarted) / 1000;
		console.log(
			`time per request: server ${((serverAfterCrowds.cpuMs - serverBeforeCrowds.cpuMs) / Math.max(1, requests)).toFixed(2)} ms CPU, ` +
				`crowd ${(crowdCpu / Math.max(1, requests)).toFixed(2)} ms CPU; over the crowds' ${crowdSeconds.toFixed(0)} s the server used ` +
				`${((serverAfterCrowds.cpuMs - serverBeforeCrowds.cpuMs) / 1000 / crowdSeconds).toFixed(2)} cores, the crowds ${(crowdCpu / 1000 / crowdSeconds).toFixed(2)}`
		);
		console.log(
			`crowd processes: ${(crowdCpu / 1000).toFixed(1)} s CPU in all; load average after: ${loadavg()
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
		if (process.env.WB_PROF) {
			process.kill(couch.pid()!, 'SIGUSR2');
			await sleep(5000);
		} // TEMP-PROF
		await couch.stop();
	}
}

const crowd = process.argv.indexOf('--crowd');
if (crowd !== -1) {
	runCrowd(JSON.parse(process.argv[crowd + 1] ?? '{}') as CrowdOrder);
} else {
	main().then(
		(within) => process.exit(within ? 0 : 1),
		(error: unknown) => {
			console.error(error);
			process.exit(1);
		}
	);
}
