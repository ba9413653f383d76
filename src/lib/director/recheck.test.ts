import { describe, expect, it } from 'vitest';
import type { SetPlanChoice } from '../codecs/tournament';
import {
	applyEvent,
	applySeatMoves,
	type Format,
	type TournamentEvent,
	type TournamentState
} from '../domain/tournament';
import { recheckDraws } from './recheck';
import { proposeNextRound } from './seating';

const AT = '2026-03-14T10:00:00Z';

/**
 * A tournament played through its prelims the way the draw screen does it: each round from
 * `proposeNextRound` with its own seed, every table reported; `edit` may change a round's seating.
 */
function played(
	format: Format,
	n: number,
	setPlan: SetPlanChoice,
	edit: (round: number, event: Extract<TournamentEvent, { type: 'round-opened' }>) => TournamentEvent = (
		_r,
		e
	) => e
): TournamentEvent[] {
	const events: TournamentEvent[] = [
		{ type: 'tournament-created', id: 'c', at: AT, format, name: 'T', date: '2026-03-14' },
		...Array.from({ length: n }, (_, i) => ({
			type: 'player-registered' as const,
			id: `r${i}`,
			at: AT,
			player: `p${i + 1}`,
			name: `Spieler ${i + 1}`
		}))
	];
	let state = events.reduce<TournamentState | null>((s, e) => {
		const next = applyEvent(s, e);
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		return next.value;
	}, null)!;
	const add = (event: TournamentEvent) => {
		const next = applyEvent(state, event);
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		state = next.value;
		events.push(event);
	};
	for (let round = 1; round <= state.options.rounds; round++) {
		const proposal = proposeNextRound(state, setPlan, `seed-${round}`);
		if (!proposal.ok) throw new Error(JSON.stringify(proposal.error));
		add(edit(round, { ...proposal.value.event, id: `o${round}`, at: AT }));
		state.rounds.at(-1)!.tables.forEach((table, t) =>
			add({
				type: 'table-reported',
				id: `t${round}.${t}`,
				at: AT,
				round,
				table: t + 1,
				scores: table.map((player, s) =>
					format === 'set'
						? { player, found: 5 - s, falseCalls: 0 }
						: { player, points: 100 - 10 * s - round }
				)
			})
		);
	}
	return events;
}

describe('recheckDraws: every draw again from its recorded seed', () => {
	it.each([
		{ format: 'triominos', n: 13, setPlan: 'official' },
		{ format: 'swiss', n: 14, setPlan: 'official' },
		{ format: 'set', n: 12, setPlan: 'official' },
		{ format: 'set', n: 13, setPlan: 'generated' }
	] as const)('$format, $n players ($setPlan plan): every round as drawn', ({ format, n, setPlan }) => {
		const checks = recheckDraws(played(format, n, setPlan), setPlan);
		if (!checks.ok) throw new Error(JSON.stringify(checks.error));
		expect(checks.value.map((c) => [c.round, c.verdict])).toEqual(
			Array.from({ length: checks.value.length }, (_, i) => [i + 1, 'as-drawn'])
		);
		expect(checks.value.length).toBeGreaterThanOrEqual(3);
		for (const check of checks.value) expect(check.changed).toEqual([]);
	});

	it('names a round moved by hand, with its moves and who sits elsewhere', () => {
		const events = played('triominos', 12, 'official', (round, event) => {
			if (round !== 3) return event;
			// A swap: the first of table 1 and the first of table 2 change tables.
			const moves = [
				{ player: event.tables[0]![0]!, toTable: 2 },
				{ player: event.tables[1]![0]!, toTable: 1 }
			];
			return { ...event, tables: applySeatMoves(event.tables, moves), moves };
		});
		const checks = recheckDraws(events, 'official');
		if (!checks.ok) throw new Error(JSON.stringify(checks.error));
		const third = checks.value.find((c) => c.round === 3)!;
		expect(third.verdict).toBe('edited');
		expect(third.moves).toHaveLength(2);
		expect(third.changed).toEqual(expect.arrayContaining(third.moves.map((m) => m.player)));
		expect(checks.value.filter((c) => c.verdict !== 'as-drawn').map((c) => c.round)).toEqual([3]);
		const only = recheckDraws(events, 'official', 3);
		expect(only.ok && only.value.map((c) => c.round)).toEqual([3]);
	});

	it('says when a recorded seating does not come from its seed (changed without a record)', () => {
		const events = played('swiss', 13, 'official', (round, event) => {
			if (round !== 1) return event;
			const [first, second, ...rest] = event.tables;
			return { ...event, tables: [second!, first!, ...rest] };
		});
		const checks = recheckDraws(events, 'official', 1);
		if (!checks.ok) throw new Error(JSON.stringify(checks.error));
		expect(checks.value[0]).toMatchObject({ round: 1, verdict: 'differs' });
		expect(checks.value[0]!.changed.length).toBeGreaterThan(0);
	});

	it('tells a wrong seed from a right one', () => {
		const events = played('triominos', 9, 'official').map((e) =>
			e.type === 'round-opened' && e.round === 1 ? { ...e, seed: 'another seed' } : e
		);
		const checks = recheckDraws(events, 'official', 1);
		expect(checks.ok && checks.value[0]!.verdict).toBe('differs');
	});
});
