import { nameBeyondLimit } from '../bounds';
import { LIMITS } from '../limits';
import type { RecordProblem } from '../problems';
import { fail, ok, type Result } from '../result';
import { applyAction, startRound, type Hand, type RoundState } from '../round';
import { MAX_DRAWS, PRESETS, type Bonus, type Preset, type RuleOptions } from '../rules';
import { parseTile, tileValue, type Tile } from '../tiles';
import { KEYWORDS, leadingQuotedName, readName, splitKey, splitList, statementOf } from './names';
import { turnActions, type RecordedTurn, type RoundRecord } from './record';

/** A reading error: the line it is on (1-based) and what is wrong. */
export type RecordError = RecordProblem & { readonly line: number };

/** A record past `LIMITS.recordBytes`: refused before a line of it is read (by its file's size, or here). */
export const recordTooLarge = (): RecordError => ({
	code: 'record-too-large',
	max: LIMITS.recordBytes,
	line: 1
});

/** A record that was read, with the round it describes. */
export interface ReadRecord {
	readonly record: RoundRecord;
	readonly state: RoundState;
}

/** The bonus words of docs/NOTATION.md, English and German. */
const BONUS_WORDS: Record<string, Bonus> = {
	bridge: 'bridge',
	hexagon: 'hexagon',
	'double-hexagon': 'double-hexagon',
	'triple-hexagon': 'triple-hexagon',
	brücke: 'bridge',
	bruecke: 'bridge',
	sechseck: 'hexagon',
	doppelsechseck: 'double-hexagon',
	dreifachsechseck: 'triple-hexagon'
};

const HEADERS = KEYWORDS;
type Header = (typeof HEADERS)[number];

function lineError(line: number, problem: RecordProblem): { ok: false; error: RecordError } {
	return fail({ ...problem, line });
}

/** Parses the tokens of a turn line (`d d 7`, `3-4-5 bridge out`, `d d d pass`). */
export function parseTurnTokens(player: string, text: string): Result<RecordedTurn, RecordProblem> {
	const tokens = text.split(/\s+/).filter(Boolean);
	if (tokens.length === 0) {
		return fail({ code: 'empty-turn', player });
	}
	let draws = 0;
	let i = 0;
	while (tokens[i]?.toLowerCase() === 'd') {
		draws++;
		i++;
	}
	if (draws > MAX_DRAWS) {
		return fail({ code: 'too-many-draws', player, draws });
	}
	const rest = tokens.slice(i).map((t) => t.toLowerCase());
	if (rest.length === 0) return ok({ player, draws, play: null });
	const [first, ...after] = rest as [string, ...string[]];
	if (first === 'pass' || first === 'passe') {
		if (after.length > 0) {
			return fail({ code: 'after-pass', rest: after.join(' ') });
		}
		return ok({ player, draws, play: { kind: 'pass' } });
	}
	let value: number;
	let tile: Tile | null = null;
	if (/^\d+$/.test(first)) {
		value = Number(first);
		if (value > 15) {
			return fail({ code: 'no-such-value', value });
		}
	} else if (first.includes('-')) {
		const parsed = parseTile(first);
		if (!parsed.ok) return parsed;
		tile = parsed.value;
		value = tileValue(tile);
	} else {
		return fail({ code: 'bad-token', token: first, after: 'start' });
	}
	let bonus: Bonus | null = null;
	let out = false;
	for (const token of after) {
		const figure = BONUS_WORDS[token];
		if (figure && !bonus && !out) bonus = figure;
		else if (figure) {
			return fail({ code: bonus ? 'two-bonuses' : 'bonus-after-out' });
		} else if (token === 'out' && !out) out = true;
		// NOTATION: purchases come before the tile („Anna: d d 5“), so a „d“ after it is said so.
		else if (token === 'd') return fail({ code: 'draw-after' });
		else {
			return fail({ code: 'bad-token', token, after: 'tile' });
		}
	}
	return ok({ player, draws, play: { kind: 'lay', value, tile, bonus, out } });
}

