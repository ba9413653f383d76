import { describe, expect, it } from 'vitest';
import { nextSequenceRead, SEQUENCE_FRAME_MS } from './cadence';

const STEP = SEQUENCE_FRAME_MS;

describe('nextSequenceRead: the next frame read falls on a code still missing', () => {
	// [what, place, ready in (ms), steps of the showing screen until the next read]
	it.each([
		['quick read: the next code, one step on', { index: 0, total: 3, missing: [1, 2] }, 50, 1],
		['the next code is in: the one after', { index: 0, total: 3, missing: [2] }, 50, 2],
		['the one behind is missing: round the sequence', { index: 2, total: 3, missing: [1] }, 50, 2],
		// A read that takes longer than a step reaches a later code; never one it has.
		['slow read: not before it is ready', { index: 0, total: 3, missing: [1, 2] }, 260, 2],
		// Three codes read every 300 ms saw codes 1, 2, 1, 2, … (a step and a half each time).
		['slow read, the code at 2 steps is in', { index: 0, total: 3, missing: [1] }, 260, 4],
		// Two codes read every 400 ms saw the same code every time.
		['two codes, slow read', { index: 0, total: 2, missing: [1] }, 350, 3],
		['the code read counts as read', { index: 1, total: 2, missing: [0, 1] }, 50, 1],
		['six codes, read in 100 ms', { index: 3, total: 6, missing: [0, 5] }, 120, 2],
		['a read takes exactly a step', { index: 0, total: 3, missing: [1, 2] }, STEP, 1],
		['nothing missing (the sequence is complete): a step on', { index: 0, total: 2, missing: [] }, 50, 1]
	])('%s', (_what, place, readyIn, steps) => {
		expect(nextSequenceRead(place, readyIn)).toBe(steps * STEP);
	});

	it('reaches every missing code of a sequence in as many reads, whatever a read takes', () => {
		for (const total of [2, 3, 4, 6]) {
			for (const readMs of [30, 150, 240, 300, 390, 610]) {
				const missing = new Set(Array.from({ length: total }, (_, i) => i));
				let index = 0;
				let reads = 0;
				while (missing.size > 0 && reads < 2 * total) {
					missing.delete(index);
					reads++;
					if (missing.size === 0) break;
					const wait = nextSequenceRead({ index, total, missing: [...missing] }, readMs);
					expect(wait).toBeGreaterThanOrEqual(readMs);
					index = (index + wait / STEP) % total;
				}
				expect({ total, readMs, reads, missing: missing.size }).toEqual({
					total,
					readMs,
					reads: total,
					missing: 0
				});
			}
		}
	});
});
