import { describe, expect, it } from 'vitest';
import { pointsForReader } from './points-text';

// Tournament points are exact fractions (RULES.md: shared places share the points); a snapshot carries them
// as the desk wrote them (src/lib/publish/snapshot.ts), and each spectator reads them in his language.
describe('pointsForReader', () => {
	it.each([
		['2,5', 'de', '2,5'],
		['2,5', 'en', '2.5'],
		['2.5', 'de', '2,5'],
		['−2,25', 'en', '−2.25'],
		['−2,25', 'de', '−2,25'],
		['7', 'en', '7'],
		['−3', 'de', '−3'],
		['3⅓', 'en', '3⅓'],
		['⅔', 'de', '⅔'],
		['1 2/7', 'en', '1 2/7']
	] as const)('%s for a reader in %s: %s', (text, locale, shown) => {
		expect(pointsForReader(text, locale)).toBe(shown);
	});
});
