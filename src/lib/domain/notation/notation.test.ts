import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { recordActions, recordOf, setupOf } from './record';
import { parseTurnTokens, readRecord, recordTooLarge } from './read';
import { writeRecord } from './write';
import { arbitraryRound } from '../testing/rounds';
import { playRound, type RoundAction } from '../round';
import { TOURNAMENT } from '../rules';
import { LIMITS } from '../limits';
import { runs } from '../testing/runs';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('reading a record (docs/NOTATION.md)', () => {
	it('reads the NOTATION example to its end and settles it', () => {
		const read = readRecord(fixture('notation-example.trn'));
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		const { record, state } = read.value;
		expect(record.players).toEqual(['Anna', 'Ben', 'Cara', 'Dirk']);
		expect(record.start).toBe(1);
		expect(state.end).toBe('out');
		expect(state.phase).toBe('over');
		// Cara goes out: 25, then the others' tiles: Anna 14 + Ben (3-4-4 0-0-1) 12 + Dirk 30.
		expect(state.settlement).toEqual([0, 0, 56, 0]);
		expect(state.turns.slice(0, 5).map((t) => t.score)).toEqual([12, -3, -25, 52, 58]);
	});

	it('keywords are case-insensitive, comments and blank lines are ignored, defaults apply', () => {
		const read = readRecord('# a round\n\nPLAYERS: Anna, Ben\n\nanna: d D 7   # comment\nBEN: 5 Bridge\n');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		expect(read.value.record.rules).toEqual({ preset: 'tournament', scoring: 'standard', tiles: 56 });
		expect(read.value.record.start).toBe(0);
		expect(read.value.state.pool).toBe(56 - 18 - 2);
		expect(read.value.state.totals).toEqual([-3, 45]);
	});

	it('a line of spaces or an indented comment is a blank line; an empty list entry (a trailing comma) drops out', () => {
		const read = readRecord('Players: Anna, Ben,\n  \t \n   # an indented comment\nAnna: 7');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		expect(read.value.record.players).toEqual(['Anna', 'Ben']);
		expect(read.value.state.totals).toEqual([7, 0]);
	});

	it('drops a byte-order mark that opens the file; a U+FEFF inside a name is part of the name', () => {
		const read = readRecord('\uFEFFPlayers: Jo\uFEFFe, Ben\nJo\uFEFFe: 7');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		expect(read.value.record.players).toEqual(['Jo\uFEFFe', 'Ben']);
		const inner = readRecord('Players: Jo\uFEFFe, Ben\nJo\uFEFFe: 7');
		expect(inner.ok && inner.value.record.players).toEqual(['Jo\uFEFFe', 'Ben']);
	});

	it('a record may stop mid-round, even mid-turn: it is scored as far as it goes', () => {
		const read = readRecord('Players: Anna, Ben, Cara\nAnna: 7\nBen: d d');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		expect(read.value.state.phase).toBe('play');
		expect(read.value.state.current).toEqual({ seat: 1, draws: 2 });
	});

	it.each([
		['an unknown keyword or player', 'Players: Anna, Ben\nCarl: 5', 2, 'unknown-key'],
		['a line without a colon', 'Players: Anna, Ben\nAnna 5', 2, 'no-colon'],
		['a missing Players line', 'Rules: classic\nAnna: 5', 2, 'no-players'],
		['unknown rules', 'Rules: blitz\nPlayers: Anna, Ben\nAnna: 5', 1, 'bad-rules'],
		['a 55-tile set', 'Tiles: 55\nPlayers: Anna, Ben', 1, 'bad-tiles'],
		['a start player not at the table', 'Players: Anna, Ben\nStart: Carl\nAnna: 5', 2, 'start-not-listed'],
		['a header after the first turn', 'Players: Anna, Ben\nAnna: 5\nPool: 3', 3, 'late-header'],
		['a header twice', 'Players: Anna, Ben\nPlayers: Anna, Ben', 2, 'header-twice'],
		['kids’ scoring with tournament rules', 'Scoring: kids\nPlayers: A, B\nA: 1', 1, 'kids-tournament'],
		['a player named like a keyword', 'Players: Anna, Hands\nAnna: 1', 1, 'reserved-name'],
		['a token it cannot read', 'Players: Anna, Ben\nAnna: d seven', 2, 'bad-token'],
		['a purchase after the tile', 'Players: Anna, Ben\nAnna: 5 d', 2, 'draw-after'],
		['two bonuses', 'Players: Anna, Ben\nAnna: 5\nBen: 7 bridge hexagon', 3, 'two-bonuses'],
		['something after pass', 'Players: Anna, Ben\nAnna: d d d pass 5', 2, 'after-pass'],
		['an empty turn', 'Players: Anna, Ben\nAnna:', 2, 'empty-turn'],
		['a turn left open before the next', 'Players: Anna, Ben\nAnna: d\nBen: 5', 2, 'open-turn'],
		['Hands before the end', 'Players: Anna, Ben\nAnna: 5\nHands: Anna 3', 3, 'settle-early'],
		['a pool larger than what dealing leaves', 'Players: A, B\nPool: 50\nA: 1', 2, 'bad-pool'],
		['a pool that is not a number', 'Players: A, B\nPool: many\nA: 1', 2, 'pool-not-a-count'],
		['a quote left open', 'Players: "Müller, H., Ben\nBen: 1', 1, 'open-quote'],
		['text after a quoted name', 'Players: "Müller" H., Ben\nBen: 1', 1, 'after-quote'],
		['a quote left open in a turn line', 'Players: A, B\n"A: 1', 2, 'open-quote']
	])('refuses %s, naming the line', (_what, text, line, code) => {
		const read = readRecord(text);
		expect(read.ok).toBe(false);
		if (read.ok) return;
		expect({ line: read.error.line, code: read.error.code }).toEqual({ line, code });
	});

	it('never throws on arbitrary text', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 300 }), (text) => {
				const read = readRecord(`Players: Anna, Ben\n${text}`);
				expect(typeof read.ok).toBe('boolean');
			}),
			{ numRuns: runs(2000) }
		);
	});

	it('takes any space between a Hands entry’s name and its hand, as turn lines do (a tab, a no-break space)', () => {
		for (const space of ['\t', '\u00a0', '  ']) {
			const read = readRecord(
				`Players: Anna, Ben\nPool: 0\nAnna: pass\nBen: pass\nHands: Anna${space}30, Ben 40`
			);
			expect(read.ok && read.value.state.settlement).toEqual([-30, -40]);
		}
	});
});

