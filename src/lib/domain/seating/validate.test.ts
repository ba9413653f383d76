import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableSizes } from '../tournament/tables';
import { OFFICIAL_SET_PLANS } from './official-set-plans';
import { planArbitrary } from './test-plans';
import { validatePlan, type Finding } from './validate';

const codes = (findings: readonly Finding[]) => findings.map((f) => f.code);
const nine = OFFICIAL_SET_PLANS[0]?.rounds ?? [];

describe('validatePlan: who sits where', () => {
	it('accepts a plan that seats everyone once per round (004 §3, 9 Spieler)', () => {
		const report = validatePlan(nine, 9, { format: 'set' });
		expect(report).toMatchObject({ valid: true, errors: [], warnings: [] });
		expect(report.repeats).toMatchObject({ pairs: [], extraMeetings: 0, lowerBound: 0, avoidable: false });
	});

	it('names a player seated twice, the tables, and who is missing instead', () => {
		const report = validatePlan(
			[
				[
					[1, 2, 3],
					[4, 1, 6],
					[7, 8, 9]
				]
			],
			9
		);
		expect(report.valid).toBe(false);
		expect(report.errors).toEqual([
			{ code: 'plan-seated-twice', round: 1, player: 1, tables: [1, 2], players: [1] },
			{ code: 'missing', round: 1, players: [5] }
		]);
	});

	it('lists several missing players in one finding', () => {
		const [missing] = validatePlan([[[1, 2, 3]]], 6).errors;
		expect(missing).toEqual({ code: 'missing', round: 1, players: [4, 5, 6] });
	});

	it.each([
		{ number: 7, why: 'above n' },
		{ number: 0, why: 'below 1' },
		{ number: 2.5, why: 'not whole' }
	])('rejects $number as a player number ($why) with round and table', ({ number }) => {
		const report = validatePlan(
			[
				[
					[1, 2, 3],
					[4, 5, number]
				]
			],
			6
		);
		expect(report.errors[0]).toEqual({
			code: 'not-a-player',
			round: 1,
			table: 2,
			player: number,
			count: 6,
			players: [number]
		});
		expect(codes(report.errors)).toEqual(['not-a-player', 'missing']);
	});

	it('rejects an empty plan and a bad player count', () => {
		expect(codes(validatePlan([], 9).errors)).toEqual(['no-rounds']);
		expect(codes(validatePlan(nine, 0).errors)).toContain('bad-count');
	});
});

describe('validatePlan: table sizes', () => {
	it('rejects tables of 2 or fewer and sizes that differ by more than one', () => {
		const report = validatePlan(
			[
				[
					[1, 2],
					[3, 4, 5, 6]
				]
			],
			6
		);
		expect(codes(report.errors)).toEqual(['table-too-small', 'sizes-uneven']);
		expect(report.errors[1]).toEqual({ code: 'sizes-uneven', round: 1, least: 2, most: 4, expected: null });
	});

	it('rejects sizes the format does not allow (RULES.md §6: Triominos tables of 3 or 4)', () => {
		const report = validatePlan(
			[
				[
					[1, 2, 3, 4, 5],
					[6, 7, 8, 9, 10]
				]
			],
			10,
			{ format: 'triominos' }
		);
		expect(codes(report.errors)).toEqual(['size-not-allowed', 'size-not-allowed']);
		expect(codes(report.warnings)).toEqual(['not-the-distribution']);
	});

	it('allows SET tables of 5 (004 §1: 2–8 per table) but warns they are not the distribution', () => {
		const report = validatePlan(
			[
				[
					[1, 2, 3, 4, 5],
					[6, 7, 8, 9, 10]
				]
			],
			10,
			{ format: 'set' }
		);
		expect(report.valid).toBe(true);
		expect(report.warnings).toEqual([
			{ code: 'not-the-distribution', round: 1, sizes: [5, 5], expected: [3, 3, 4], count: 10, rule: 'plan' }
		]);
	});
});

describe('validatePlan: repeated opponents', () => {
	const plan = [
		[
			[1, 2, 3],
			[4, 5, 6]
		],
		[
			[1, 2, 4],
			[3, 5, 6]
		],
		[
			[2, 1, 5],
			[3, 4, 6]
		]
	];

	it('warns per pair with its rounds, and in total against the counting bound', () => {
		const report = validatePlan(plan, 6);
		expect(report.valid).toBe(true);
		expect(report.repeats).toMatchObject({ extraMeetings: 5, lowerBound: 3, avoidable: false });
		expect(report.warnings).toEqual([
			{ code: 'repeated-opponents', players: [1, 2], rounds: [1, 2, 3] },
			{ code: 'repeated-opponents', players: [3, 6], rounds: [2, 3] },
			{ code: 'repeated-opponents', players: [4, 6], rounds: [1, 3] },
			{ code: 'repeated-opponents', players: [5, 6], rounds: [1, 2] },
			{ code: 'repeats-total', extra: 5, lowerBound: 3, known: null }
		]);
	});

	it('calls repeats avoidable where a plan with fewer is known, and not where it is the minimum', () => {
		expect(validatePlan(plan, 6, { knownMinimum: 3 }).repeats.avoidable).toBe(true);
		expect(validatePlan(plan, 6, { knownMinimum: 3 }).warnings.at(-1)).toMatchObject({
			known: { minimum: 3, avoidable: true }
		});
		expect(validatePlan(plan, 6, { knownMinimum: 5 }).repeats.avoidable).toBe(false);
		expect(validatePlan(plan, 6, { knownMinimum: 5 }).warnings.at(-1)).toMatchObject({
			known: { minimum: 5, avoidable: false }
		});
	});
});

describe('validatePlan: properties', () => {
	const cases = fc.integer({ min: 6, max: 40 }).chain((n) => {
		const sizes = tableSizes(n, 'set');
		const perRound = sizes.ok ? sizes.value : [n];
		return fc.tuple(fc.constant(n), planArbitrary(n, [perRound, perRound, perRound]));
	});

	it('accepts every plan that seats each player once per round in the SET distribution', () => {
		fc.assert(
			fc.property(cases, ([n, plan]) => {
				const report = validatePlan(plan, n, { format: 'set' });
				expect(report.errors).toEqual([]);
				expect(codes(report.warnings).filter((code) => code === 'not-the-distribution')).toEqual([]);
			})
		);
	});

	it('finds exactly the player seated twice and the one missing when a seat is overwritten', () => {
		fc.assert(
			fc.property(cases, fc.nat(), fc.nat(), ([n, plan], at, by) => {
				const round = plan[at % plan.length] ?? [];
				const seats = round.flat();
				const [lost, twice] = [seats[at % n] as number, seats[by % n] as number];
				fc.pre(lost !== twice);
				const broken = plan.map((r) =>
					r === round ? r.map((t) => t.map((p) => (p === lost ? twice : p))) : r
				);
				const report = validatePlan(broken, n);
				expect(report.errors.map((f) => [f.code, f.round, f.players])).toEqual([
					['plan-seated-twice', plan.indexOf(round) + 1, [twice]],
					['missing', plan.indexOf(round) + 1, [lost]]
				]);
			})
		);
	});
});
