import fc from 'fast-check';
import type { SeatingPlan } from './plan';

/** Table sizes adding up to n, each 1..max: any split a director might ask for. */
export function sizesArbitrary(n: number, max = 6): fc.Arbitrary<number[]> {
	return fc.array(fc.integer({ min: 1, max }), { minLength: n, maxLength: n }).map((wanted) => {
		const sizes: number[] = [];
		let left = n;
		for (const size of wanted) {
			if (left === 0) break;
			sizes.push(Math.min(size, left));
			left -= Math.min(size, left);
		}
		return sizes;
	});
}

/** A plan for players 1..n: each round a random split of them into tables of the given sizes. */
export function planArbitrary(
	n: number,
	roundSizes: readonly (readonly number[])[]
): fc.Arbitrary<SeatingPlan> {
	const players = Array.from({ length: n }, (_, i) => i + 1);
	return fc
		.tuple(...roundSizes.map(() => fc.shuffledSubarray(players, { minLength: n, maxLength: n })))
		.map((orders) =>
			orders.map((order, r) => {
				let next = 0;
				return (roundSizes[r] ?? []).map((size) => order.slice(next, (next += size)));
			})
		);
}

/** How often each pair sat together, counted the plain way. */
export function pairCounts(plan: SeatingPlan): Map<string, number> {
	const counts = new Map<string, number>();
	for (const round of plan) {
		for (const table of round) {
			const seated = [...new Set(table)].sort((a, b) => a - b);
			for (let i = 0; i < seated.length; i++) {
				for (let j = i + 1; j < seated.length; j++) {
					const key = `${seated[i]}-${seated[j]}`;
					counts.set(key, (counts.get(key) ?? 0) + 1);
				}
			}
		}
	}
	return counts;
}

/** Meetings beyond a pair's first, counted the plain way. */
export const plainExtra = (plan: SeatingPlan) =>
	[...pairCounts(plan).values()].reduce((sum, met) => sum + Math.max(0, met - 1), 0);

/** Meetings beyond a pair's second, counted the plain way. */
export const plainThird = (plan: SeatingPlan) =>
	[...pairCounts(plan).values()].reduce((sum, met) => sum + Math.max(0, met - 2), 0);
