import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { recordOf } from './record';
import { readRecord } from './read';
import { writeRecord } from './write';
import { arbitraryRound } from '../testing/rounds';
import { playRound, type RoundAction } from '../round';
import { TOURNAMENT } from '../rules';
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
		['a purchase after the tile', 'Players: Anna, Ben\nAnna: 5 d', 2, 'bad-token'],
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
