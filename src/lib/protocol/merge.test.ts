import { describe, expect, it } from 'vitest';
import { digest } from './digest';
import type { RoundAction } from '../domain/round';
import type { RoundEntry } from '../domain/roundLog';
import { againstKept, checkHeader, otherTableHeld, planImport, replayBatch, tableScores } from './merge';
import type { SyncEvent } from './sync-events';
import { batchOf, finishingChoices, roundEvents } from './testing';

const players = ['Anna', 'Ben', 'Cara', 'Dirk'];
const full = roundEvents({ players, choices: finishingChoices([1, 2, 3]) });
const half = full.slice(0, 20);
const seating = players.map((name, i) => ({ id: `p${i}`, name }));

describe('merging a handed-in round', () => {
	it('takes a first batch whole', () => {
		const plan = planImport(null, batchOf(half), { locked: false });
		expect(plan).toMatchObject({ ok: true, value: { kind: 'add' } });
		if (plan.ok && plan.value.kind === 'add') expect(plan.value.events).toHaveLength(20);
	});

	it('re-importing the same batch is not an error and changes nothing', () => {
		const held = { stream: batchOf(half).stream, events: half };
		expect(planImport(held, batchOf(half), { locked: false })).toEqual({
			ok: true,
			value: { kind: 'unchanged' }
		});
	});

	it('adds only what is new when a longer batch arrives', () => {
		const held = { stream: batchOf(half).stream, events: half };
		const plan = planImport(held, batchOf(full), { locked: false });
		if (!plan.ok || plan.value.kind !== 'add') throw new Error('add expected');
		expect(plan.value.events).toEqual(full.slice(20));
		expect(digest(plan.value.merged)).toEqual(digest(full));
	});

	it('refuses an older batch replayed after a newer one (superseded), with a reason', () => {
		const held = { stream: batchOf(full).stream, events: full };
		const plan = planImport(held, batchOf(half, { table: 2 }), { locked: false });
		expect(plan).toEqual({ ok: false, error: { code: 'superseded', table: 2 } });
	});

	it('refuses an event held with other content (inconsistent)', () => {
		const held = { stream: batchOf(half).stream, events: half };
		const altered = full.map((e, i) =>
			i === 5 ? { ...e, body: { type: 'act', action: { type: 'pass' } } } : e
		);
		expect(planImport(held, batchOf(altered), { locked: false })).toMatchObject({
			ok: false,
			error: { code: 'inconsistent' }
		});
	});

	it('shows another tablet for the same table, and results after the lock, as conflicts', () => {
		const held = { stream: batchOf(half).stream, events: half };
		expect(planImport(held, batchOf(full, { stream: 'r-zzzz' }), { locked: false })).toEqual({
			ok: true,
			value: { kind: 'conflict', reason: 'other-stream' }
		});
		expect(planImport(held, batchOf(full), { locked: true })).toEqual({
			ok: true,
			value: { kind: 'conflict', reason: 'locked' }
		});
		expect(planImport(null, batchOf(full), { locked: true })).toEqual({
			ok: true,
			value: { kind: 'conflict', reason: 'locked' }
		});
		// the same state again after the lock is still just unchanged
		expect(
			planImport({ stream: batchOf(full).stream, events: full }, batchOf(full), { locked: true })
		).toEqual({
			ok: true,
			value: { kind: 'unchanged' }
		});
	});

	it('refuses a batch whose header names another round or table than the round itself (replayed elsewhere)', () => {
		expect(checkHeader(batchOf(full, { table: 3 }))).toMatchObject({ code: 'mismatch' });
		expect(checkHeader(batchOf(full, { tournamentId: 't-other' }))).toMatchObject({ code: 'mismatch' });
		expect(checkHeader(batchOf(full))).toBeNull();
	});

	it('turns a confirmed round into the table result, matching players by name', () => {
		const round = replayBatch(full);
		if (!round.ok) throw new Error(JSON.stringify(round.error));
		const scores = tableScores(round.value, [...seating].reverse());
		expect(scores?.map((s) => s.player)).toEqual(['p0', 'p1', 'p2', 'p3']);
		expect(scores?.map((s) => s.points)).toEqual(round.value.round.state.totals);
		expect(
			tableScores(
				round.value,
				seating.map((p) => (p.name === 'Ben' ? { ...p, name: 'Benno' } : p))
			)
		).toBeNull();
		const open = replayBatch(half);
		expect(open.ok && tableScores(open.value, seating)).toBeNull();
	});
});

