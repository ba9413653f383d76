// The power-cut runs' progress files add up honestly: each engine's figures over runs of one kind, a seed
// counted once (a run repeated with its seed plans the same cuts), runs of a broken build never with the app's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
	engineProgress,
	readProgress,
	sumLine,
	sumProgress,
	writeProgress,
	type RunProgress
} from './progress';
import { Tally } from './tally';

function run(
	seed: string,
	engines: Record<string, [cuts: number, turns: number, lost?: number]>,
	broken: string | null = null
): RunProgress {
	return {
		seed,
		broken,
		names: 'ordered',
		started: '2026-11-27T12:00:00Z',
		updated: '2026-11-27T12:30:00Z',
		engines: Object.fromEntries(
			Object.entries(engines).map(([engine, [cuts, turns, lost = 0]]) => {
				const tally = new Tally();
				tally.cuts = cuts;
				tally.confirmedTurns = turns;
				tally.problems.lost = lost;
				return [engine, engineProgress(tally, 1, cuts * 10, false)];
			})
		)
	};
}

describe('power-cut progress', () => {
	it('adds up runs of different seeds per engine', () => {
		const sums = sumProgress([
			run('a', { chromium: [10, 120], webkit: [3, 40] }),
			run('b', { chromium: [5, 60, 2] })
		]);
		expect(sums.map(sumLine)).toEqual([
			'power: chromium 15 cuts, 180 confirmed turns, 2 lost, 0 doubled, 0 unopenable',
			'power: webkit 3 cuts, 40 confirmed turns, 0 lost, 0 doubled, 0 unopenable'
		]);
		expect(sums[0]?.seeds).toEqual(['a', 'b']);
	});

	it('counts a seed once per engine: the run that got further', () => {
		const sums = sumProgress([run('a', { firefox: [4, 50] }), run('a', { firefox: [9, 90] })]);
		expect(sums.map(sumLine)).toEqual([
			'power: firefox 9 cuts, 90 confirmed turns, 0 lost, 0 doubled, 0 unopenable'
		]);
	});

	it('does not add a broken build’s runs to the app’s', () => {
		expect(() =>
			sumProgress([run('a', { firefox: [4, 50] }), run('b', { firefox: [2, 9, 9] }, 'relaxed')])
		).toThrow(/different kinds/);
	});

	it('reads back what it wrote, whole', () => {
		const folder = mkdtempSync(join(tmpdir(), 'wb-power-progress-'));
		try {
			const path = join(folder, 'runs', 'chromium-a.json');
			writeProgress(path, run('a', { chromium: [1, 2] }));
			writeProgress(path, run('a', { chromium: [2, 30] }));
			expect(JSON.parse(readFileSync(path, 'utf8')).engines.chromium.cuts).toBe(2);
			expect(
				readProgress([join(folder, 'runs')]).map(({ progress }) => progress.engines.chromium?.confirmedTurns)
			).toEqual([30]);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});
