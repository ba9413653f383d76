/**
 * The English texts of the table's screens (table, new round, round end, correction, print), loaded only
 * when English is chosen or a message is shown in both languages (english.ts): German tables load none of it.
 */

import type { CellColumns } from '$lib/domain/sheet';
import type { de as table } from './table';
import type { de as newRound } from './new-round';
import type { de as roundEnd } from './round-end';
import type { de as correction } from './correction';
import type { de as print } from './print';

const tiles = (n: number) => (n === 1 ? '1 tile' : `${n} tiles`);
const list = (names: readonly string[], and: string) =>
	names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;

const tableEn: typeof table = {
	sheet: {
		title: 'Score sheet',
		loading: 'Loading the round …',
		lap: 'Lap',
		lapShort: 'Lap',
		settlement: 'Settlement',
		settlementShort: 'End',
		left: 'laid',
		middle: 'bonus',
		right: 'total',
		leftShort: 'L',
		middleShort: 'M',
		rightShort: 'Σ',
		pool: (n: number) => `Pool: ${tiles(n)}`,
		hand: (n: number) => tiles(n),
		handLabel: (name: string, n: number) => `${name} holds ${tiles(n)}`,
		toPlay: 'to play',
		passed: 'pass',
		corrected: 'corrected',
		correctedBecause: (reason: string) => `corrected: ${reason}`,
		pendingCell: 'saving',
		cellLabel: (name: string, lap: number, text: string) => `${name}, lap ${lap}: ${text}`,
		settlementLabel: (name: string, text: string) => `${name}, settlement: ${text}`,
		emptyCell: 'empty',
		cellParts: (c: CellColumns) =>
			[
				c.passed ? `passed${c.left !== '0' ? ` (${c.left})` : ''}` : c.left ? `laid ${c.left}` : '',
				c.marks ? `marks ${c.marks}` : '',
				c.middle && !(c.passed && !c.marks.includes('/')) ? `${c.left ? 'bonus' : 'points'} ${c.middle}` : '',
				`total ${c.total}`
			]
				.filter(Boolean)
				.join(', '),
		editHint: 'Tap a cell to correct a turn.',
		backToGame: 'Back to the club evening',
		context: {
			tournament: 'Tournament',
			round: (n: number) => `round ${n}`,
			table: (n: number) => `table ${n}`
		},
		tiles: (n: number) => `${n} tiles`,
		rules: {
			tournament: 'Tournament round',
			classic: 'Classic',
			kids: "Kids' scoring"
		},
		notFound: 'This round does not exist on this device.',
		newRound: 'New round'
	},
	pad: {
		toPlay: (name: string) => `${name} to play`,
		bought: (n: number) => (n === 0 ? '' : n === 1 ? '1 tile bought' : `${n} tiles bought`),
		finalLap: (name: string) => `Final lap: ${name} lays once more – no buying`,
		buy: 'Buy',
		buyPoints: '−5',
		pass: 'Pass',
		passPoints: (penalty: number) => (penalty < 0 ? '−10' : '0'),
		undo: 'Undo',
		lastTile: 'Last tile',
		lastTileHint: (name: string) => `${name} lays the last tile: +25`,
		bonus: 'Bonus',
		bonusFirst: 'Choose the bonus first, then tap the value.',
		noBonusFirstTile: 'The first tile earns no bonus.',
		bonuses: {
			bridge: 'Bridge',
			hexagon: 'Hexagon',
			'double-hexagon': 'Double hexagon',
			'triple-hexagon': 'Triple hexagon'
		},
		byValue: 'Value',
		byNumbers: 'Numbers',
		valueLabel: (value: number) => `Lay a tile worth ${value}`,
		numbersLabel: (n: number) => `Number ${n} of the tile`,
		numberOption: (n: number, position: number) => `${n} as number ${position}`,
		lay: (value: number) => `Lay ${value}`,
		layTile: (tile: string, value: number) => `Lay ${tile} (${value})`,
		trio: 'Open with a trio',
		trioLabel: (tile: string) => `Lay trio ${tile}`,
		poolEmpty: 'Pool empty – lay or pass (−10).',
		passAfterThree: 'Pass only after three purchases.',
		blocked: 'Settle the announcement first.',
		saving: 'Saving …',
		saved: 'Saved',
		roundOver: 'The round is over.'
	},
	announce: {
		title: 'Announcement',
		nothingYet: 'The start player lays a tile or buys.',
		speak: 'Read announcements aloud',
		speakUnavailable: 'Reading aloud is not available in this browser.',
		check: 'Check announcements',
		checkDefault: {
			on: 'On from the start in a tournament: there the announcement is part of the rules, and a mistake counts.',
			off: 'Off at first at a club evening: announcing is not required there, and typing each one slows the game. Switch it on when the table wants them checked.'
		},
		checkTitle: (name: string, lap: number) => `What did ${name} announce in lap ${lap}?`,
		verdictOf: (name: string, lap: number) => `${name}, lap ${lap}:`,
		checkInput: "The player's announcement",
		checkPlaceholder: 'e.g. minus five, seven, makes two – or -5 7 2',
		checkButton: 'Check',
		listen: 'Say the announcement',
		listening: 'Listening …',
		listenFailed: 'Speech recognition is not available – please type.',
		matched: 'The announcement is right.',
		accepted: 'Announcement accepted despite the mismatch.',
		corrected: 'Turn corrected after the announcement.',
		mismatch: (name: string, lap: number) => `${name}'s announcement (lap ${lap}) differs:`,
		step: (n: number, said: string) => `step ${n} ("${said}")`,
		expected: (text: string) => `Correct: ${text}`,
		accept: 'Accept the announcement anyway',
		correct: 'Correct the turn',
		retry: 'Enter again',
		mustResolve: 'Before the next turn: accept the announcement or correct the turn.',
		keys: {
			minus: 'minus',
			result: 'makes',
			bonus: 'bonus',
			pass: 'pass',
			comma: ',',
			clear: 'Clear',
			back: '⌫'
		},
		keysLabel: 'Announcement keys',
		keysOpen: 'Show the announcement keys',
		keysClose: 'Hide the announcement keys'
	},
	files: {
		export: 'Export (.trn)',
		share: 'Share',
		import: 'Import a round (.trn)',
		importHint: 'Open a round record (.trn); it is checked and saved as a new round.',
		importing: 'Importing …',
		importFailed: (line: number, reason: string) => `Not imported – line ${line}: ${reason}`,
		notText: 'The file is not a text file.',
		print: 'Print',
		printView: 'Print view',
		backup: 'The browser may delete stored rounds when space runs low. Save this round’s result as a file.',
		backupAction: 'Save the round as a file (.trn)'
	},
	tabLock: {
		elsewhere: 'This round is open in another window.',
		taken: 'This round was taken over in another window.',
		readOnly: 'It is only shown here – entries are made in one window at a time.',
		takeOver: 'Take over here',
		takingOver: 'Taking over …'
	},
	storage: {
		persisted: 'Storage persistent',
		notPersisted: 'Storage not persistent',
		notPersistedHint: 'The browser might delete the data when space runs short. Installing the app helps.',
		unknown: 'Storage status unknown',
		saveFailed: (detail: string) => `Not saved: ${detail}. The last tap was taken back.`
	},
	partMissing: 'A part of the app could not be loaded. Everything entered is saved – please reload the page.',
	lostEntry: {
		title: 'An entry is missing',
		text: 'After a power cut a saved entry of this round is missing while later ones are kept. Check the sheet together: if a turn is missing or stands with the wrong player, take the entries from there back with “Undo” and enter them again.',
		check: 'Check the sheet now'
	},
	settings: {
		title: 'Round settings',
		language: 'Announcements follow the app language.'
	}
};