describe('names in quotes (docs/NOTATION.md)', () => {
	it('reads quoted names in every place a name stands; # and : inside quotes are part of the name', () => {
		const read = readRecord(
			[
				'Players: "Müller, H.", "Hands", "Tisch #2: Jo", "Say ""hi"""',
				'Start: "Hands"',
				'"hands": 7   # a comment with a "quote',
				'"Tisch #2: Jo": d d 5',
				'"Say ""hi""": 3',
				'"MÜLLER, H.": 4'
			].join('\n')
		);
		if (!read.ok) throw new Error(`line ${read.error.line}: ${JSON.stringify(read.error)}`);
		expect(read.value.record.players).toEqual(['Müller, H.', 'Hands', 'Tisch #2: Jo', 'Say "hi"']);
		expect(read.value.record.start).toBe(1);
		expect(read.value.state.totals).toEqual([4, 7, -5, 3]);
	});

	it('a quoted name is the player’s name without the spaces inside its quotes, wherever it stands', () => {
		// The round stores names trimmed; Start, a turn's key and a Hands entry find the player the same way.
		const read = readRecord(
			'Players: " Anna ", Ben\nStart: " Anna "\nPool: 0\n" Anna ": pass\nBen: pass\nHands: " Anna " 30, Ben 40'
		);
		if (!read.ok) throw new Error(`line ${read.error.line}: ${JSON.stringify(read.error)}`);
		expect(read.value.record.players).toEqual(['Anna', 'Ben']);
		expect(read.value.record.start).toBe(0);
		expect(read.value.state.settlement).toEqual([-30, -40]);
	});

	it('records without quoted names read as before: a quote inside a bare name is an ordinary character', () => {
		const read = readRecord('Players: Bob "B" Smith, Ann\nBob "B" Smith: 5 # "\nAnn: 6');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		expect(read.value.record.players).toEqual(['Bob "B" Smith', 'Ann']);
		expect(read.value.state.totals).toEqual([5, 6]);
	});

	/** A finished round (early end: pool empty, everyone passes) with these names and hand sums. */
	function early(players: string[], sums: number[]) {
		const actions: RoundAction[] = players.map(() => ({ type: 'pass' }));
		actions.push({ type: 'settle', hands: sums.map((sum) => ({ sum, tiles: null })) });
		const played = playRound({ rules: TOURNAMENT, players, start: 0, pool: 0 }, actions);
		if (!played.ok) throw new Error(JSON.stringify(played.error));
		return played.value;
	}

	it.each([
		['a comma ("Müller, H.")', ['Müller, H.', 'Ben', 'Cara'], '"Müller, H."'],
		['a colon', ['Dr. No: 7', 'Ben', 'Cara'], '"Dr. No: 7"'],
		['a #', ['Tisch #2', 'Ben', 'Cara'], '"Tisch #2"'],
		['a header keyword', ['Hands', 'Players', 'start'], '"Hands"'],
		['a leading quote', ['"Ace"', 'Ben', 'Cara'], '"""Ace"""'],
		['umlauts and ß, no quotes needed', ['Jörg Weiß', 'Straße', 'Zoë'], 'Players: Jörg Weiß, Straße, Zoë'],
		// "Elsewhere a `"` is an ordinary character": a lone quote inside a name needs no quotes either.
		['a lone quote inside it, no quotes needed', ['Bob "B', 'Ann', 'Cara'], 'Players: Bob "B, Ann, Cara'],
		['a name that begins another ("Anna", "Anna 30")', ['Anna', 'Anna 30', 'Ben'], '"Anna" 30, Anna 30 40']
	])('writes and reads back a name with %s', (_case, players, written) => {
		const state = early(players, [30, 40, 50]);
		const record = recordOf(state);
		const text = writeRecord(record);
		expect(text).toContain(written);
		const read = readRecord(text);
		if (!read.ok) throw new Error(`line ${read.error.line}: ${JSON.stringify(read.error)}\n${text}`);
		expect(read.value.record).toEqual(record);
		expect(read.value.state.totals).toEqual(state.totals);
	});
});

