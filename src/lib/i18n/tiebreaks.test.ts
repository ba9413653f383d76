import { describe, expect, it } from 'vitest';
import { rational } from '../domain/rational';
import type { Tiebreak } from '../domain/tournament';
import { tiebreakText } from './tiebreaks';

describe('tiebreakText: why a player stands above or below a rival with the same points', () => {
	it.each<[string, Tiebreak, string, string]>([
		[
			'game points (000 §Finale)',
			{ against: 'h', by: 'gamePoints', won: true, values: [210, 110] },
			'Punktgleich mit Hans: mehr Spielpunkte (210 zu 110)',
			'Level on points with Hans: more game points (210 to 110)'
		],
		[
			'negative game points, with the minus the tables show',
			{ against: 'h', by: 'gamePoints', won: false, values: [-30, -12] },
			'Punktgleich mit Hans: weniger Spielpunkte (−30 zu −12)',
			'Level on points with Hans: fewer game points (−30 to −12)'
		],
		[
			'SET points (004 §2.5.2)',
			{ against: 'h', by: 'setPoints', won: true, values: [14, 9] },
			'Punktgleich mit Hans: mehr SET-Punkte (14 zu 9)',
			'Level on points with Hans: more SET points (14 to 9)'
		],
		[
			'the sum of shares in percent (002 §3)',
			{ against: 'h', by: 'share', won: false, values: [rational(5, 16), rational(9, 16)] },
			'Punktgleich mit Hans: niedrigerer Prozentanteil (31,25 % zu 56,25 %)',
			'Level on points with Hans: lower percentage share (31.25 % to 56.25 %)'
		],
		[
			'a lot won',
			{ against: 'h', by: 'lot', won: true },
			'Gleichstand mit Hans: das Los entschied für ihn',
			'Tied with Hans: the lot went his way'
		],
		[
			'a play-off lost',
			{ against: 'h', by: 'playOff', won: false },
			'Gleichstand mit Hans: die Zusatzrunde entschied gegen ihn',
			"Tied with Hans: the play-off went Hans's way"
		],
		[
			'nothing yet',
			{ against: 'h', by: 'tied', won: null },
			'Gleichstand mit Hans: noch nicht entschieden',
			'Tied with Hans: not decided yet'
		]
	])('%s', (_, tiebreak, de, en) => {
		expect(tiebreakText(tiebreak, 'Hans', 'de')).toBe(de);
		expect(tiebreakText(tiebreak, 'Hans', 'en')).toBe(en);
	});
});