const newRoundEn: typeof newRound = {
	title: 'New round',
	players: 'Players',
	playersHint: 'In seat order, clockwise; 2 to 6 players.',
	playerName: (n: number) => `Name of player ${n}`,
	addPlayer: 'Add player',
	removePlayer: (name: string) => `Remove ${name || 'player'}`,
	moveUp: (name: string) => `Move ${name || 'player'} one seat forward`,
	moveDown: (name: string) => `Move ${name || 'player'} one seat back`,
	rules: 'Scoring',
	presets: {
		tournament: 'Tournament round',
		classic: 'Classic to 400',
		kids: "Kids' scoring"
	},
	presetHints: {
		tournament: 'Tournament rules: final lap after the last tile, places and tournament points.',
		classic: 'Original rules: trio start, the round ends with the last tile, game to 400 points.',
		kids: 'Only bridges, hexagons and winning the round count (1/1/2/3/5 points).'
	},
	tileSet: 'Tiles',
	tileSets: { 56: '56 tiles (standard)', 76: '76 tiles (extended)' },
	startPlayer: 'Start player',
	startModes: {
		draw: 'Draw',
		trio: 'Trio start',
		choose: 'Choose'
	},
	drawHint: 'Everyone draws a tile. The highest value opens; on a tie only the tied players draw again.',
	drawRound: (n: number) => (n === 0 ? 'Draw' : `Redraw ${n}`),
	drawFor: (name: string) => `Value drawn by ${name}`,
	drawNext: (name: string) => `${name} draws: tap the value`,
	drawTie: (names: readonly string[]) => `Tie: ${list(names, 'and')} draw again.`,
	drawDecided: (name: string) => `${name} opens.`,
	notDrawing: 'out of the draw',
	trioQuestion: 'Who holds the highest trio (three equal numbers)?',
	trioNobody: 'Nobody holds a trio',
	highestQuestion: 'Who holds the highest tile?',
	trioHint: 'A player holding the highest trio and 0-0-0 may open with 0-0-0 (40 points).',
	chooseQuestion: 'Who opens?',
	starts: (name: string) => `${name} opens`,
	start: 'Start round',
	starting: 'Starting …',
	importTitle: 'Round from a file',
	gameContext: 'Part of the club evening',
	tournamentContext: (round: number | null, table: number | null) =>
		['Tournament', round ? `round ${round}` : '', table ? `table ${table}` : ''].filter(Boolean).join(' · '),
	fixedTitle: 'Set by the director',
	fixedHint:
		'Players, seat order, rules, tiles and scoring come with the table code and cannot be changed here.',
	fixedRules: (rules: string, tiles: string) => `${rules} · ${tiles}`,
	absentTitle: 'A player is not here?',
	absentHint:
		'Do not reseat or remove anyone yourselves: tell the director who is missing – the director decides (a substitute, a new draw or an entry at the desk).',
	absentReport: (name: string) => `${name} is missing`,
	absentReported: (name: string) =>
		`Please tell the director now: ${name} is not at the table. The round waits for the director’s decision.`,
	absentUndo: 'Here after all – the director lets the table play',
	absentCode: 'Report for the director',
	absentCodeHint: 'Show this code to the director (or hand over the file) – the report appears there.'
};

