import { compare } from '../rational';
import type { Criterion } from './ranking';
import type { Tally } from './tally';

/** Tournament points (victory points in swiss), always the first criterion. */
export const byPoints: Criterion<Tally> = {
	by: 'points',
	compare: (a, b) => compare(a.points, b.points)
};

const gamePoints = (entry: Tally) => entry.gamePoints;

/** Sum of game points (000 §Finale, 002 §3). */
export const byGamePoints: Criterion<Tally> = {
	by: 'gamePoints',
	compare: (a, b) => a.gamePoints - b.gamePoints,
	value: gamePoints
};

/** Sum of SET points (004 §2.5.2): a SET tally keeps them as its game points. */
export const bySetPoints: Criterion<Tally> = { ...byGamePoints, by: 'setPoints', value: gamePoints };

/** Sum of percentage shares (002 §3). */
export const byShare: Criterion<Tally> = {
	by: 'share',
	compare: (a, b) => compare(a.share, b.share),
	value: (entry) => entry.share
};
