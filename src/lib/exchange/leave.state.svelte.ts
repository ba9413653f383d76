import { leaveTournament, roundsToKeep, type RoundToKeep } from '$lib/db/sync-tablet';
import type { Problem } from '$lib/domain/result';
import { offerFile } from '$lib/offer-file';
import { fileName, toFileText } from '$lib/protocol/files';
import { storedTabletName } from './tablet-name.svelte';

/** A tournament the players asked to leave, with the rounds this tablet can still sign as files. */
export interface LeaveAsked {
	readonly id: string;
	readonly name: string;
	readonly rounds: readonly RoundToKeep[];
}

/**
 * "Turnier verlassen" on a tablet: asked first, with the rounds it began in the tournament offered as
 * result files (once it has left, it holds no table key to sign them); then the tablet forgets the
 * tournament (`leaveTournament`) and takes the director's table code as a new tablet would.
 */
export class LeaveTournament {
	asked = $state<LeaveAsked | null>(null);
	/** The streams of the rounds saved as files in this dialog. */
	saved = $state<readonly string[]>([]);

	async ask(tournament: { id: string; name: string }): Promise<void> {
		const rounds = await roundsToKeep(tournament.id, { tablet: storedTabletName() });
		this.saved = [];
		this.asked = { id: tournament.id, name: tournament.name, rounds };
	}

	cancel(): void {
		this.asked = null;
	}

	async save(round: RoundToKeep): Promise<void> {
		const done = await offerFile(
			fileName(`runde${round.round}_tisch${round.table}`),
			toFileText(round.bytes)
		);
		if (done !== 'cancelled') this.saved = [...this.saved, round.stream];
	}

	/** Leaves the asked tournament: null when done, or why not. */
	async confirm(): Promise<{ left: string } | { problem: Problem } | null> {
		const asked = this.asked;
		if (!asked) return null;
		const left = await leaveTournament(asked.id);
		this.asked = null;
		return left.ok ? { left: asked.name } : { problem: left.error };
	}
}
