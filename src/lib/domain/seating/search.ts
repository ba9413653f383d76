import type { Random } from '../random';
import { boundFromCounts, type RepeatBound } from './bounds';

/** A seating search over players 0..n−1: tables of the given sizes per round, after a history. */
export interface SearchTask {
	readonly n: number;
	readonly roundSizes: readonly (readonly number[])[];
	/** Pair meeting counts so far (n×n), see `meetingCounts`. */
	readonly history: Uint16Array;
	/** Without a history every first round is as good as any other, so it need not be searched. */
	readonly fixFirstRound: boolean;
	readonly random: Random;
	readonly maxIterations: number;
	/** Steps without a new best plan after which the search gives up. */
	readonly patience: number;
	/** Asked now and then; true ends the search with the best plan so far. */
	readonly outOfTime?: () => boolean;
}

/** Why the search stopped: it reached the lower bound, used its iterations, stalled, or ran out of time. */
export type StopReason = 'bound' | 'iterations' | 'stalled' | 'time';

export interface SearchOutcome {
	/** Per round, the tables in the order of the requested sizes; players 0..n−1. */
	readonly rounds: number[][][];
	/** New meetings beyond a pair's first, counting the history's meetings as earlier ones. */
	readonly extra: number;
	/** New meetings beyond a pair's second. */
	readonly heavy: number;
	readonly bound: RepeatBound;
	readonly iterations: number;
	readonly stoppedBy: StopReason;
}

/**
 * Tabu search over swaps of two players between tables of one round, as for the social golfer problem:
 * each step looks at every swap of a player who meets someone again, takes the best one not recently
 * undone, and after a long stall returns to the best plan and shakes it. Deterministic for a random source.
 */
export function searchSeating(task: SearchTask): SearchOutcome {
	return new Search(task).run();
}

class Search {
	readonly #task: SearchTask;
	readonly #n: number;
	/** Weight of a repeat against a third meeting; larger than any one swap's change in third meetings. */
	readonly #weight: number;
	readonly #counts: Uint16Array;
	readonly #tables: number[][][];
	readonly #tableOf: Int32Array[];
	readonly #slotOf: Int32Array[];
	readonly #tabu: Int32Array[];
	readonly #free: number[];
	#cost = 0;

	constructor(task: SearchTask) {
		this.#task = task;
		const n = task.n;
		this.#n = n;
		const largest = Math.max(1, ...task.roundSizes.flat());
		this.#weight = 4 * largest + 1;
		this.#counts = new Uint16Array(task.history);
		this.#tables = task.roundSizes.map((sizes) => sizes.map(() => []));
		this.#tableOf = task.roundSizes.map(() => new Int32Array(n));
		this.#slotOf = task.roundSizes.map(() => new Int32Array(n));
		this.#tabu = task.roundSizes.map((sizes) => new Int32Array(n * sizes.length));
		this.#free = task.roundSizes.map((_, r) => r).filter((r) => !(task.fixFirstRound && r === 0));
	}

	run(): SearchOutcome {
		const { roundSizes, random, maxIterations, patience, outOfTime } = this.#task;
		const bound = boundFromCounts(this.#n, roundSizes, this.#task.history);
		const target = this.#weight * bound.extra + bound.heavy;
		roundSizes.forEach((_, r) => this.#construct(r));
		let best = this.#snapshot();
		let bestCost = this.#cost;
		let lastGain = 0;
		let bestAt = 0;
		const stall = 200 + 20 * this.#n;
		let iteration = 0;
		let stoppedBy: StopReason = 'iterations';
		while (true) {
			if (bestCost <= target) {
				stoppedBy = 'bound';
				break;
			}
			if (iteration >= maxIterations) break;
			if (iteration - bestAt >= patience) {
				stoppedBy = 'stalled';
				break;
			}
			if (outOfTime && iteration % 128 === 0 && outOfTime()) {
				stoppedBy = 'time';
				break;
			}
			iteration++;
			this.#step(iteration, bestCost);
			if (this.#cost < bestCost) {
				best = this.#snapshot();
				bestCost = this.#cost;
				lastGain = iteration;
				bestAt = iteration;
			} else if (iteration - lastGain > stall) {
				this.#restore(best);
				this.#shake(1 + random.int(3));
				lastGain = iteration;
			}
		}
		this.#restore(best);
		const { extra, heavy } = this.#totals();
		return { rounds: best, extra, heavy, bound, iterations: iteration, stoppedBy };
	}

	/** Cost of one more meeting for a pair that has met `met` times. */
	#more(met: number): number {
		return met === 0 ? 0 : met === 1 ? this.#weight : this.#weight + 1;
	}

	/** Cost of one meeting less. */
	#less(met: number): number {
		return met <= 1 ? 0 : met === 2 ? -this.#weight : -this.#weight - 1;
	}

