/** Texts of the start screen and the club evening (game list, new game, game view). */

import { Texts } from './texts.svelte';
export const de = {
	home: {
		title: 'Was möchten Sie tun?',
		newRound: 'Neue Runde',
		newRoundHint: 'Ein Wertungsblatt für einen Tisch',
		club: 'Clubabend',
		clubHint: 'Partien über mehrere Runden, klassisch bis 400',
		director: 'Turnierleitung',
		directorHint: 'Turnier anlegen, Tische auslosen, Rangliste',
		join: 'Tisch beitreten',
		joinHint: 'Dieses Tablet als Tisch eines Turniers',
		running: 'Laufende Runden',
		noRunning: 'Gerade läuft keine Runde.',
		recent: 'Zuletzt beendete Runden',
		resume: 'Fortsetzen',
		show: 'Ansehen',
		ofGame: 'Clubabend-Partie',
		inSettlement: 'Abrechnung offen'
	},
	title: 'Clubabend',
	intro: 'Partien des Abends: Runde um Runde mit denselben Spielern, die Spielstände laufen mit.',
	newGame: 'Neue Partie',
	games: 'Partien',
	noGames: 'Noch keine Partie gespielt. Beginnen Sie mit „Neue Partie“.',
	damagedGames: (n: number) =>
		n === 1
			? 'Eine Partie ist im Speicher beschädigt und wird nicht angezeigt.'
			: `${n} Partien sind im Speicher beschädigt und werden nicht angezeigt.`,
	status: { running: 'läuft', finished: 'beendet' },
	presets: { tournament: 'Turnierrunde', classic: 'Klassisch bis 400', kids: 'Kinderwertung' },
	presetShort: { tournament: 'Turnierrunde', classic: 'Klassisch', kids: 'Kinderwertung' },
	presetHints: {
		tournament: 'Eine Runde nach Turnierregeln – schnell gespielt.',
		classic:
			'Runde um Runde, bis jemand das Spielziel erreicht. Diese Runde wird zu Ende gespielt, dann gewinnt die höchste Punktzahl.',
		kids: 'Einfache Punkte: 1 für eine Brücke oder ein Sechseck, 2 für zwei, 3 für drei Sechsecke, 5 für den Rundensieg.'
	},
	presetWithTarget: (preset: 'classic' | 'kids', target: number) =>
		preset === 'classic' ? `Klassisch bis ${target}` : `Kinderwertung bis ${target}`,
	winner: 'Sieger',
	winnerIs: (names: string) => `Sieger: ${names}`,
	tiedWinners: (names: string) => `Sieger: ${names} (punktgleich)`,
	started: (date: string) => `Begonnen ${date}`,
	// New game
	setup: {
		title: 'Neue Partie',
		players: 'Spieler',
		seatHint: 'In Sitzreihenfolge im Uhrzeigersinn, 2 bis 6 Spieler; leere Zeilen bleiben außen vor.',
		playerName: (n: number) => `Name von Spieler ${n}`,
		addPlayer: 'Spieler hinzufügen',
		remove: (name: string) => `${name} entfernen`,
		moveUp: (name: string) => `${name} einen Platz nach vorn`,
		moveDown: (name: string) => `${name} einen Platz nach hinten`,
		seat: (n: number) => `Platz ${n}`,
		preset: 'Wertung',
		target: 'Spielziel (Punkte)',
		targetHint: 'Wer es erreicht, macht die laufende Runde zur letzten.',
		opener: 'Wer beginnt die erste Runde?',
		start: 'Partie beginnen',
		starting: 'Wird angelegt …'
	},
	openerHints: {
		tournament: 'Alle ziehen einen Stein; wer den höchsten zieht, beginnt.',
		classic: 'Es beginnt, wer das höchste Trio hat – ohne Trio der Stein mit dem höchsten Wert.',
		kids: 'Es beginnt, wer das höchste Trio hat – ohne Trio der Stein mit dem höchsten Wert.'
	},
	// Game view
	game: {
		title: 'Partie',
		players: 'Spielstand',
		round: (n: number) => `Runde ${n}`,
		total: 'Gesamt',
		rounds: 'Runden',
		noRounds: 'Noch keine Runde gespielt.',
		running: 'läuft',
		lastRound: 'letzte Runde',
		resume: 'Runde fortsetzen',
		roundRunning: (n: number) => `Runde ${n} läuft.`,
		nextRound: 'Nächste Runde',
		nextOpener: 'Wer beginnt die nächste Runde?',
		nextOpenerHint: 'Vorgeschlagen: der nächste Platz im Uhrzeigersinn.',
		targetReached: (target: number) =>
			`${target} Punkte erreicht: Diese Runde ist die letzte und wird zu Ende gespielt.`,
		over: 'Die Partie ist entschieden.',
		target: (target: number) => `Spielziel: ${target} Punkte`,
		/** `shown`: the points as written (−15); `n`: their number, for the singular. */
		points: (shown: string, n: number) => (n === 1 ? `${shown} Punkt` : `${shown} Punkte`),
		place: 'Platz',
		tournamentPoints: 'Turnierpunkte',
		damagedRound: (n: number, reason: string) => `Runde ${n} ist beschädigt und zählt nicht: ${reason}`,
		backToClub: 'Zur Partienliste',
		rematch: 'Neue Partie, gleiche Spieler'
	}
};