describe('writing a record', () => {
	it('write ∘ read is the identity on generated records', () => {
		fc.assert(
			fc.property(arbitraryRound(), ({ state }) => {
				const record = recordOf(state);
				const text = writeRecord(record);
				const read = readRecord(text);
				if (!read.ok) throw new Error(`line ${read.error.line}: ${JSON.stringify(read.error)}\n${text}`);
				expect(read.value.record).toEqual(record);
				expect(read.value.state.totals).toEqual(state.totals);
				expect(writeRecord(read.value.record)).toBe(text);
			}),
			{ numRuns: runs(300) }
		);
	});

	it('writes a record that stops mid-turn with the purchases made so far, and reads it back', () => {
		const read = readRecord('Players: Anna, Ben, Cara\nAnna: 7\nBen: d d');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		const text = writeRecord(read.value.record);
		expect(text.split('\n').slice(-3)).toEqual(['Anna: 7', 'Ben: d d', '']);
		const again = readRecord(text);
		expect(again.ok && again.value.record).toEqual(read.value.record);
	});

	it('the export states the Pool only when it is not what dealing leaves (docs/NOTATION.md: `Pool:` is optional)', () => {
		const exported = (text: string) => {
			const read = readRecord(text);
			if (!read.ok) throw new Error(JSON.stringify(read.error));
			return recordOf(read.value.state);
		};
		const dealt = exported('Players: Anna, Ben\nAnna: 5');
		expect(dealt.pool).toBeNull();
		expect(writeRecord(dealt)).not.toContain('Pool:');
		expect(exported('Players: Anna, Ben\nPool: 38\nAnna: 5').pool).toBeNull();
		const given = exported('Players: Anna, Ben\nPool: 3\nAnna: 5');
		expect(given.pool).toBe(3);
		expect(writeRecord(given)).toContain('\nPool: 3\n');
	});

	it('writes the NOTATION example back in canonical form', () => {
		const read = readRecord(fixture('notation-example.trn'));
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		const text = writeRecord(read.value.record);
		expect(text.split('\n').slice(0, 7)).toEqual([
			'Rules: tournament',
			'Tiles: 56',
			'Players: Anna, Ben, Cara, Dirk',
			'Start: Ben',
			'Pool: 28',
			'',
			'Ben: 12'
		]);
		expect(text).toContain('Anna: 3-4-5 bridge\n');
		expect(text).toContain('Cara: 9 out\n');
		expect(text.trimEnd().split('\n').at(-1)).toBe(
			'Hands: Anna 14, Ben 3-4-4 0-0-1, Dirk 0-1-2 1-1-1 0-2-2 2-3-3 4-4-4'
		);
	});
});

