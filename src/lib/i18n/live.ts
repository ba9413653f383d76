/** Texts of the spectators' pages: live standings, the rounds' tables, a player's games. */

import { Texts } from './texts.svelte';

/** A tie at a cut that a lot (SET: a play-off) still decides: `places` among `players`. */
interface Pending {
	readonly places: number;
	readonly names: string;
	readonly playOff: boolean;
}

/**
 * A moment as the reader reads it: today only the time ("14:32:05"), another day with its date
 * ("06.03.2027, 14:32"); `tag` is the language's.
 */
function moment(tag: string): (ms: number, now: number) => string {
	return (ms, now) => {
		const today = new Date(ms).toDateString() === new Date(now).toDateString();
		const style: Intl.DateTimeFormatOptions = today
			? { timeStyle: 'medium' }
			: { dateStyle: 'medium', timeStyle: 'short' };
		return new Intl.DateTimeFormat(tag, style).format(ms);
	};
}

export const de = {
	title: 'Live-Rangliste',
	missing: 'Dieser Link nennt keinen Server oder kein Turnier (…/live?db=ADRESSE&t=TURNIER).',
	waiting: 'Das Turnier ist noch nicht veröffentlicht. Die Seite wartet darauf.',
	waitingShort: 'Wartet',
	connecting: 'Verbinde …',
	live: 'Live',
	offlineSince: (time: string) => `Keine Verbindung seit ${time}`,
	asOf: (time: string) => `Stand: ${time}`,
	moment: moment('de-DE'),
	views: 'Ansichten',
	standings: 'Rangliste',
	finalStandings: 'Endstand',
	rounds: 'Runden',
	rank: 'Platz',
	player: 'Spieler',
	points: 'Punkte',
	gamePoints: 'Spielpunkte',
	setPoints: 'SET-Punkte',
	share: 'Anteil',
	finalGroup: 'Finale',
	prelimGroup: 'Vorrunde',
	round: (stage: 'prelim' | 'final', n: number) => (stage === 'final' ? `Finale, Runde ${n}` : `Runde ${n}`),
	provisional: 'vorläufig',
	seating: 'Sitzplan',
	table: (n: number) => `Tisch ${n}`,
	reported: 'gemeldet',
	playing: 'spielt',
	finalists: 'Im Finale',
	qualifiers: (n: number) => `Qualifiziert (${n})`,
	pending: ({ places, names, playOff }: Pending) =>
		`${places === 1 ? 'Um den letzten Platz' : `Um die letzten ${places} Plätze`} entscheidet ${playOff ? 'ein Stechen' : 'das Los'} zwischen ${names}.`,
	none: '–',
	withdrawn: 'abgemeldet',
	left: 'hat das Spiel verlassen',
	place: (n: number) => `${n}. Platz`,
	pointsOf: (points: string) => (points === '1' ? '1 Punkt' : `${points} Punkte`),
	gamePointsOf: (points: string, set: boolean) => `${points} ${set ? 'SET-Punkte' : 'Spielpunkte'}`,
	against: 'gegen',
	games: 'Spiele',
	noGames: 'Noch kein Spiel.',
	notPlaying: (name: string) => `${name} spielt in diesem Turnier nicht mit.`,
	overall: 'Gesamt',
	inFinal: 'Im Finale',
	noRounds: 'Noch keine Runde ausgelost.',
	noRound: (label: string) => `${label}: (noch) nicht ausgelost.`,
	qualified: 'Qualifiziert'
};

export const en: typeof de = {
	title: 'Live standings',
	missing: 'This link names no server or no tournament (…/live?db=ADDRESS&t=TOURNAMENT).',
	waiting: 'The tournament is not published yet. This page waits for it.',
	waitingShort: 'Waiting',
	connecting: 'Connecting …',
	live: 'Live',
	offlineSince: (time: string) => `No connection since ${time}`,
	asOf: (time: string) => `As of: ${time}`,
	moment: moment('en-GB'),
	views: 'Views',
	standings: 'Standings',
	finalStandings: 'Final standings',
	rounds: 'Rounds',
	rank: 'Rank',
	player: 'Player',
	points: 'Points',
	gamePoints: 'Game points',
	setPoints: 'SET points',
	share: 'Share',
	finalGroup: 'Final',
	prelimGroup: 'Prelims',
	round: (stage: 'prelim' | 'final', n: number) => (stage === 'final' ? `Final, round ${n}` : `Round ${n}`),
	provisional: 'provisional',
	seating: 'Seating',
	table: (n: number) => `Table ${n}`,
	reported: 'reported',
	playing: 'playing',
	finalists: 'In the final',
	qualifiers: (n: number) => `Qualified (${n})`,
	pending: ({ places, names, playOff }: Pending) =>
		`${playOff ? 'A play-off' : 'A lot'} between ${names} decides ${places === 1 ? 'the last place' : `the last ${places} places`}.`,
	none: '–',
	withdrawn: 'withdrawn',
	left: 'left the game',
	place: (n: number) => `${n}${ordinal(n)} place`,
	pointsOf: (points: string) => (points === '1' ? '1 point' : `${points} points`),
	gamePointsOf: (points: string, set: boolean) => `${points} ${set ? 'SET points' : 'game points'}`,
	against: 'against',
	games: 'Games',
	noGames: 'No game yet.',
	notPlaying: (name: string) => `${name} does not play in this tournament.`,
	overall: 'Overall',
	inFinal: 'In the final',
	noRounds: 'No round drawn yet.',
	noRound: (label: string) => `${label}: not drawn (yet).`,
	qualified: 'Qualified'
};

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
function ordinal(n: number): string {
	if (n % 100 >= 11 && n % 100 <= 13) return 'th';
	return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** The spectators' texts in the current language (`.t`) or in a given one (`.in(locale)`). */
export const liveTexts = new Texts(de, en);
