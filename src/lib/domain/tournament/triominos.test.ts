import { describe, expect, it } from 'vitest';
import { qualifierCount, qualifierWarning, triominosFinalSize } from './triominos';

describe('Triominos qualifier (000 §Spielregel, §Turnierdauer)', () => {
	it.each([
		[6, 1],
		[9, 1],
		[10, 2],
		[18, 2],
		[19, 3],
		[27, 3],
		[28, 4],
		[50, 6]
	])('000: one per started 9 — %i participants → %i qualifiers', (n, count) => {
		expect(qualifierCount(n)).toBe(count);
	});

	it.each([
		[6, 3],
		[18, 3],
		[19, 4],
		[50, 4]
	])('000: %i participants → the best %i play the final', (n, size) => {
		expect(triominosFinalSize(n)).toBe(size);
	});

	it('000: fewer than 6 players is no qualifier (a warning), 6 is', () => {
		expect(qualifierWarning(5)).toEqual({ code: 'not-a-qualifier', players: 5, min: 6 });
		expect(qualifierWarning(6)).toBeNull();
		expect(qualifierWarning(1)).toEqual({ code: 'not-a-qualifier', players: 1, min: 6 });
	});
});