describe('what a refusal says (docs/NOTATION.md: "Every error names its line and says what is wrong")', () => {
	/** The error a record runs into; fails the test when it reads. */
	function errorOf(text: string) {
		const read = readRecord(text);
		if (read.ok) throw new Error(`expected an error:\n${text}`);
		return read.error;
	}

	/** Two players, pool empty, both passed: the round waits for `Hands:` on line 5 (000 §Vorzeitiges Spielende). */
	const SETTLE = 'Players: Anna, Ben\nPool: 0\nAnna: pass\nBen: pass';

	it('a record of exactly LIMITS.recordBytes characters is read; one more is refused before any line', () => {
		const head = 'Players: Anna, Ben\n# ';
		const atLimit = head + 'x'.repeat(LIMITS.recordBytes - head.length);
		expect(atLimit.length).toBe(LIMITS.recordBytes);
		expect(readRecord(atLimit).ok).toBe(true);
		expect(readRecord(`${atLimit}x`)).toEqual({
			ok: false,
			error: { code: 'record-too-large', max: LIMITS.recordBytes, line: 1 }
		});
		expect(recordTooLarge()).toEqual({ code: 'record-too-large', max: 1_000_000, line: 1 });
	});

	it.each([
		// docs/NOTATION.md, Turn lines: "a bonus after the tile", "`out` after the tile".
		[
			'a bonus after `out`',
			'Players: Anna, Ben\nAnna: 5\nBen: 7 out bridge',
			{ code: 'bonus-after-out', line: 3 }
		],
		['two bonuses', 'Players: Anna, Ben\nAnna: 5\nBen: 7 bridge hexagon', { code: 'two-bonuses', line: 3 }],
		// docs/NOTATION.md, End of the round: the Hands line names each player's hand, as a sum or as tiles.
		[
			'a Hands entry of no player',
			`${SETTLE}\nHands: Carl 5`,
			{ code: 'hands-player', entry: 'Carl 5', line: 5 }
		],
		[
			'a player’s hand twice',
			`${SETTLE}\nHands: Anna 5, anna 6`,
			{ code: 'hands-twice', player: 'Anna', line: 5 }
		],
		[
			'a hand with nothing in it',
			`${SETTLE}\nHands: Anna, Ben 3`,
			{ code: 'hands-empty', player: 'Anna', line: 5 }
		],
		[
			'a tile in a hand with a number above 5',
			`${SETTLE}\nHands: Anna 3-4-5 3-4-9, Ben 3`,
			{ code: 'hands-token', player: 'Anna', problem: { code: 'bad-tile-number', text: '3-4-9' }, line: 5 }
		],
		[
			'a word in a hand that is no tile',
			`${SETTLE}\nHands: Anna 5, Ben 1-2-3 x`,
			{ code: 'hands-token', player: 'Ben', problem: { code: 'bad-tile', text: 'x' }, line: 5 }
		],
		// docs/NOTATION.md: "the `Hands:` line settles the round" — nothing may follow it.
		[
			'a turn after the Hands line',
			`${SETTLE}\nHands: Anna 30, Ben 40\nAnna: 3`,
			{ code: 'after-hands', line: 6 }
		],
		[
			'a second Hands line',
			`${SETTLE}\nHands: Anna 30, Ben 40\nHands: Anna 30, Ben 40`,
			{ code: 'after-hands', line: 6 }
		],
		[
			'a quoted Hands entry of no player',
			`${SETTLE}\nHands: "Carl" 5, Anna 30, Ben 40`,
			{ code: 'hands-player', entry: '"Carl" 5', line: 5 }
		],
		// An entry is a player's when his whole name stands before a space ("Anna 14"), not a longer word.
		[
			'a Hands entry that only begins with a player’s name',
			`${SETTLE}\nHands: Annabell 30, Ben 40`,
			{ code: 'hands-player', entry: 'Annabell 30', line: 5 }
		],
		// "as a sum or as tiles": one or the other, so a number beside tiles is no tile.
		[
			'a sum and tiles in one hand',
			`${SETTLE}\nHands: Anna 14 3-4-5, Ben 3`,
			{ code: 'hands-token', player: 'Anna', problem: { code: 'bad-tile', text: '14' }, line: 5 }
		],
		// docs/NOTATION.md, Turn lines: "in turn order (seat order from `Start`, wrapping around)".
		[
			'a turn out of order, naming whose turn it is',
			'Players: Anna, Ben\nStart: Ben\nAnna: 5',
			{ code: 'out-of-turn', player: 'Anna', expected: 'Ben', line: 3 }
		],
		[
			'a turn that only bought, naming its player, when the next turn comes',
			'Players: Anna, Ben\nAnna: 5\nBen: 6\nAnna: d\nBen: 2',
			{ code: 'open-turn', player: 'Anna', line: 4 }
		],
		// docs/NOTATION.md, End of the round: an early end "likewise ends in `Hands:`".
		[
			'a turn when only the Hands line is missing',
			`${SETTLE}\nAnna: 3`,
			{ code: 'turn-after-end', player: 'Anna', settle: true, line: 5 }
		],
		[
			'unknown rules, as written',
			'Rules: Blitz\nPlayers: Anna, Ben\nAnna: 5',
			{ code: 'bad-rules', rules: 'Blitz', line: 1 }
		],
		// docs/NOTATION.md: `Pool:` is "tiles in the pool after dealing" — a count, nothing else.
		[
			'a pool below zero',
			'Players: Anna, Ben\nPool: -1\nAnna: 5',
			{ code: 'pool-not-a-count', pool: '-1', line: 2 }
		],
		[
			'a pool with a word after its count',
			'Players: Anna, Ben\nPool: 12 left\nAnna: 5',
			{ code: 'pool-not-a-count', pool: '12 left', line: 2 }
		],
		[
			'a line that begins with its colon',
			'Players: Anna, Ben\n: 5',
			{ code: 'no-colon', statement: ': 5', line: 2 }
		],
		[
			'text after a quoted name before a turn’s colon',
			'Players: Anna, Ben\n"Anna" B.: 5',
			{ code: 'after-quote', name: 'Anna', rest: 'B.', line: 2 }
		],
		// docs/NOTATION.md, Names in quotes: a `"` opens a name only where a name begins; elsewhere it is ordinary.
		[
			'a quote after a quoted name: text after the name, not a second name left open',
			'Players: "Müller" "H., Ben\nBen: 1',
			{ code: 'after-quote', name: 'Müller', rest: '"H.', line: 1 }
		]
	])('refuses %s, saying what and where', (_what, text, error) => {
		expect(errorOf(text)).toEqual(error);
	});

	it('a turn after a kids’ round ended by going out: the round is over, no Hands line is awaited', () => {
		// RULES.md §2, Classic end: going out ends the round at once; the kids' variant counts no tiles in hand.
		const turns = Array.from({ length: 8 }, () => 'Anna: 5\nBen: 5').join('\n');
		const text = `Rules: classic\nScoring: kids\nPlayers: Anna, Ben\n${turns}\nAnna: 5 out\nBen: 5`;
		expect(errorOf(text)).toEqual({ code: 'turn-after-end', player: 'Ben', settle: false, line: 21 });
	});

	it('a header is blamed on its own line, not on the line where the round begins', () => {
		// The round begins at the first turn (line 4); the culprit is the header that made it impossible.
		expect(errorOf('Scoring: Fancy\nPlayers: Anna, Ben\n\nAnna: 5')).toEqual({
			code: 'bad-scoring',
			scoring: 'Fancy',
			line: 1
		});
		const long = 'L'.repeat(LIMITS.nameLength + 1);
		expect(errorOf(`Players: Anna, ${long}\n\nAnna: 5`)).toEqual({
			code: 'name-too-long',
			name: long,
			length: LIMITS.nameLength + 1,
			max: LIMITS.nameLength,
			line: 1
		});
		expect(errorOf('Players: Anna, Ben\nStart: "Ben" B.\nBen: 5')).toEqual({
			code: 'after-quote',
			name: 'Ben',
			rest: 'B.',
			line: 2
		});
		// docs/NOTATION.md: 2–6 names, unique — the round's own refusal, on the Players line.
		expect(errorOf('Players: Anna\n\nAnna: 5')).toEqual({ code: 'player-count', count: 1, line: 1 });
		expect(errorOf('Players: Anna, Ben, anna\nAnna: 5')).toEqual({
			code: 'duplicate-name',
			name: 'anna',
			at: 'table',
			line: 1
		});
		expect(errorOf('Players: Anna, Ben\nPool: 50\n\nAnna: 5')).toEqual({
			code: 'bad-pool',
			pool: 50,
			max: 56 - 18,
			line: 2
		});
	});

	it('a name of LIMITS.nameLength characters is read', () => {
		const longest = 'L'.repeat(LIMITS.nameLength);
		const read = readRecord(`Players: Anna, ${longest}\nAnna: 5`);
		expect(read.ok && read.value.record.players).toEqual(['Anna', longest]);
	});

	it('the Scoring header takes standard and kids (any case) and nothing else', () => {
		const scoring = (text: string) => {
			const read = readRecord(`Rules: classic\nScoring: ${text}\nPlayers: Anna, Ben`);
			return read.ok ? read.value.record.rules.scoring : read.error;
		};
		expect(scoring('standard')).toBe('standard');
		expect(scoring('KIDS')).toBe('kids');
		expect(scoring('kid')).toEqual({ code: 'bad-scoring', scoring: 'kid', line: 2 });
	});
});

