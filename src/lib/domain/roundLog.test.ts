import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { correctTurn, replayLog, turnOfActions, type RoundEntry } from './roundLog';
import type { RoundAction, RoundSetup } from './round';
import { TOURNAMENT } from './rules';
import { arbitraryRound } from './testing/rounds';
import { runs } from './testing/runs';

const setup: RoundSetup = { rules: TOURNAMENT, players: ['Anna', 'Ben', 'Cara'], start: 0 };
const lay = (value: number): RoundAction => ({ type: 'lay', value, tile: null, bonus: null, out: false });
const act = (action: RoundAction): RoundEntry => ({ type: 'act', action });
const draw: RoundAction = { type: 'draw' };
/** 000 §Punktewertung: Ben's turn (two purchases, then 9) corrected to one purchase when the table agrees. */
const correctedTurnOne = (): RoundEntry[] => [
	act(lay(7)),
	act(draw),
	act(draw),
	act(lay(9)),
	act(lay(5)),
	{ type: 'correct', turn: 1, actions: [draw, lay(9)], reason: 'nur ein Stein gekauft' }
];

describe('the round log: undo and corrections are entries too', () => {
	it('undo takes back the latest action', () => {
		const log = replayLog(setup, [act(lay(7)), act(draw), { type: 'undo' }]);
		if (!log.ok) throw new Error(JSON.stringify(log.error));
		expect(log.value.actions).toEqual([lay(7)]);
		expect(log.value.state.current).toEqual({ seat: 1, draws: 0 });
		expect(log.value.undoable).toBe(1);
	});

	it('refuses an undo with nothing to undo, naming the entry', () => {
		expect(replayLog(setup, [{ type: 'undo' }])).toEqual({
			ok: false,
			error: { code: 'nothing-to-undo', action: -1, entry: 0 }
		});
	});

	it('000 §Punktewertung: a turn corrected when the table agrees; the sheet recomputes, the log keeps both', () => {
		const entries = correctedTurnOne();
		const log = replayLog(setup, entries);
		if (!log.ok) throw new Error(JSON.stringify(log.error));
		expect(log.value.state.totals).toEqual([7, 4, 5]);
		expect(log.value.corrections).toEqual([{ turn: 1, reason: 'nur ein Stein gekauft' }]);
		const undone = replayLog(setup, [...entries, { type: 'undo' }]);
		expect(undone.ok && undone.value.state.totals).toEqual([7, -1, 5]);
		expect(undone.ok && undone.value.corrections).toEqual([]);
	});

	it('undoing an action made after a correction keeps the correction', () => {
		const entries: RoundEntry[] = [...correctedTurnOne(), act(lay(3)), { type: 'undo' }];
		const log = replayLog(setup, entries);
		if (!log.ok) throw new Error(JSON.stringify(log.error));
		expect(log.value.state.totals).toEqual([7, 4, 5]);
		expect(log.value.corrections).toEqual([{ turn: 1, reason: 'nur ein Stein gekauft' }]);
		expect(log.value.undoable).toBe(6);
	});

	it('RULES.md §2: a turn is one lay or pass, so a correction with two lays is not a whole turn', () => {
		expect(correctTurn(setup, [lay(7), lay(5)], 0, [lay(3), lay(4)])).toEqual({
			ok: false,
			error: { code: 'incomplete-correction', action: -1 }
		});
	});

	it('refuses a correction that breaks a later turn, and one that is not a whole turn', () => {
		// Six laps of 1s, then Anna lays her last tile: one more purchase in turn 0 makes that impossible.
		const actions = [...Array.from({ length: 18 }, () => lay(1)), { ...lay(2), out: true }];
		const broken = correctTurn(setup, actions, 0, [draw, lay(1)]);
		expect(broken.ok ? null : broken.error.code).toBe('out-with-tiles');
		const partial = correctTurn(setup, actions, 0, [draw]);
		expect(partial.ok ? null : partial.error.code).toBe('incomplete-correction');
		const missing = correctTurn(setup, actions, 40, [lay(3)]);
		expect(missing.ok ? null : missing.error.code).toBe('no-such-turn');
		expect(correctTurn(setup, actions, 3, [lay(9)]).ok).toBe(true);
	});

	it('a claim stays with its turn, and goes when the turn is undone', () => {
		const claim: RoundEntry = {
			type: 'claim',
			turn: 0,
			text: 'sieben',
			consistent: true,
			resolution: 'matched'
		};
		const kept = replayLog(setup, [act(lay(7)), claim]);
		expect(kept.ok && [...kept.value.claims.keys()]).toEqual([0]);
		const gone = replayLog(setup, [act(lay(7)), claim, { type: 'undo' }]);
		expect(gone.ok && gone.value.claims.size).toBe(0);
	});

	it('an undone turn’s claim does not pass to the same turn played again while it is in progress', () => {
		const claim: RoundEntry = {
			type: 'claim',
			turn: 1,
			text: 'fünf',
			consistent: true,
			resolution: 'matched'
		};
		const log = replayLog(setup, [act(lay(7)), act(lay(5)), claim, { type: 'undo' }, act(draw)]);
		if (!log.ok) throw new Error(JSON.stringify(log.error));
		expect(log.value.state.turns.at(-1)).toMatchObject({ index: 1, draws: 1, lay: null, pass: false });
		expect([...log.value.claims.keys()]).toEqual([]);
	});

	it('undo after do is a no-op, for any round and any action', () => {
		fc.assert(
			fc.property(arbitraryRound(), ({ state, actions }) => {
				if (actions.length === 0) return;
				const entries = actions.map(act);
				const before = replayLog(state.setup, entries.slice(0, -1));
				const after = replayLog(state.setup, [...entries, { type: 'undo' }]);
				if (!before.ok || !after.ok) throw new Error('replay failed');
				expect(after.value.state).toEqual(before.value.state);
				expect(after.value.actions).toEqual(before.value.actions);
			}),
			{ numRuns: runs(200) }
		);
	});

	it('correcting a turn with its own actions changes nothing', () => {
		fc.assert(
			fc.property(arbitraryRound(), fc.nat(), ({ state, actions }, pick) => {
				const turns = turnOfActions(state.setup, actions);
				if (!turns.ok || turns.value.length === 0) return;
				const open = state.turns.find((t) => !t.lay && !t.pass)?.index;
				const whole = turns.value.filter((t) => t !== open);
				if (whole.length === 0) return;
				const turn = whole[pick % whole.length]!;
				const own = actions.filter((_, i) => turns.value[i] === turn);
				const corrected = correctTurn(state.setup, actions, turn, own);
				expect(corrected.ok && corrected.value).toEqual(actions);
			}),
			{ numRuns: runs(200) }
		);
	});
});

