import { seededRandom, shuffled } from '../random';
import type { PlainTournament } from './from-results';
import { tableSizes, type Format } from './tables';

/**
 * A made-up tournament for tests and benchmarks: `players` named P01…, `rounds` random draws to the
 * format's tables, game points (SET points) drawn from 0..maxPoints. Small maxPoints makes many ties.
 */
export function sampleTournament(
	format: Format,
	players: number,
	rounds: number,
	seed: string,
	maxPoints = format === 'set' ? 12 : 200
): PlainTournament {
	const random = seededRandom(seed);
	const names = Array.from({ length: players }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
	const sizes = tableSizes(players, format);
	if (!sizes.ok) throw new RangeError(JSON.stringify(sizes.error));
	const plain = Array.from({ length: rounds }, () => {
		const order = shuffled(names, random);
		let next = 0;
		return sizes.value.map((size) => {
			const table: Record<string, number> = {};
			for (const name of order.slice(next, (next += size))) table[name] = random.int(maxPoints + 1);
			return table;
		});
	});
	return {
		format,
		players: names,
		rounds: plain,
		options: { rounds: Math.max(rounds, format === 'set' ? 3 : 1) }
	};
}