describe('otherTableHeld: a device that does not own the table', () => {
	const holdings = [
		{ round: 1, table: 1, device: 'tab-a' },
		{ round: 1, table: 2, device: 'tab-b' },
		{ round: 2, table: 2, device: 'tab-b' }
	];
	it('a device that holds another table of the same round', () => {
		expect(otherTableHeld(holdings, 'tab-b', 2, 1)).toEqual({ round: 2, table: 2 });
	});
	it('a device that held another table the round before, while this table’s holder was another device', () => {
		expect(otherTableHeld(holdings, 'tab-a', 2, 2)).toEqual({ round: 1, table: 1 });
		expect(otherTableHeld([...holdings, { round: 2, table: 1, device: 'tab-c' }], 'tab-b', 3, 1)).toEqual({
			round: 2,
			table: 2
		});
	});
	it('a device at its own table, a fresh device, and a table nobody held before own the table', () => {
		expect(otherTableHeld(holdings, 'tab-a', 2, 1)).toBeNull();
		expect(otherTableHeld(holdings, 'tab-new', 2, 1)).toBeNull();
		expect(otherTableHeld(holdings, 'tab-b', 2, 2)).toBeNull();
		expect(otherTableHeld(holdings, 'tab-a', 2, 3)).toBeNull();
	});
});

/** An event after `last`, from the same device unless said (the next seq, seven seconds on). */
const after = (last: SyncEvent, type: string, body: unknown, device = last.device): SyncEvent => ({
	device,
	seq: last.seq + 1,
	at: last.at + 7000,
	type,
	body
});
const entry = (last: SyncEvent, body: RoundEntry) => after(last, 'round.entry', body);
const acts = (events: readonly SyncEvent[]) =>
	events.flatMap((e) => (e.type === 'round.entry' ? [(e.body as { action: RoundAction }).action] : []));

