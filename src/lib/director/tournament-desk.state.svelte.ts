import { getContext, setContext } from 'svelte';
import { checkedLoss, uncheckedLoss } from '../db/holes';
import { Live } from '../db/live.svelte';
import { loadTournament, recordEvents, type EventDraft, type LoadedTournament } from '../db/tournaments';
import type { Problem, Result } from '../domain/result';
import { standings, type Standings, type TournamentState } from '../domain/tournament';

/** One tournament as the director's desk sees it: the stored log, live, replayed; and a way to add to it. */
export class TournamentDesk {
	#live: Live<Result<LoadedTournament>>;
	/** What the last write returned, until the live query has caught up with it. */
	#written = $state<LoadedTournament | null>(null);
	/** A write is running. */
	busy = $state(false);

	/**
	 * An entry of this device lost next to this tournament's while a later one stayed (Chromium after a
	 * power cut, db/holes.ts): its number until the director has checked the tournament, else null.
	 */
	lostEntry = $state<number | null>(null);

	constructor(readonly id: string) {
		this.#live = new Live(async () => loadTournament(id));
		void this.#findLoss();
	}

	async #findLoss(): Promise<void> {
		try {
			this.lostEntry = await uncheckedLoss(this.id);
		} catch {
			// Storage that cannot be read is said by the tournament's own query (`problem`).
		}
	}

	/** The director has checked the tournament after a lost entry (and mended it). */
	async lossChecked(): Promise<void> {
		if (this.lostEntry === null) return;
		await checkedLoss(this.id, this.lostEntry);
		this.lostEntry = null;
	}

	get loaded(): boolean {
		return this.#live.loaded;
	}

	/** The tournament, or null while loading or when it cannot be read. */
	get tournament(): LoadedTournament | null {
		const result = this.#live.current;
		const stored = result?.ok ? result.value : null;
		const written = this.#written;
		if (written && (!stored || written.events.length > stored.events.length)) return written;
		return stored;
	}

	get state(): TournamentState | null {
		return this.tournament?.state ?? null;
	}

	/** Why the tournament cannot be shown (not found, damaged, storage failed). */
	get problem(): Problem | null {
		const result = this.#live.current;
		if (result && !result.ok) return result.error;
		const error = this.#live.error;
		if (!error) return null;
		const detail = error instanceof Error ? error.message : String(error);
		return { code: 'storage', detail };
	}

	/** The standings as the log stands. */
	readonly standings: Standings | null = $derived.by(() => (this.state ? standings(this.state) : null));

	/** Appends events, all or nothing (see `recordEvents`); resolves with the refusal, if any. */
	async record(...drafts: EventDraft[]): Promise<Problem | null> {
		this.busy = true;
		try {
			const result = await recordEvents(this.id, drafts);
			if (!result.ok) return result.error;
			this.#written = result.value;
			return null;
		} catch (error) {
			const detail = error instanceof Error ? error.message : String(error);
			return { code: 'storage', detail };
		} finally {
			this.busy = false;
		}
	}
}

const KEY = Symbol('tournament-desk');

/** Makes the desk available to the sections below (the desk layout calls this). */
export function provideDesk(desk: () => TournamentDesk): void {
	setContext(KEY, desk);
}

/** The desk of the tournament being shown. */
export function useDesk(): () => TournamentDesk {
	const desk = getContext<(() => TournamentDesk) | undefined>(KEY);
	if (!desk) throw new Error('useDesk() outside the director’s desk');
	return desk;
}
