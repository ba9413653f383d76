import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Tally } from './tally';

/** What a run (or runs added up) checked: cuts, what was confirmed, what went wrong. */
interface Figures {
	readonly cuts: number;
	readonly confirmedTurns: number;
	readonly confirmedResults: number;
	readonly lost: number;
	readonly doubled: number;
	readonly unopenable: number;
	/** Seconds from the engine's first browser start to its latest cut's check (added up: of all runs). */
	readonly seconds: number;
}

/** One engine's figures in a run's progress file, as they stood after its latest cut. */
export interface EngineProgress extends Figures {
	readonly moments: Tally['moments'];
	readonly rounds: number;
	/** Steps the harness took again after a wait of its own ran out on a loaded machine. */
	readonly retries: number;
	/** The run reached its count of cuts for this engine (false: it was stopped, or is still going). */
	readonly finished: boolean;
	/** Why the run ended early, when the harness failed (a browser that did not start, a page not loaded). */
	readonly error?: string;
}

/**
 * A run's progress file: written again after every cut's check, so a run stopped from outside (a deadline, a
 * crash) still counts every cut it checked. The seed and the break say which runs may be added up.
 */
export interface RunProgress {
	readonly seed: string;
	readonly broken: string | null;
	readonly names: string;
	readonly started: string;
	readonly updated: string;
	readonly engines: Record<string, EngineProgress>;
}

/** The figures of `tally` as a progress entry. */
export function engineProgress(
	tally: Tally,
	rounds: number,
	seconds: number,
	finished: boolean
): EngineProgress {
	return {
		cuts: tally.cuts,
		confirmedTurns: tally.confirmedTurns,
		confirmedResults: tally.confirmedResults,
		...tally.problems,
		moments: { ...tally.moments },
		rounds,
		retries: tally.retries,
		seconds: Math.round(seconds),
		finished
	};
}

/** Writes a run's progress to `path` whole or not at all (a new file renamed over the old one). */
export function writeProgress(path: string, progress: RunProgress): void {
	mkdirSync(dirname(path), { recursive: true });
	const fresh = `${path}.${process.pid}.new`;
	writeFileSync(fresh, JSON.stringify(progress, null, '\t') + '\n');
	renameSync(fresh, path);
}

/** The progress files named: files as they are, folders by their `.json` files. */
export function readProgress(paths: readonly string[]): { path: string; progress: RunProgress }[] {
	const files = paths.flatMap((path) =>
		statSync(path).isDirectory()
			? readdirSync(path)
					.filter((name) => name.endsWith('.json'))
					.sort()
					.map((name) => join(path, name))
			: [path]
	);
	return files.map((path) => ({ path, progress: JSON.parse(readFileSync(path, 'utf8')) as RunProgress }));
}

/** Several runs' figures for one engine, added up. */
export interface EngineSum extends Figures {
	readonly engine: string;
	/** The seeds added, each once. */
	readonly seeds: readonly string[];
}

/**
 * Adds up runs per engine, honestly: only runs of the same build (no break, or the same break) and the same
 * disk model; a seed counts once per engine (two runs of one seed cut at the same planned moments, so they are
 * one run twice: the one that got further counts). Throws when the runs are not of one kind.
 */
export function sumProgress(runs: readonly RunProgress[]): EngineSum[] {
	const kinds = new Set(runs.map((run) => `${run.broken ?? 'app'} ${run.names}`));
	if (kinds.size > 1) throw new Error(`runs of different kinds cannot be added up: ${[...kinds].join(', ')}`);
	const best = new Map<string, { seed: string; figures: EngineProgress }>();
	for (const run of runs)
		for (const [engine, figures] of Object.entries(run.engines)) {
			const key = `${engine}\u0000${run.seed}`;
			const known = best.get(key);
			if (!known || figures.cuts > known.figures.cuts) best.set(key, { seed: run.seed, figures });
		}
	const sums = new Map<string, EngineSum>();
	for (const [key, { seed, figures }] of best) {
		const engine = key.slice(0, key.indexOf('\u0000'));
		const sum = sums.get(engine);
		sums.set(engine, {
			engine,
			cuts: (sum?.cuts ?? 0) + figures.cuts,
			confirmedTurns: (sum?.confirmedTurns ?? 0) + figures.confirmedTurns,
			confirmedResults: (sum?.confirmedResults ?? 0) + figures.confirmedResults,
			lost: (sum?.lost ?? 0) + figures.lost,
			doubled: (sum?.doubled ?? 0) + figures.doubled,
			unopenable: (sum?.unopenable ?? 0) + figures.unopenable,
			seconds: (sum?.seconds ?? 0) + figures.seconds,
			seeds: [...(sum?.seeds ?? []), seed].sort()
		});
	}
	return [...sums.values()].sort((a, b) => a.engine.localeCompare(b.engine));
}

/** The power-cut test's last line for a sum (the same words as one run's). */
export function sumLine(sum: EngineSum): string {
	return (
		`power: ${sum.engine} ${sum.cuts} cuts, ${sum.confirmedTurns} confirmed turns, ` +
		`${sum.lost} lost, ${sum.doubled} doubled, ${sum.unopenable} unopenable`
	);
}
