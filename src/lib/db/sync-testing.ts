import type { TableAssignment } from '../codecs/sync';
import { applyAction, startRound, type RoundState } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import { openNextRound } from '../domain/tournament';
import { finishingChoices } from '../protocol/testing';
import { appendRoundEntry, confirmRound, createRound } from './rounds';
import { createTournament, recordEvent, recordEvents } from './tournaments';

/** Test helpers for the sync storage: a tournament directed on this device, a tablet playing its table. */

/** A Triominos tournament created on this device with these players, round 1 drawn; resolves with its id. */
export async function directedTournament(
	names: readonly string[],
	options: { name?: string; seed?: string } = {}
): Promise<string> {
	const { name = 'Herbstturnier', seed = 'herbst' } = options;
	const created = await createTournament({ format: 'triominos', name, date: '2026-11-22' });
	if (!created.ok) throw new Error(created.error.en);
	const id = created.value;
	const registered = await recordEvents(
		id,
		names.map((player, i) => ({
			type: 'player-registered' as const,
			player: `p-${String(i + 1).padStart(2, '0')}`,
			name: player
		}))
	);
	if (!registered.ok) throw new Error(registered.error.en);
	const next = openNextRound(registered.value.state, { id: 'x', at: 'x', seed });
	if (!next.ok) throw new Error(next.error.en);
	const { type, round, tables } = next.value;
	const round1 = await recordEvent(id, { type, round, seed, tables: tables.map((t) => [...t]) });
	if (!round1.ok) throw new Error(round1.error.en);
	return id;
}

/** The tablet plays its table's round through the round repository, as the table screen does. */
export async function playTable(
	assignment: TableAssignment,
	seed: number,
	options: { confirm?: boolean; stopAfter?: number } = {}
) {
	const players = assignment.players.map((p) => p.name);
	const played = playChoices(TOURNAMENT, players, 0, finishingChoices([seed]));
	const started = startRound({ rules: TOURNAMENT, players, start: 0 });
	if (!started.ok) throw new Error(started.error.en);
	const context = {
		gameId: null,
		tournamentId: assignment.tournamentId,
		round: assignment.round,
		table: assignment.table,
		startDraw: null
	};
	const id = await createRound(started.value, context);
	let state: RoundState = started.value;
	const play = async (actions: typeof played.actions) => {
		for (const action of actions) {
			const next = applyAction(state, action);
			if (!next.ok) throw new Error(next.error.en);
			state = next.value;
			await appendRoundEntry(id, { type: 'act', action }, state);
		}
	};
	const stop = options.stopAfter ?? played.actions.length;
	await play(played.actions.slice(0, stop));
	if (options.confirm ?? true) await confirmRound(id);
	/** Plays the rest of the round and confirms it. */
	const finish = async () => {
		await play(played.actions.slice(stop));
		await confirmRound(id);
	};
	return { id, totals: state.totals, finish };
}