describe('what a later hand-in of a held round may add (NOTATION.md: corrections and undo)', () => {
	const held = { stream: batchOf(half).stream, events: half, device: half[0]!.device };
	/** Turns played when the round was handed in (replayed in the test that asks). */
	const played = () => {
		const heldRound = replayBatch(half);
		if (!heldRound.ok) throw new Error(JSON.stringify(heldRound.error));
		return heldRound.value.round.state.turns.filter((turn) => turn.lay || turn.pass).length;
	};
	// The next turn, played after the hand-in: the acts of `full` up to its lay or pass.
	const nextTurn = (() => {
		const rest = full.slice(half.length);
		const end = rest.findIndex((e) => {
			const action = (e.body as { action?: RoundAction }).action;
			return action?.type === 'lay' || action?.type === 'pass';
		});
		return rest.slice(0, end + 1);
	})();
	/** The actions of a turn of `full`, as its acts list them. */
	const turnActions = (turn: number) => {
		let seen = 0;
		const out: RoundAction[] = [];
		for (const action of acts(full)) {
			if (seen === turn) out.push(action);
			if (action.type === 'lay' || action.type === 'pass') seen++;
		}
		return out;
	};

	it.each([
		['an undo of what was handed in', () => [...half, entry(half.at(-1)!, { type: 'undo' })], 'rewrites'],
		[
			'a correction of a turn played before the hand-in',
			() => [
				...half,
				entry(half.at(-1)!, { type: 'correct', turn: 0, actions: turnActions(0), reason: 'verzählt' })
			],
			'rewrites'
		],
		['a turn played on', () => [...half, ...nextTurn], 'add'],
		[
			'a turn played on and undone again',
			() => [...half, ...nextTurn, entry(nextTurn.at(-1)!, { type: 'undo' })],
			'add'
		],
		[
			'a turn played on, then corrected',
			() => [
				...half,
				...nextTurn,
				entry(nextTurn.at(-1)!, {
					type: 'correct',
					turn: played(),
					actions: turnActions(played()),
					reason: 'verzählt'
				})
			],
			'add'
		]
	] as const)('%s: %s', (_, events, kind) => {
		const plan = planImport(held, batchOf(events()), { locked: false });
		expect(plan).toMatchObject({
			ok: true,
			value: kind === 'add' ? { kind } : { kind: 'conflict', reason: kind }
		});
	});

	it('shows events of another device on a stream as a conflict; a holding of an older version names none', () => {
		const fromOther = [...half, ...full.slice(half.length).map((e) => ({ ...e, device: 'tablet-2' }))];
		expect(planImport(held, batchOf(fromOther), { locked: false })).toEqual({
			ok: true,
			value: { kind: 'conflict', reason: 'other-device' }
		});
		expect(planImport(held, batchOf(full), { locked: false })).toMatchObject({
			ok: true,
			value: { kind: 'add' }
		});
		const older = { stream: held.stream, events: half };
		expect(planImport(older, batchOf(fromOther), { locked: false })).toMatchObject({
			ok: true,
			value: { kind: 'add' }
		});
	});

	it.each([
		['an event after the confirmation', () => [...full, entry(full.at(-1)!, { type: 'undo' })]],
		['a second start', () => [...half, after(half.at(-1)!, 'round.started', half[0]!.body)]],
		['an event twice', () => [...half, half.at(-1)!]]
	])('refuses a round with %s', (_, events) => {
		expect(planImport(null, batchOf(events()), { locked: false })).toEqual({
			ok: false,
			error: { code: 'invalid', why: 'after-confirmation' }
		});
	});

	it('refuses a round that does not start with its start, or breaks a rule, naming the entry', () => {
		expect(replayBatch([])).toEqual({ ok: false, error: { code: 'invalid', why: 'no-start' } });
		expect(replayBatch(half.slice(1))).toEqual({ ok: false, error: { code: 'invalid', why: 'no-start' } });
		// A fourth purchase in one turn (§3: at most three).
		let last = half.at(-1)!;
		const draws = [1, 2, 3, 4].map(() => (last = entry(last, { type: 'act', action: { type: 'draw' } })));
		const broken = replayBatch([...half, ...draws]);
		expect(broken).toMatchObject({ ok: false, error: { code: 'invalid', why: 'rule' } });
		if (!broken.ok && 'entry' in broken.error) expect(broken.error.entry).toBeGreaterThanOrEqual(19);
		expect(replayBatch(full)).toMatchObject({ ok: true, value: { confirmed: true } });
		expect(replayBatch(half)).toMatchObject({ ok: true, value: { confirmed: false } });
	});
});

describe('a batch against one kept for the director (againstKept)', () => {
	const kept = batchOf(half);
	it.each([
		['the rest of the round', () => full, 'extends'],
		['the same events', () => half, 'same'],
		['an older part', () => half.slice(0, 10), 'same'],
		['another start', () => [{ ...half[0]!, seq: 99 }, ...half.slice(1)], 'diverges'],
		['nothing', () => [], 'diverges'],
		[
			'an event of it at another time (its time is not its content)',
			() => half.map((e, i) => (i === 5 ? { ...e, at: e.at + 1 } : e)),
			'same'
		],
		[
			'an event of it with another content',
			() => half.map((e, i) => (i === 5 ? { ...e, body: { type: 'act', action: { type: 'pass' } } } : e)),
			'diverges'
		],
		['an undo of what was kept', () => [...half, entry(half.at(-1)!, { type: 'undo' })], 'diverges']
	] as const)('%s: %s', (_, events, relation) => {
		expect(againstKept(kept, batchOf(events()))).toBe(relation);
	});

	it('diverges from a kept batch of nothing', () => {
		expect(againstKept(batchOf([]), batchOf(half))).toBe('diverges');
	});
});