	#meet(a: number, b: number, by: 1 | -1): void {
		const n = this.#n;
		const met = this.#counts[a * n + b] ?? 0;
		this.#cost += by === 1 ? this.#more(met) : this.#less(met);
		this.#counts[a * n + b] = met + by;
		this.#counts[b * n + a] = met + by;
	}

	#seat(r: number, t: number, player: number): void {
		const table = this.#tables[r]?.[t] as number[];
		for (const other of table) this.#meet(player, other, 1);
		(this.#tableOf[r] as Int32Array)[player] = t;
		(this.#slotOf[r] as Int32Array)[player] = table.length;
		table.push(player);
	}

	/** Greedy start: players in random order, each to a table with room where he meets the fewest again. */
	#construct(r: number): void {
		const sizes = this.#task.roundSizes[r] as readonly number[];
		const random = this.#task.random;
		const n = this.#n;
		const order = Array.from({ length: n }, (_, i) => i);
		if (!this.#free.includes(r)) {
			let next = 0;
			sizes.forEach((size, t) => {
				for (let k = 0; k < size; k++) this.#seat(r, t, order[next++] as number);
			});
			return;
		}
		for (let i = n - 1; i > 0; i--) {
			const j = random.int(i + 1);
			[order[i], order[j]] = [order[j] as number, order[i] as number];
		}
		const tables = this.#tables[r] as number[][];
		for (const player of order) {
			let chosen = -1;
			let chosenCost = Infinity;
			let ties = 0;
			sizes.forEach((size, t) => {
				const table = tables[t] as number[];
				if (table.length >= size) return;
				let cost = 0;
				for (const other of table) cost += this.#more(this.#counts[player * n + other] ?? 0);
				if (cost < chosenCost) [chosen, chosenCost, ties] = [t, cost, 1];
				else if (cost === chosenCost && random.int(++ties) === 0) chosen = t;
			});
			this.#seat(r, chosen, player);
		}
	}

	/** Change in cost if p and q (at different tables of round r) swapped seats. */
	#swapDelta(r: number, p: number, q: number): number {
		const n = this.#n;
		const tableOf = this.#tableOf[r] as Int32Array;
		const tables = this.#tables[r] as number[][];
		const here = tables[tableOf[p] as number] as number[];
		const there = tables[tableOf[q] as number] as number[];
		let delta = 0;
		for (const x of here) {
			if (x === p) continue;
			delta += this.#less(this.#counts[p * n + x] ?? 0) + this.#more(this.#counts[q * n + x] ?? 0);
		}
		for (const y of there) {
			if (y === q) continue;
			delta += this.#less(this.#counts[q * n + y] ?? 0) + this.#more(this.#counts[p * n + y] ?? 0);
		}
		return delta;
	}

	#swap(r: number, p: number, q: number): void {
		const tableOf = this.#tableOf[r] as Int32Array;
		const slotOf = this.#slotOf[r] as Int32Array;
		const tables = this.#tables[r] as number[][];
		const [tp, tq] = [tableOf[p] as number, tableOf[q] as number];
		const [here, there] = [tables[tp] as number[], tables[tq] as number[]];
		for (const x of here) if (x !== p) this.#meet(p, x, -1);
		for (const y of there) if (y !== q) this.#meet(q, y, -1);
		for (const x of here) if (x !== p) this.#meet(q, x, 1);
		for (const y of there) if (y !== q) this.#meet(p, y, 1);
		const [sp, sq] = [slotOf[p] as number, slotOf[q] as number];
		here[sp] = q;
		there[sq] = p;
		[tableOf[p], tableOf[q], slotOf[p], slotOf[q]] = [tq, tp, sq, sp];
	}

	/** Players of round r who sit with someone they meet more than once. */
	#conflicted(r: number): number[] {
		const n = this.#n;
		const players: number[] = [];
		for (const table of this.#tables[r] as number[][]) {
			for (const p of table) {
				if (table.some((x) => x !== p && (this.#counts[p * n + x] ?? 0) >= 2)) players.push(p);
			}
		}
		return players;
	}

	#step(iteration: number, bestCost: number): void {
		const random = this.#task.random;
		const rounds = this.#free.filter((r) => this.#conflicted(r).length > 0);
		if (rounds.length === 0) return;
		const r = rounds[random.int(rounds.length)] as number;
		const tables = this.#tables[r] as number[][];
		const tableOf = this.#tableOf[r] as Int32Array;
		const tabu = this.#tabu[r] as Int32Array;
		const count = tables.length;
		let move: [number, number] | undefined;
		let moveDelta = Infinity;
		let ties = 0;
		for (const p of this.#conflicted(r)) {
			const from = tableOf[p] as number;
			tables.forEach((table, to) => {
				if (to === from) return;
				for (const q of table) {
					const delta = this.#swapDelta(r, p, q);
					const forbidden =
						(tabu[p * count + to] ?? 0) > iteration || (tabu[q * count + from] ?? 0) > iteration;
					if (forbidden && this.#cost + delta >= bestCost) continue;
					if (delta < moveDelta) [move, moveDelta, ties] = [[p, q], delta, 1];
					else if (delta === moveDelta && random.int(++ties) === 0) move = [p, q];
				}
			});
		}
		if (!move) return this.#shake(1);
		const [p, q] = move;
		const [from, to] = [tableOf[p] as number, tableOf[q] as number];
		this.#swap(r, p, q);
		const tenure = 3 + random.int(Math.max(2, count));
		tabu[p * count + from] = iteration + tenure;
		tabu[q * count + to] = iteration + tenure;
	}

	/** Random swaps in rounds that may change. */
	#shake(swaps: number): void {
		const random = this.#task.random;
		for (let k = 0; k < swaps && this.#free.length > 0; k++) {
			const r = this.#free[random.int(this.#free.length)] as number;
			const tableOf = this.#tableOf[r] as Int32Array;
			const p = random.int(this.#n);
			const q = random.int(this.#n);
			if (tableOf[p] !== tableOf[q]) this.#swap(r, p, q);
		}
	}

	#snapshot(): number[][][] {
		return this.#tables.map((round) => round.map((table) => [...table]));
	}

	#restore(rounds: number[][][]): void {
		this.#counts.set(this.#task.history);
		this.#cost = 0;
		rounds.forEach((round, r) => {
			round.forEach((table, t) => {
				(this.#tables[r] as number[][])[t] = [];
				for (const player of table) this.#seat(r, t, player);
			});
		});
	}

	/** New repeats and third meetings, against the history's own. */
	#totals(): { extra: number; heavy: number } {
		const n = this.#n;
		const history = this.#task.history;
		let extra = 0;
		let heavy = 0;
		for (let a = 0; a < n; a++) {
			for (let b = a + 1; b < n; b++) {
				const [now, before] = [this.#counts[a * n + b] ?? 0, history[a * n + b] ?? 0];
				extra += Math.max(0, now - 1) - Math.max(0, before - 1);
				heavy += Math.max(0, now - 2) - Math.max(0, before - 2);
			}
		}
		return { extra, heavy };
	}
}