describe('the round log names where it stops (entry and action)', () => {
	const settle = (sums: number[]): RoundAction => ({
		type: 'settle',
		hands: sums.map((sum) => ({ sum, tiles: null }))
	});
	const pass: RoundAction = { type: 'pass' };
	/** Pool empty, everyone passed: the round waits for the hands (000 §Vorzeitiges Spielende). */
	const early = (): { setup: RoundSetup; actions: RoundAction[] } => ({
		setup: { ...setup, pool: 0 },
		actions: [pass, pass, pass, settle([30, 20, 14])]
	});

	it('a correction of the settlement ("hands") is exactly one settle action', () => {
		const { setup: empty, actions } = early();
		expect(correctTurn(empty, actions, 'hands', [settle([30, 20, 22])])).toEqual({
			ok: true,
			value: [pass, pass, pass, settle([30, 20, 22])]
		});
		const incomplete = { ok: false, error: { code: 'incomplete-correction', action: -1 } };
		expect(correctTurn(empty, actions, 'hands', [])).toEqual(incomplete);
		expect(correctTurn(empty, actions, 'hands', [settle([30, 20, 22]), settle([30, 20, 22])])).toEqual(
			incomplete
		);
		expect(correctTurn(empty, actions, 'hands', [pass])).toEqual(incomplete);
		expect(correctTurn(empty, actions.slice(0, 3), 'hands', [settle([30, 20, 22])])).toEqual({
			ok: false,
			error: { code: 'no-such-turn', action: -1 }
		});
	});

	it('a setup or log the rules refuse is named at action −1 (and entry −1 for the setup)', () => {
		const alone: RoundSetup = { ...setup, players: ['Anna'] };
		expect(correctTurn(alone, [], 0, [lay(5)])).toEqual({
			ok: false,
			error: { code: 'player-count', count: 1, action: -1 }
		});
		expect(correctTurn(setup, [lay(5), pass], 0, [lay(6)])).toEqual({
			ok: false,
			error: { code: 'early-pass', player: 'Ben', draws: 0, action: -1 }
		});
		expect(replayLog(alone, [])).toEqual({
			ok: false,
			error: { code: 'player-count', count: 1, action: -1, entry: -1 }
		});
	});

	it('an act the rules refuse is named by its entry and by the action it would have been', () => {
		const claim: RoundEntry = {
			type: 'claim',
			turn: 0,
			text: 'sieben',
			consistent: true,
			resolution: 'matched'
		};
		expect(replayLog(setup, [act(lay(7)), claim, act(draw), { type: 'undo' }, act(pass)])).toEqual({
			ok: false,
			error: { code: 'early-pass', player: 'Ben', draws: 0, action: 1, entry: 4 }
		});
	});

	it('a correction the rules refuse is named by its entry', () => {
		const fix = (actions: RoundAction[]): RoundEntry => ({ type: 'correct', turn: 0, actions, reason: 'x' });
		expect(replayLog(setup, [act(lay(7)), act(lay(5)), fix([draw])])).toEqual({
			ok: false,
			error: { code: 'incomplete-correction', action: -1, entry: 2 }
		});
		expect(replayLog(setup, [act(lay(7)), act(lay(5)), fix([lay(16)])])).toEqual({
			ok: false,
			error: { code: 'bad-value', value: 16, action: 0, entry: 2 }
		});
	});
});
