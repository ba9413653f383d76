import { describe, expect, it } from 'vitest';
import { digest } from './digest';
import { checkHeader, otherTableHeld, planImport, replayBatch, tableScores } from './merge';
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