/** The seat and the rest of a `Hands:` entry: a quoted name, else the longest player name it begins with. */
function handOwner(
	entry: string,
	players: readonly string[]
): Result<{ seat: number | undefined; rest: string }, RecordProblem> {
	const quoted = leadingQuotedName(entry);
	if (quoted) {
		if (!quoted.ok) return quoted;
		const { name, rest } = quoted.value;
		const seat = players.findIndex((p) => p.toLowerCase() === name.trim().toLowerCase());
		return ok({ seat: seat < 0 ? undefined : seat, rest });
	}
	// Compared piece by piece: lower-casing the whole entry may change its length (İ → i̇).
	const begins = (p: string) =>
		entry.slice(0, p.length).toLowerCase() === p.toLowerCase() &&
		(entry.length === p.length || /\s/u.test(entry[p.length]!));
	const seat = players
		.map((p, s) => ({ p, s }))
		.filter(({ p }) => begins(p))
		.sort((a, b) => b.p.length - a.p.length)[0]?.s;
	return ok({ seat, rest: seat === undefined ? '' : entry.slice(players[seat]!.length) });
}

/** Parses a `Hands:` statement: `Anna 14, Ben 3-4-4 0-0-1, "Müller, H." 0`. */
function parseHands(text: string, players: readonly string[]): Result<(Hand | null)[], RecordProblem> {
	const hands: (Hand | null)[] = players.map(() => null);
	for (const entry of splitList(text)) {
		const owner = handOwner(entry, players);
		if (!owner.ok) return owner;
		const { seat, rest } = owner.value;
		if (seat === undefined) {
			return fail({ code: 'hands-player', entry });
		}
		const who = players[seat]!;
		if (hands[seat]) {
			return fail({ code: 'hands-twice', player: who });
		}
		const tokens = rest.trim().split(/\s+/).filter(Boolean);
		if (tokens.length === 0) {
			return fail({ code: 'hands-empty', player: who });
		}
		if (tokens.length === 1 && /^\d+$/.test(tokens[0]!)) {
			hands[seat] = { sum: Number(tokens[0]), tiles: null };
			continue;
		}
		const tiles: Tile[] = [];
		for (const token of tokens) {
			const parsed = parseTile(token);
			if (!parsed.ok) {
				return fail({ code: 'hands-token', player: who, problem: parsed.error });
			}
			tiles.push(parsed.value);
		}
		hands[seat] = { sum: tiles.reduce((a, t) => a + tileValue(t), 0), tiles };
	}
	return ok(hands);
}

interface Headers {
	rules?: string;
	tiles?: string;
	players?: string;
	start?: string;
	pool?: string;
	scoring?: string;
}