describe('a batch’s header against its round’s own start (checkHeader)', () => {
	it('names what the header says and what the round says', () => {
		expect(checkHeader(batchOf(full, { round: 2, table: 3 }))).toEqual({
			code: 'mismatch',
			what: 'table',
			named: { round: 2, table: 3 },
			found: { round: 1, table: 1 }
		});
		expect(checkHeader(batchOf(full, { tournamentId: 't-other' }))).toEqual({
			code: 'mismatch',
			what: 'tournament'
		});
		expect(checkHeader(batchOf(full.slice(1)))).toEqual({ code: 'invalid', why: 'no-start' });
		expect(checkHeader(batchOf([]))).toEqual({ code: 'invalid', why: 'no-start' });
	});
});

describe('a table result (tableScores)', () => {
	it('has none where the seating has another number of players', () => {
		const round = replayBatch(full);
		if (!round.ok) throw new Error(JSON.stringify(round.error));
		expect(tableScores(round.value, seating.slice(0, 3))).toBeNull();
		expect(tableScores(round.value, [...seating, { id: 'p4', name: 'Emil' }])).toBeNull();
		expect(tableScores(round.value, seating)).not.toBeNull();
	});
});

describe('who owns a table, further cases (otherTableHeld)', () => {
	it('looks one round back only, and not at a table the device held itself', () => {
		// Two rounds back does not count: tab-a held table 1 in round 1, table 2's holder in round 2 was tab-b.
		const holdings = [
			{ round: 1, table: 1, device: 'tab-a' },
			{ round: 2, table: 2, device: 'tab-b' }
		];
		expect(otherTableHeld(holdings, 'tab-a', 3, 2)).toBeNull();
		// A device that held two tables the round before, this one among them, owns it.
		const both = [
			{ round: 1, table: 1, device: 'tab-a' },
			{ round: 1, table: 2, device: 'tab-a' }
		];
		expect(otherTableHeld(both, 'tab-a', 2, 2)).toBeNull();
		// Its own table again, the round after.
		expect(otherTableHeld([{ round: 2, table: 2, device: 'tab-b' }], 'tab-b', 3, 2)).toBeNull();
	});
});

describe('a table result, further cases (tableScores)', () => {
	const finished = (players: string[], extra: 'confirmed' | 'cut' = 'confirmed') => {
		const events = roundEvents({ players, choices: finishingChoices([1, 2, 3]) });
		const round = replayBatch(
			extra === 'confirmed' ? events : [...events.slice(0, 12), after(events[11]!, 'round.confirmed', {})]
		);
		if (!round.ok) throw new Error(JSON.stringify(round.error));
		return round.value;
	};

	it('has none for a round confirmed before it was over', () => {
		expect(tableScores(finished(players, 'cut'), seating)).toBeNull();
	});

	it('matches names whatever their case and the spaces around them, but not another spelling', () => {
		const loose = seating.map((p, i) => ({ ...p, name: i === 0 ? ' ANNA ' : p.name.toLowerCase() }));
		expect(tableScores(finished(players), loose)?.map((s) => s.player)).toEqual(['p0', 'p1', 'p2', 'p3']);
		// „Weiß“ is not „Weiss“ (the director decides).
		const weiss = ['Weiß', 'Ben', 'Cara', 'Dirk'];
		const spelled = seating.map((p, i) => (i === 0 ? { ...p, name: 'Weiss' } : p));
		expect(tableScores(finished(weiss), spelled)).toBeNull();
	});
});
