import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TournamentEvent } from './events';
import { applyEvent, replay } from './reducer';
import type { TournamentState } from './state';
import { runs } from '../testing/runs';

/**
 * The log folded one `applyEvent` at a time, each state kept, as the desk does; refused events are left
 * out (`accepted`), so a log of any events gives a long valid one.
 */
function stepwise(events: readonly TournamentEvent[]) {
	let state: TournamentState | null = null;
	const states: TournamentState[] = [];
	const accepted: TournamentEvent[] = [];
	for (const event of events) {
		const next = applyEvent(state, event);
		if (!next.ok) continue;
		state = next.value;
		states.push(state);
		accepted.push(event);
	}
	return { state, states, accepted };
}

const players = (state: TournamentState | null) => [...(state?.players.values() ?? [])];

/** Registrations, renames (names that collide in any case) and withdrawals, in any order. */
const arbitraryLog = fc
	.array(
		fc
			.oneof(
				fc.record({ type: fc.constant('player-registered' as const), player: fc.nat({ max: 6 }) }),
				fc.record({ type: fc.constant('player-renamed' as const), player: fc.nat({ max: 6 }) }),
				fc.record({ type: fc.constant('player-withdrawn' as const), player: fc.nat({ max: 6 }) })
			)
			.chain((e) =>
				fc.record({ e: fc.constant(e), name: fc.constantFrom('Anna', 'anna', 'Ben', ' Cara ', 'BEN', '') })
			),
		{ maxLength: 25 }
	)
	.map((steps): TournamentEvent[] => [
		{ type: 'tournament-created', id: 'c', at: '', format: 'triominos', name: 'T', date: '' },
		...steps.map(({ e, name }, i): TournamentEvent => {
			const base = { id: `e${i}`, at: '', player: `p${e.player}` };
			return e.type === 'player-withdrawn'
				? { ...base, type: e.type, fromRound: 1 }
				: { ...base, type: e.type, name };
		})
	]);

describe('replay', () => {
	it('gives what applying the events one by one gives, and leaves no earlier state changed (property)', () => {
		fc.assert(
			fc.property(arbitraryLog, (events) => {
				const expected = stepwise(events);
				const snapshots = expected.states.map(players);
				const folded = replay(expected.accepted);
				expect(folded.ok).toBe(true);
				if (folded.ok) expect(players(folded.value)).toEqual(players(expected.state));
				// The desk's states, each kept, still say what they said.
				expect(expected.states.map(players)).toEqual(snapshots);
				// A log with a refused event stops there, as one event at a time does.
				const refused = events.findIndex((event, i) => !expected.accepted.includes(event) && i > 0);
				if (refused > 0) {
					const upTo = events.slice(0, refused + 1);
					const first = replay(upTo);
					expect(first.ok ? null : first.error.index).toBe(refused);
				}
			}),
			{ numRuns: runs(300) }
		);
	});

	it('registers 2,000 players in linear time (best of five well under 50 ms)', () => {
		const log = (n: number): TournamentEvent[] => [
			{ type: 'tournament-created', id: 'c', at: '', format: 'triominos', name: 'T', date: '' },
			...Array.from({ length: n }, (_, i): TournamentEvent => ({
				type: 'player-registered',
				id: `e${i}`,
				at: '',
				player: `p${i}`,
				name: `Spieler ${i}`
			}))
		];
		/** Best of five, so that a busy moment of the machine does not decide. */
		const time = (events: readonly TournamentEvent[]) => {
			let best = Infinity;
			for (let run = 0; run < 5; run++) {
				const start = performance.now();
				const state = replay(events);
				best = Math.min(best, performance.now() - start);
				expect(state.ok && state.value.players.size).toBe(events.length - 1);
			}
			return best;
		};
		// Linear, 2,000 registrations take about 2 ms; copying every player per registration took 300 ms.
		expect(time(log(2000))).toBeLessThan(50);
	});
});