export const en: typeof de = {
	home: {
		title: 'What would you like to do?',
		newRound: 'New round',
		newRoundHint: 'A score sheet for one table',
		club: 'Club evening',
		clubHint: 'Games over several rounds, classic to 400',
		director: 'Director',
		directorHint: 'Set up a tournament, draw tables, standings',
		join: 'Join a table',
		joinHint: 'Use this tablet as a tournament table',
		running: 'Rounds in progress',
		noRunning: 'No round is being played.',
		recent: 'Recently finished rounds',
		resume: 'Resume',
		show: 'View',
		ofGame: 'Club game',
		inSettlement: 'Settlement open'
	},
	title: 'Club evening',
	intro: 'Tonight’s games: round after round with the same players, the scores adding up as you go.',
	newGame: 'New game',
	games: 'Games',
	noGames: 'No game played yet. Start with “New game”.',
	damagedGames: (n: number) =>
		n === 1
			? 'One game is damaged in storage and is not shown.'
			: `${n} games are damaged in storage and are not shown.`,
	status: { running: 'running', finished: 'finished' },
	presets: { tournament: 'Tournament round', classic: 'Classic to 400', kids: 'Kids’ scoring' },
	presetShort: { tournament: 'Tournament round', classic: 'Classic', kids: 'Kids’ scoring' },
	presetHints: {
		tournament: 'One round under tournament rules – quick.',
		classic:
			'Round after round until someone reaches the target. That round is played to its end, then the highest total wins.',
		kids: 'Simple points: 1 for a bridge or a hexagon, 2 for two, 3 for three hexagons, 5 for winning the round.'
	},
	presetWithTarget: (preset: 'classic' | 'kids', target: number) =>
		preset === 'classic' ? `Classic to ${target}` : `Kids’ scoring to ${target}`,
	winner: 'Winner',
	winnerIs: (names: string) => `Winner: ${names}`,
	tiedWinners: (names: string) => `Winners: ${names} (tied)`,
	started: (date: string) => `Started ${date}`,
	setup: {
		title: 'New game',
		players: 'Players',
		seatHint: 'In seat order, clockwise; 2 to 6 players; empty lines are left out.',
		playerName: (n: number) => `Name of player ${n}`,
		addPlayer: 'Add player',
		remove: (name: string) => `Remove ${name}`,
		moveUp: (name: string) => `Move ${name} one seat forward`,
		moveDown: (name: string) => `Move ${name} one seat back`,
		seat: (n: number) => `Seat ${n}`,
		preset: 'Scoring',
		target: 'Target (points)',
		targetHint: 'Whoever reaches it makes the current round the last.',
		opener: 'Who opens the first round?',
		start: 'Start game',
		starting: 'Creating …'
	},
	openerHints: {
		tournament: 'Everyone draws a tile; the highest opens.',
		classic: 'The holder of the highest trio opens – without a trio, the highest tile.',
		kids: 'The holder of the highest trio opens – without a trio, the highest tile.'
	},
	game: {
		title: 'Game',
		players: 'Score',
		round: (n: number) => `Round ${n}`,
		total: 'Total',
		rounds: 'Rounds',
		noRounds: 'No round played yet.',
		running: 'running',
		lastRound: 'last round',
		resume: 'Resume round',
		roundRunning: (n: number) => `Round ${n} is being played.`,
		nextRound: 'Next round',
		nextOpener: 'Who opens the next round?',
		nextOpenerHint: 'Suggested: the next seat clockwise.',
		targetReached: (target: number) =>
			`${target} points reached: this round is the last and is played to its end.`,
		over: 'The game is decided.',
		target: (target: number) => `Target: ${target} points`,
		points: (shown: string, n: number) => (n === 1 ? `${shown} point` : `${shown} points`),
		place: 'Place',
		tournamentPoints: 'Tournament points',
		damagedRound: (n: number, reason: string) => `Round ${n} is damaged and does not count: ${reason}`,
		backToClub: 'To the list of games',
		rematch: 'New game, same players'
	}
};

/** The club texts in the current language (`.t`) or in a given one (`.in(locale)`). */
export const clubTexts = new Texts(de, en);