const roundEndEn: typeof roundEnd = {
	handsTitle: 'Settlement: tiles in hand',
	handsHintOut: (name: string) => `${name} went out first and receives the others' tiles.`,
	handsHintEarly: 'Early end: everyone loses the tiles left in their own hand.',
	handsHintBlocked: 'Blocked: the lowest hand wins the round.',
	holds: (name: string, n: number) => `${name} holds ${tiles(n)}`,
	sum: 'Sum',
	sumLabel: (name: string) => `Sum of ${name}'s tiles`,
	byTiles: 'Tap the tiles',
	bySum: 'Enter the sum',
	addTile: 'Add tile',
	removeTile: (tile: string) => `Remove ${tile}`,
	tilesEntered: (n: number, of: number) => `${n} of ${of} tiles`,
	tilesSum: (sum: number) => `= ${sum}`,
	noTiles: 'no tiles',
	settle: 'Settle',
	resultTitle: 'Result',
	settlementPoints: 'Settlement',
	total: 'Points',
	place: 'Place',
	points: 'Tournament points',
	confirm: 'Confirm the result',
	confirmHint: 'Every player checks the sheet; then the table confirms the result.',
	confirmed: 'Result confirmed.',
	next: 'What next?',
	handIn: 'Hand the result to the tournament director',
	handInHint: 'Shows the code the director scans (or a file).',
	nextRound: 'Next round',
	nextRoundHint: 'Choose who opens on the game’s page.',
	sameTable: 'New round with the same players',
	ended: { out: 'went out', early: 'early end', blocked: 'blocked' },
	placeOf: (place: number) => `${place}.`
};

const correctionEn: typeof correction = {
	title: (name: string, lap: number) => `Correct a turn: ${name}, lap ${lap}`,
	hint: 'Only when the table agrees. The sheet recomputes; the old entry stays in the log.',
	draws: 'Bought',
	outcome: 'Then',
	layOutcome: 'Laid a tile',
	passOutcome: 'Passed',
	value: 'Value',
	noBonus: 'no bonus',
	reason: 'Reason',
	reasonPlaceholder: 'e.g. value mixed up, table agrees',
	reasonMissing: 'Please give a reason.',
	preview: (score: string) => `New turn: ${score}`,
	save: 'Save correction'
};

const printEn: typeof print = {
	title: 'Triominos score sheet',
	date: 'Date',
	table: 'Table',
	signatures: "Players' signatures",
	back: 'Back to the sheet',
	unfinished: 'Round still running'
};

/** By area, as `Texts.lazy` names them. */
export const english: Record<string, unknown> = {
	table: tableEn,
	'new-round': newRoundEn,
	'round-end': roundEndEn,
	correction: correctionEn,
	print: printEn
};
