import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayLog, type LoggedRound, type RoundEntry } from '$lib/domain/roundLog';
import { arbitraryRound } from '$lib/domain/testing/rounds';
import { extendLog } from './log';

describe('extendLog: a tap extends the round without replaying it', () => {
	it('gives the same round as replaying the whole log, for any legal round with undos between', () => {
		fc.assert(
			fc.property(arbitraryRound(), fc.array(fc.nat({ max: 9 }), { maxLength: 40 }), (played, undoAt) => {
				const setup = played.state.setup;
				const entries: RoundEntry[] = [];
				const start = replayLog(setup, []);
				if (!start.ok) throw new Error(JSON.stringify(start.error));
				let round: LoggedRound = start.value;
				for (const [i, action] of played.actions.entries()) {
					const additions: RoundEntry[] = [{ type: 'act', action }];
					// Now and then: undo it and do it again (undo after do is a no-op).
					if (undoAt.includes(i % 10)) additions.push({ type: 'undo' }, { type: 'act', action });
					for (const entry of additions) {
						const next = extendLog(setup, entries, round, entry);
						if (!next.ok) throw new Error(JSON.stringify(next.error));
						entries.push(entry);
						round = next.value;
					}
				}
				const replayed = replayLog(setup, entries);
				if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
				expect(round.state).toEqual(replayed.value.state);
				expect(round.actions).toEqual(replayed.value.actions);
				expect(round.undoable).toBe(replayed.value.undoable);
			}),
			{ numRuns: 60 }
		);
	});

	it('refuses what the rules refuse, and the round stays as it was', () => {
		const setup = {
			rules: { preset: 'tournament', scoring: 'standard', tiles: 56 },
			players: ['A', 'B'],
			start: 0
		} as const;
		const start = replayLog(setup, []);
		if (!start.ok) throw new Error(JSON.stringify(start.error));
		const pass = extendLog(setup, [], start.value, { type: 'act', action: { type: 'pass' } });
		expect(pass.ok ? null : pass.error.code).toBe('early-pass');
		const undo = extendLog(setup, [], start.value, { type: 'undo' });
		expect(undo.ok ? null : undo.error.code).toBe('nothing-to-undo');
	});
});
