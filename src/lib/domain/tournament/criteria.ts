import { formatPercent, formatWhole } from '../numbers';
import { compare, formatRational } from '../rational';
import type { Criterion } from './ranking';
import { sharePercent } from './share';
import type { Tally } from './tally';

/** Tournament points (victory points in swiss), always the first criterion. */
export const byPoints: Criterion<Tally> = {
	by: 'points',
	compare: (a, b) => compare(a.points, b.points),
	show: (entry, locale) => formatRational(entry.points, locale),
	better: { de: 'mehr Punkte', en: 'more points' },
	worse: { de: 'weniger Punkte', en: 'fewer points' }
};

/** Sum of game points (000 §Finale, 002 §3). */
export const byGamePoints: Criterion<Tally> = {
	by: 'gamePoints',
	compare: (a, b) => a.gamePoints - b.gamePoints,
	show: (entry) => formatWhole(entry.gamePoints),
	better: { de: 'mehr Spielpunkte', en: 'more game points' },
	worse: { de: 'weniger Spielpunkte', en: 'fewer game points' }
};

/** Sum of SET points (004 §2.5.2). */
export const bySetPoints: Criterion<Tally> = {
	...byGamePoints,
	by: 'setPoints',
	better: { de: 'mehr SET-Punkte', en: 'more SET points' },
	worse: { de: 'weniger SET-Punkte', en: 'fewer SET points' }
};

/** Sum of percentage shares (002 §3). */
export const byShare: Criterion<Tally> = {
	by: 'share',
	compare: (a, b) => compare(a.share, b.share),
	show: (entry, locale) => formatPercent(sharePercent(entry.share), locale),
	better: { de: 'höherer Prozentanteil', en: 'higher percentage share' },
	worse: { de: 'niedrigerer Prozentanteil', en: 'lower percentage share' }
};