/** Turns the header statements into a started round. */
function begin(headers: Headers, lineOf: Partial<Record<Header, number>>, line: number) {
	const at = (h: Header) => lineOf[h] ?? line;
	const preset = (headers.rules ?? 'tournament').toLowerCase();
	if (!PRESETS.includes(preset as Preset)) {
		return lineError(at('rules'), { code: 'bad-rules', rules: headers.rules ?? '' });
	}
	const tiles = headers.tiles ?? '56';
	if (tiles !== '56' && tiles !== '76') {
		return lineError(at('tiles'), { code: 'bad-tiles', tiles });
	}
	const scoring = (headers.scoring ?? 'standard').toLowerCase();
	if (scoring !== 'standard' && scoring !== 'kids') {
		return lineError(at('scoring'), { code: 'bad-scoring', scoring: headers.scoring ?? '' });
	}
	if (scoring === 'kids' && preset !== 'classic') {
		return lineError(at('scoring'), { code: 'kids-tournament' });
	}
	if (headers.players === undefined) {
		return lineError(line, { code: 'no-players' });
	}
	const players: string[] = [];
	for (const field of splitList(headers.players)) {
		const read = readName(field);
		if (!read.ok) return lineError(at('players'), read.error);
		const { name, quoted } = read.value;
		if (!quoted && (HEADERS as readonly string[]).includes(name.toLowerCase())) {
			return lineError(at('players'), { code: 'reserved-name', name });
		}
		// What a record may name, a round can store and open: the names the codes carry (`LIMITS`).
		const tooLong = nameBeyondLimit(name);
		if (tooLong) return lineError(at('players'), tooLong);
		players.push(name);
	}
	let start = 0;
	if (headers.start !== undefined) {
		const read = readName(headers.start);
		if (!read.ok) return lineError(at('start'), read.error);
		const wanted = read.value.name.trim().toLowerCase();
		start = players.findIndex((p) => p.trim().toLowerCase() === wanted);
		if (start < 0) {
			return lineError(at('start'), { code: 'start-not-listed', start: headers.start });
		}
	}
	let pool: number | null = null;
	if (headers.pool !== undefined) {
		if (!/^\d+$/.test(headers.pool)) {
			return lineError(at('pool'), { code: 'pool-not-a-count', pool: headers.pool });
		}
		pool = Number(headers.pool);
	}
	const rules: RuleOptions = {
		preset: preset as Preset,
		scoring: scoring as RuleOptions['scoring'],
		tiles: Number(tiles) as RuleOptions['tiles']
	};
	const started = startRound({ rules, players, start, ...(pool === null ? {} : { pool }) });
	if (!started.ok) {
		const culprit = started.error.code === 'bad-pool' ? at('pool') : at('players');
		return lineError(culprit, started.error);
	}
	return ok({ rules, players: started.value.setup.players, start, pool, state: started.value });
}

/** One statement of a record: its key (a header or a player) and its value. */
interface Statement {
	readonly key: string;
	readonly value: string;
	/** The header it names, when it is one (a quoted key is always a player: "Hands": 5). */
	readonly header: Header | null;
}

/** The statement on one line, or null for a blank or comment line. */
function readStatement(raw: string, line: number): Result<Statement | null, RecordError> {
	const scanned = statementOf(raw);
	if (!scanned.ok) return lineError(line, scanned.error);
	const statement = scanned.value;
	if (!statement) return ok(null);
	const split = splitKey(statement);
	if (!split || split.key === '') {
		return lineError(line, { code: 'no-colon', statement });
	}
	const keyName = readName(split.key);
	if (!keyName.ok) return lineError(line, keyName.error);
	const key = keyName.value.name;
	const header = key.toLowerCase() as Header;
	const isHeader = !keyName.value.quoted && (HEADERS as readonly string[]).includes(header);
	return ok({ key, value: split.value, header: isHeader ? header : null });
}

/** The round as read so far: the headers, then the round begun from them, its turns and hands. */
interface Reading {
	readonly headers: Headers;
	readonly lineOf: Partial<Record<Header, number>>;
	begun: Extract<ReturnType<typeof begin>, { ok: true }>['value'] | null;
	state: RoundState | null;
	readonly turns: RecordedTurn[];
	hands: (Hand | null)[] | null;
	/** The line of a turn that bought but neither laid nor passed (0: none). */
	openTurnLine: number;
}

/** A header statement before the first turn (each once). */
function takeHeader(reading: Reading, key: string, header: Header, value: string, line: number) {
	if (reading.begun) {
		return lineError(line, { code: 'late-header', key });
	}
	if (reading.headers[header as keyof Headers] !== undefined) {
		return lineError(line, { code: 'header-twice', key });
	}
	reading.headers[header as keyof Headers] = value;
	reading.lineOf[header] = line;
	return ok(null);
}