describe('parseTurnTokens (docs/NOTATION.md, Turn lines)', () => {
	it.each([
		[
			'`d` — one tile bought; then a tile by its value',
			'd D 7',
			{ draws: 2, play: { kind: 'lay', value: 7, tile: null, bonus: null, out: false } }
		],
		[
			'a tile by its numbers, a bonus, then `out`',
			'3-4-5 brücke out',
			{ draws: 0, play: { kind: 'lay', value: 12, tile: [3, 4, 5], bonus: 'bridge', out: true } }
		],
		['`pass` instead of a tile', 'd d d passe', { draws: 3, play: { kind: 'pass' } }],
		['purchases only: the turn is still open', 'd', { draws: 1, play: null }]
	])('%s', (_what, text, turn) => {
		expect(parseTurnTokens('Anna', text)).toEqual({ ok: true, value: { player: 'Anna', ...turn } });
	});

	it.each([
		['"at most three a turn"', 'd d d d 5', { code: 'too-many-draws', player: 'Anna', draws: 4 }],
		['a value no tile has (0–15)', '16', { code: 'no-such-value', value: 16 }],
		['a bonus after `out`', '5 out hexagon', { code: 'bonus-after-out' }],
		['a second bonus', '5 hexagon bridge', { code: 'two-bonuses' }],
		['`out` twice', '5 out out', { code: 'bad-token', token: 'out', after: 'tile' }],
		['a purchase after the tile', '5 d', { code: 'draw-after' }],
		['a purchase after the tile and its bonus', '5 bridge D', { code: 'draw-after' }],
		['a word at the start', 'seven', { code: 'bad-token', token: 'seven', after: 'start' }],
		[
			'the words after `pass`, as they stand',
			'd d d pass 5 bridge',
			{ code: 'after-pass', rest: '5 bridge' }
		],
		['nothing', '  ', { code: 'empty-turn', player: 'Anna' }]
	])('refuses %s', (_what, text, error) => {
		expect(parseTurnTokens('Anna', text)).toEqual({ ok: false, error });
	});
});

