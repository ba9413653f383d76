import { z } from 'zod/mini';
import type { SeatMove } from '../domain/tournament';
import { db } from './index';

/**
 * The draw proposal the director is looking at (meta row `draw.proposal:<tournament>`): its seed and the
 * hand moves made to it, kept until the round opens or the director asks for a new draw — so a second
 * visit, a reload or the printed page show the seating that will open.
 */
export interface KeptProposal {
	readonly round: number;
	readonly seed: string;
	readonly moves: readonly SeatMove[];
}

const proposalRow = (tournamentId: string) => `draw.proposal:${tournamentId}`;

const keptProposalSchema = z.object({
	round: z.int().check(z.gte(1), z.lte(100)),
	seed: z.string().check(z.minLength(1), z.maxLength(200)),
	moves: z
		.array(z.object({ player: z.string().check(z.maxLength(200)), toTable: z.int().check(z.gte(1)) }))
		.check(z.maxLength(2000))
});

/** The kept proposal of a tournament, or null (none, or a row this version cannot read). */
export async function keptProposal(tournamentId: string): Promise<KeptProposal | null> {
	const row = await db().meta.get(proposalRow(tournamentId));
	const parsed = keptProposalSchema.safeParse(row?.value);
	return parsed.success ? parsed.data : null;
}

/** Keeps the proposal as shown (plain copies: IndexedDB cannot store reactive proxies). */
export async function keepProposal(tournamentId: string, proposal: KeptProposal): Promise<void> {
	const value: KeptProposal = {
		round: proposal.round,
		seed: proposal.seed,
		moves: proposal.moves.map((m) => ({ player: m.player, toTable: m.toTable }))
	};
	await db().meta.put({ key: proposalRow(tournamentId), value });
}

/** The round opened (or the tournament went): the proposal is no longer kept. */
export async function dropProposal(tournamentId: string): Promise<void> {
	await db().meta.delete(proposalRow(tournamentId));
}
