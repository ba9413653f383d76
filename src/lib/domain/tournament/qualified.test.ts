import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	qualification,
	qualifiedBy,
	qualifyingPlaces,
	samePlayerKey,
	seasonQualified,
	type Ranked
} from './qualified';

/** A ranking without ties: names in order, ranks 1, 2, 3, … */
const ranked = (...players: string[]): Ranked[] => players.map((player, i) => ({ player, rank: i + 1 }));

/** A ranking of `n` players P1…Pn without ties. */
const field = (prefix: string, n: number) =>
	ranked(...Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`));

describe('qualifyingPlaces (RULES.md §6: "per started 9 players one qualifies (1–9: 1, 10–18: 2, …)")', () => {
	it.each([
		[5, 0, '§6 "At least 6 players to count as a qualifier"'],
		[6, 1, '§6 1–9: 1'],
		[9, 1, '§6 1–9: 1'],
		[10, 2, '§6 10–18: 2'],
		[18, 2, '§6 10–18: 2'],
		[19, 3, '§6 "…" (19–27: 3)'],
		[60, 7, '§6 one per started nine: ceil(60/9)']
	])('%i players → %i qualifiers (%s)', (players, places) => {
		expect(qualifyingPlaces(players)).toBe(places);
	});
});

describe('qualification: the tie at the last place, as a lot still has to decide it (RULES.md §6 "still tied → lot")', () => {
	const tiedAt = (rank: number, ...players: string[]) => players.map((player) => ({ player, rank }));
	it.each([
		['§6: no tie at the cut, nothing pending', ranked('A', 'B', 'C'), 2, ['A', 'B'], null],
		[
			'§6: two tied for the one last place: one place among two',
			[...ranked('A'), ...tiedAt(2, 'B', 'C')],
			2,
			['A'],
			{ players: ['B', 'C'], places: 1 }
		],
		[
			'§6: three tied across the last two places: two places among three',
			[...ranked('A', 'B'), ...tiedAt(3, 'C', 'D', 'E')],
			4,
			['A', 'B'],
			{ players: ['C', 'D', 'E'], places: 2 }
		],
		[
			'§6: everyone tied for the only place',
			tiedAt(1, 'A', 'B', 'C'),
			1,
			[],
			{ players: ['A', 'B', 'C'], places: 1 }
		]
	])('%s', (_rule, ranking, count, players, pending) => {
		expect(qualification(ranking, count)).toEqual({ players, pending });
	});

	it('the certain players and the places a lot gives add up to the places, never more', () => {
		fc.assert(
			fc.property(fc.array(fc.nat(3), { maxLength: 20 }), fc.nat(8), (steps, count) => {
				let rank = 1;
				const ranking = steps.map((step, i) => ({
					player: `P${i}`,
					rank: i === 0 ? 1 : (rank += step ? i - rank + 1 : 0)
				}));
				const { players, pending } = qualification(ranking, count);
				expect(players.length + (pending?.places ?? 0)).toBe(Math.min(count, ranking.length));
				if (pending) expect(pending.players.length).toBeGreaterThan(pending.places);
				expect(players).toEqual(qualifiedBy(ranking, count));
			})
		);
	});
});

describe('qualifiedBy (RULES.md §6: "the first ceil(n/9) of its final ranking")', () => {
	it.each([
		['§6: the first of the ranking', ranked('A', 'B', 'C'), 1, ['A']],
		['§6: the first two, best first', ranked('A', 'B', 'C', 'D'), 2, ['A', 'B']],
		[
			'§6 "still tied → lot": a tie across the last place is open until the lot',
			[
				{ player: 'A', rank: 1 },
				{ player: 'B', rank: 2 },
				{ player: 'C', rank: 2 }
			],
			2,
			['A']
		],
		[
			'§6: a tie wholly inside the places is no obstacle',
			[
				{ player: 'A', rank: 1 },
				{ player: 'B', rank: 1 },
				{ player: 'C', rank: 3 }
			],
			2,
			['A', 'B']
		],
		['§6: more places than players lists everyone', ranked('A', 'B'), 3, ['A', 'B']],
		['§6: no places, no qualifiers', ranked('A', 'B'), 0, []]
	])('%s', (_rule, ranking, count, expected) => {
		expect(qualifiedBy(ranking, count)).toEqual(expected);
	});

	it('§6a "his place goes to the next player of that tournament\'s ranking who is not yet qualified"', () => {
		expect(qualifiedBy(ranked('A', 'B', 'C', 'D'), 2, (p) => p === 'A')).toEqual(['B', 'C']);
	});

	it('never lists more than the places, nor anyone skipped, and keeps the ranking order', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 20 }),
				fc.nat(8),
				fc.array(fc.nat(19)),
				(gaps, count, skipped) => {
					let rank = 0;
					const ranking = gaps.map((gap, i) => ({ player: `P${i}`, rank: (rank += gap % 2) || 1 }));
					const skip = new Set(skipped.map((i) => `P${i}`));
					const result = qualifiedBy(ranking, count, (p) => skip.has(p));
					expect(result.length).toBeLessThanOrEqual(count);
					expect(result.some((p) => skip.has(p))).toBe(false);
					const order = ranking.map((r) => r.player).filter((p) => result.includes(p));
					expect(result).toEqual(order);
				}
			)
		);
	});
});

describe('seasonQualified (RULES.md §6a)', () => {
	const spring = { name: 'Quali Leipzig', date: '2027-03-06', participants: 14, ranking: field('L', 14) };
	const summer = {
		name: 'Quali Bonn',
		date: '2027-06-12',
		participants: 10,
		ranking: ranked('L1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B10')
	};

	it('§6a "tournaments in date order", each with its own qualifiers by §6', () => {
		const season = seasonQualified([summer, spring]);
		expect(season.tournaments.map((t) => [t.name, t.qualified])).toEqual([
			['Quali Leipzig', ['L1', 'L2']],
			['Quali Bonn', ['L1', 'B2']]
		]);
	});

	it('§6a "listed once, and his place goes to the next player … not yet qualified (Nachrücker)"', () => {
		expect(seasonQualified([summer, spring]).qualified).toEqual([
			{ player: 'L1', tournament: 'Quali Leipzig' },
			{ player: 'L2', tournament: 'Quali Leipzig' },
			{ player: 'B2', tournament: 'Quali Bonn' },
			{ player: 'B3', tournament: 'Quali Bonn' }
		]);
	});

	it('§6a "Configurable per season (move-up on/off)": off leaves the place empty', () => {
		expect(seasonQualified([summer, spring], { moveUp: false }).qualified).toEqual([
			{ player: 'L1', tournament: 'Quali Leipzig' },
			{ player: 'L2', tournament: 'Quali Leipzig' },
			{ player: 'B2', tournament: 'Quali Bonn' }
		]);
	});

	it('§6a: the same person typed differently at two venues is one player', () => {
		const later = { ...summer, ranking: ranked(' l1 ', 'B2', 'B3'), participants: 6 };
		expect(seasonQualified([spring, later]).qualified.map((q) => q.player)).toEqual(['L1', 'L2', 'B2']);
		expect(samePlayerKey('Hans-Jürgen  Meier')).toBe(samePlayerKey('hans-jürgen meier'));
	});

	it('§6 "At least 6 players to count": a smaller tournament qualifies nobody', () => {
		const small = { name: 'Klein', date: '2027-01-01', participants: 5, ranking: field('K', 5) };
		expect(seasonQualified([small]).qualified).toEqual([]);
	});

	it('every player is listed once, and the list does not depend on the order tournaments are given', () => {
		const tournament = fc.record({
			name: fc.constantFrom('A', 'B', 'C', 'D'),
			date: fc.constantFrom('2027-01-01', '2027-02-01', '2027-03-01'),
			players: fc.uniqueArray(fc.constantFrom('x', 'y', 'z', 'u', 'v', 'w', 'q', 'r'), {
				minLength: 6,
				maxLength: 8
			})
		});
		fc.assert(
			fc.property(fc.uniqueArray(tournament, { selector: (t) => t.name, maxLength: 4 }), (given) => {
				const list = given.map((t) => ({
					name: t.name,
					date: t.date,
					participants: t.players.length,
					ranking: ranked(...t.players)
				}));
				const season = seasonQualified(list);
				const players = season.qualified.map((q) => q.player);
				expect(new Set(players).size).toBe(players.length);
				expect(seasonQualified([...list].reverse())).toEqual(season);
			})
		);
	});
});