describe('the round a record sets up and plays (lib/table imports records through these)', () => {
	it('setupOf gives the Pool only when the record states one', () => {
		const given = readRecord('Players: Anna, Ben\nPool: 3\nAnna: 5');
		const defaulted = readRecord('Rules: classic\nTiles: 76\nPlayers: Anna, Ben\nStart: Ben\nBen: 5');
		if (!given.ok || !defaulted.ok) throw new Error('the records read');
		expect(setupOf(given.value.record)).toStrictEqual({
			rules: TOURNAMENT,
			players: ['Anna', 'Ben'],
			start: 0,
			pool: 3
		});
		expect(setupOf(defaulted.value.record)).toStrictEqual({
			rules: { preset: 'classic', scoring: 'standard', tiles: 76 },
			players: ['Anna', 'Ben'],
			start: 1
		});
	});

	it('recordActions gives every turn’s actions, the settlement last, and replays to the same round', () => {
		const text =
			'Players: Anna, Ben\nPool: 1\nAnna: d pass\nBen: 1-2-3\nAnna: pass\nBen: pass\nHands: Anna 30, Ben 20';
		const read = readRecord(text);
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		const hands = [
			{ sum: 30, tiles: null },
			{ sum: 20, tiles: null }
		];
		const actions = recordActions(read.value.record);
		expect(actions).toEqual([
			{ type: 'draw' },
			{ type: 'pass' },
			{ type: 'lay', value: 6, tile: [1, 2, 3], bonus: null, out: false },
			{ type: 'pass' },
			{ type: 'pass' },
			{ type: 'settle', hands }
		]);
		expect(playRound(setupOf(read.value.record), actions)).toEqual({ ok: true, value: read.value.state });
	});

	it('recordActions of a record without Hands ends with its last turn', () => {
		const read = readRecord('Players: Anna, Ben\nAnna: 5\nBen: d');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		expect(recordActions(read.value.record)).toEqual([
			{ type: 'lay', value: 5, tile: null, bonus: null, out: false },
			{ type: 'draw' }
		]);
	});
});
