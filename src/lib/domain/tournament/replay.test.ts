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

	it('registers 2,000 players without copying the players or the seen ids per event (which made a replay quadratic)', () => {
		const log: TournamentEvent[] = [
			{ type: 'tournament-created', id: 'c', at: '', format: 'triominos', name: 'T', date: '' },
			...Array.from({ length: 2000 }, (_, i): TournamentEvent => ({
				type: 'player-registered',
				id: `e${i}`,
				at: '',
				player: `p${i}`,
				name: `Spieler ${i}`
			}))
		];
		// Every Map the replay builds from another, by the entries it copies. Copying the players (or the
		// seen ids) per registration copies 0 + 1 + … + 1,999, about two million; growing them in place, none.
		// How fast it is, in milliseconds, is the standings bench's (`npm run bench -- standings`).
		const copied = { entries: 0 };
		const Plain = globalThis.Map;
		globalThis.Map = class<K, V> extends Plain<K, V> {
			constructor(entries?: Iterable<readonly [K, V]> | null) {
				super(entries);
				copied.entries += this.size;
			}
		} as MapConstructor;
		let registered: ReturnType<typeof replay>;
		try {
			registered = replay(log);
		} finally {
			globalThis.Map = Plain;
		}
		expect(registered.ok && [...registered.value.players.values()].map((p) => p.name)).toEqual(
			Array.from({ length: 2000 }, (_, i) => `Spieler ${i}`)
		);
		expect(copied.entries).toBeLessThan(2000);
	});
});