/** Nothing may follow the settlement, and a turn that only bought must have ended. */
function checkRoundOpen(reading: Reading, line: number) {
	if (reading.hands) {
		return lineError(line, { code: 'after-hands' });
	}
	if (reading.openTurnLine) {
		const who = reading.turns.at(-1)?.player ?? '';
		return lineError(reading.openTurnLine, { code: 'open-turn', player: who });
	}
	return ok(null);
}

/** "Hands:": the hands left, settled through the rules. */
function takeHands(reading: Reading, players: readonly string[], value: string, line: number) {
	const parsed = parseHands(value, players);
	if (!parsed.ok) return lineError(line, parsed.error);
	const settled = applyAction(reading.state!, { type: 'settle', hands: parsed.value });
	if (!settled.ok) return lineError(line, settled.error);
	reading.state = settled.value;
	reading.hands = parsed.value;
	return ok(null);
}

/** A player's turn, played through the rules: it must be his turn and the round still running. */
function takeTurn(reading: Reading, players: readonly string[], key: string, value: string, line: number) {
	const seat = players.findIndex((p) => p.toLowerCase() === key.trim().toLowerCase());
	if (seat < 0) {
		return lineError(line, { code: 'unknown-key', key, players });
	}
	const player = players[seat]!;
	let current: RoundState = reading.state!;
	if (!current.current) {
		return lineError(line, { code: 'turn-after-end', player, settle: current.phase === 'settle' });
	}
	if (current.current.seat !== seat) {
		const expected = players[current.current.seat];
		return lineError(line, { code: 'out-of-turn', player, expected: expected ?? '' });
	}
	const parsed = parseTurnTokens(player, value);
	if (!parsed.ok) return lineError(line, parsed.error);
	for (const action of turnActions(parsed.value)) {
		const next = applyAction(current, action);
		if (!next.ok) return lineError(line, next.error);
		current = next.value;
	}
	reading.state = current;
	reading.turns.push(parsed.value);
	if (!parsed.value.play) reading.openTurnLine = line;
	return ok(null);
}

/** The round begun from the headers, once the first statement after them comes (or the text ends). */
function begun(reading: Reading, line: number) {
	if (reading.begun) return ok(reading.begun);
	const result = begin(reading.headers, reading.lineOf, line);
	if (!result.ok) return result;
	reading.begun = result.value;
	reading.state = result.value.state;
	return ok(result.value);
}

/**
 * Reads a `.trn` record (docs/NOTATION.md) and plays it through the rules; the first error names
 * its line and nothing is half-read.
 */
export function readRecord(text: string): Result<ReadRecord, RecordError> {
	// Characters are never more than the bytes they are stored in: past the bound in either, it is refused.
	if (text.length > LIMITS.recordBytes) return fail(recordTooLarge());
	const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
	const reading: Reading = {
		headers: {},
		lineOf: {},
		begun: null,
		state: null,
		turns: [],
		hands: null,
		openTurnLine: 0
	};
	for (const [i, raw] of lines.entries()) {
		const line = i + 1;
		const read = readStatement(raw, line);
		if (!read.ok) return read;
		if (!read.value) continue;
		const { key, value, header } = read.value;
		const taken =
			header !== null && header !== 'hands'
				? takeHeader(reading, key, header, value, line)
				: takeStatement(reading, key, value, header === 'hands', line);
		if (!taken.ok) return taken;
	}
	const round = begun(reading, lines.length);
	if (!round.ok) return round;
	const { rules, players, start, pool } = round.value;
	const record: RoundRecord = { rules, players, start, pool, turns: reading.turns, hands: reading.hands };
	return ok({ record, state: reading.state! });
}

/** A statement after the headers: the hands, or a player's turn. */
function takeStatement(reading: Reading, key: string, value: string, isHands: boolean, line: number) {
	const round = begun(reading, line);
	if (!round.ok) return round;
	const open = checkRoundOpen(reading, line);
	if (!open.ok) return open;
	return isHands
		? takeHands(reading, round.value.players, value, line)
		: takeTurn(reading, round.value.players, key, value, line);
}
