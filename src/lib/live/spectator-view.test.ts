import { describe, expect, it } from 'vitest';
import { FINAL_TIE, publishable, shownSpectator, upTo } from '../publish/testing/published';
import { gamesOf, roundKey, roundNamed, standingGroups } from './spectator-view';

const koeln = publishable('t-koeln', FINAL_TIE);
const doc = shownSpectator(koeln, '2027-04-10T18:00:00.000Z');
const beforeFinal = shownSpectator(
	upTo(
		koeln,
		koeln.events.findIndex((event) => event.type === 'final-opened')
	),
	'2027-04-10T16:00:00.000Z'
);

describe('standingGroups (RULES.md §6: the final’s ranking decides the finalists’ places)', () => {
	it('before the final: one group, everyone by the prelims', () => {
		const groups = standingGroups(beforeFinal);
		expect(groups.map((g) => g.stage)).toEqual([null]);
		expect(groups[0]?.lines.slice(0, 3).map((l) => [l.rank, l.player, l.points])).toEqual([
			[1, 'Spieler D', '10'],
			[2, 'Spieler G', '10'],
			[3, 'Spieler A', '8']
		]);
	});

	it('after it: the finalists by the final’s places and points, then the rest; every player once', () => {
		const groups = standingGroups(doc);
		expect(groups.map((g) => g.stage)).toEqual(['final', 'prelim']);
		expect(groups[0]?.lines.map((l) => [l.rank, l.player, l.points, l.gamePoints])).toEqual([
			[1, 'Spieler A', '10', 180],
			[2, 'Spieler D', '4', 110],
			[2, 'Spieler G', '4', 110]
		]);
		const everyone = groups.flatMap((g) => g.lines.map((l) => l.player));
		expect(everyone.toSorted()).toEqual(FINAL_TIE.players.toSorted());
		// Points never rise down the list within a group.
		for (const group of groups)
			group.lines.forEach((line, i) =>
				expect(Number(line.points)).toBeLessThanOrEqual(Number(group.lines[i - 1]?.points ?? Infinity))
			);
	});
});

describe('rounds in links: „Runde 2“ is 2, „Finale, Runde 2“ is F2', () => {
	it.each([
		['1', 'prelim', 1],
		['2', 'prelim', 2],
		['F1', 'final', 1],
		['F2', 'final', 2]
	] as const)('?runde=%s is the %s’s round %i', (key, stage, ofStage) => {
		const round = roundNamed(doc, key);
		expect(round).toMatchObject({ stage, ofStage });
		expect(round && roundKey(round)).toBe(key);
	});

	it('none names the current round; one that does not exist is none', () => {
		expect(roundNamed(doc, null)).toMatchObject({ stage: 'final', ofStage: 2 });
		expect(roundNamed(doc, '3')).toBeNull();
		expect(roundNamed(doc, 'F3')).toBeNull();
	});
});

describe('gamesOf: a player’s every game, in the order played', () => {
	it('a finalist: two prelim games and two of the final, each with his table’s others', () => {
		const games = gamesOf(doc, 'Spieler D');
		expect(games.map((g) => [roundKey(g.round), g.table, g.seat.place, g.seat.points])).toEqual([
			['1', 2, 1, '5'],
			['2', 1, 1, '5'],
			['F1', 1, 2, '3'],
			['F2', 1, 3, '1']
		]);
		expect(games[1]?.others.map((o) => [o.player, o.gamePoints])).toEqual([
			['Spieler A', 60],
			['Spieler J', 10]
		]);
	});

	it('someone who plays no game here has none', () => {
		expect(gamesOf(doc, 'Spieler Z')).toEqual([]);
	});
});
