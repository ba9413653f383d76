import { describe, expect, it } from 'vitest';
import type { Result } from '../../domain/result';
import { applyEvent, replay } from '../../domain/tournament/reducer';
import type { PlayerId, TournamentEvent } from '../../domain/tournament/events';
import { admitEvent, sizeWarnings } from '../../domain/tournament/seating-rules';
import type { TournamentState } from '../../domain/tournament/state';
import { tableSizes, type Format } from '../../domain/tournament/tables';
import { qualifierWarning } from '../../domain/tournament/triominos';
import { problemText } from './index';

// A tournament's problems in words: the seats the rules give, the bounds, the engine's refusals.

const AT = '2026-03-14T10:00:00Z';

function registered(format: Format, n: number): TournamentState {
	const state = replay([
		{ type: 'tournament-created', id: 'c', at: AT, format, name: 'T', date: '2026-03-14' },
		...Array.from({ length: n }, (_, i) => ({
			type: 'player-registered' as const,
			id: `r${i}`,
			at: AT,
			player: `p${i + 1}`,
			name: `p${i + 1}`
		}))
	]);
	if (!state.ok) throw new Error(problemText(state.error, 'en'));
	return state.value;
}

/** Players 1..n cut into tables of these sizes, in order. */
function cut(sizes: readonly number[]): PlayerId[][] {
	let next = 0;
	return sizes.map((size) => Array.from({ length: size }, () => `p${++next}`));
}

/** What a refusal says (a result that was not refused says nothing). */
const said = (result: Result<unknown>, lang: 'de' | 'en') =>
	result.ok ? '' : problemText(result.error, lang);

describe('a tournament’s problems, in words', () => {
	it('says both facts of RULES.md §6 when players cannot sit at tables of 3 or 4', () => {
		for (const n of [0, 1, 2, 5]) {
			expect(said(tableSizes(n, 'triominos'), 'de')).toMatch(/keine Tische zu 3 oder 4 .*erst ab 6 Spielern/);
		}
		expect(said(tableSizes(1, 'triominos'), 'de')).toMatch(/^Mit 1 Spieler lassen/);
		expect(said(tableSizes(1, 'triominos'), 'en')).toMatch(/^1 player cannot/);
		expect(said(tableSizes(5, 'set'), 'de')).toContain('mindestens 6 Spieler (RULES.md §8)');
		expect(said(tableSizes(999_999_999, 'swiss'), 'de')).toBe(
			'Höchstens 2000 Spieler je Turnier, nicht 999999999.'
		);
		expect(said(tableSizes(999_999_999, 'swiss'), 'en')).toBe(
			'At most 2,000 players per tournament, not 999999999.'
		);
	});

	it('warns a tournament too small to count as a qualifier (000 §Spielregel)', () => {
		const five = qualifierWarning(5)!;
		expect(problemText(five, 'de')).toContain('nicht als Qualifikation');
		expect(problemText(qualifierWarning(1)!, 'de')).toMatch(/^Mit 1 Spieler zählt/);
		expect(problemText(qualifierWarning(1)!, 'en')).toMatch(/^With 1 player the/);
	});

	it('says what the rules give for a round’s tables, in German and English', () => {
		const [warning] = sizeWarnings(registered('triominos', 12), 1, cut([4, 4, 4]));
		expect(problemText(warning!, 'de')).toBe(
			'Runde 1: 3 Tische zu 4 statt 4 Tische zu 3 – nach der verbindlichen Tischverteilung für 12 Spieler (000).'
		);
		expect(problemText(warning!, 'en')).toBe(
			'Round 1: 3 tables of 4 instead of 4 tables of 3 – by the binding table distribution for 12 players (000).'
		);
		const [uneven] = sizeWarnings(registered('set', 13), 1, cut([3, 5, 5]));
		expect(problemText(uneven!, 'de')).toBe(
			'Runde 1: Tische mit 3 bis 5 Spielern – bei SET unterscheiden sich die Tischgrößen höchstens um eins (004); vorgesehen sind 3 Tische zu 3, 1 Tisch zu 4.'
		);
		for (const [format, sizes] of [
			['triominos', [3, 3, 3, 3]],
			['swiss', [4, 4, 4]],
			['set', [4, 4, 4]]
		] as const) {
			const n = sizes.reduce((a, b) => a + b, 0);
			const other = format === 'triominos' ? [4, 4, 4] : [3, 3, 3, 3];
			for (const warning of sizeWarnings(registered(format, n), 1, cut(other))) {
				expect(problemText(warning, 'en')).not.toBe(problemText(warning, 'de'));
			}
		}
	});

	it('refuses seating that departs from the distribution unless the director confirms it', () => {
		const open: TournamentEvent = {
			type: 'round-opened',
			id: 'o',
			at: AT,
			round: 1,
			seed: 's',
			tables: cut([4, 4, 4])
		};
		const refused = admitEvent(registered('triominos', 12), open);
		expect(said(refused, 'de')).toContain('Abweichende Tischgrößen nur mit Bestätigung der Turnierleitung.');
		expect(said(refused, 'de')).toMatch(/^Runde 1: 3 Tische zu 4 statt 4 Tische zu 3/);
		expect(said(refused, 'en')).toContain("need the director's confirmation");
	});

	it('names where a refused result is: the table and round, or the final', () => {
		const state = registered('triominos', 6);
		const opened = applyEvent(state, { ...openRound(cut([3, 3])), id: 'o1' });
		if (!opened.ok) throw new Error(problemText(opened.error, 'en'));
		const stranger = applyEvent(opened.value, {
			type: 'table-reported',
			id: 'x',
			at: AT,
			round: 1,
			table: 1,
			scores: [
				{ player: 'p1', points: 1 },
				{ player: 'p2', points: 2 },
				{ player: 'p4', points: 3 }
			]
		});
		expect(said(stranger, 'de')).toBe('„p4“ sitzt nicht an Tisch 1 in Runde 1.');
		expect(said(stranger, 'en')).toBe('"p4" is not seated at table 1 in round 1.');
	});
});

function openRound(tables: PlayerId[][]): TournamentEvent {
	return { type: 'round-opened', id: 'o', at: AT, round: 1, seed: 's', tables };
}
