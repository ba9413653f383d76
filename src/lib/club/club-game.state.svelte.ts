import { loadGameView, refreshGame, startNextRound, summaryIsCurrent, type GameView } from '../db/games';
import { Live } from '../db/live.svelte';
import { roundOutcome } from '../domain/outcome';
import type { Rational } from '../domain/rational';
import { fail, type Problem, type Result } from '../domain/result';

/** One round as a line of the game's table. */
export interface RoundLine {
	readonly id: string;
	/** 1-based, in the order the rounds were started. */
	readonly number: number;
	/** The round's points by seat; null when the round is damaged. */
	readonly totals: readonly number[] | null;
	readonly problem: Problem | null;
	readonly running: boolean;
	/** Someone reached the target in this round: it is the game's last. */
	readonly last: boolean;
}

/** One game of the club evening as its screen sees it: the stored game, live, and the next round's opener. */
export class ClubGame {
	#live: Live<Result<GameView>>;
	/** The opener the scorer picked for the next round; null: the proposed one. */
	#chosen = $state<{ after: number; seat: number } | null>(null);
	starting = $state(false);
	/** Why the last attempt to start the next round failed. */
	startProblem = $state<Problem | null>(null);

	constructor(readonly id: string) {
		// An async querier: Dexie keeps observing reads made after the first await only for async functions.
		this.#live = new Live(async () => loadGameView(id));
	}

	get loaded(): boolean {
		return this.#live.loaded;
	}

	/** The game, or null while loading or when it cannot be read. */
	get view(): GameView | null {
		const result = this.#live.current;
		return result?.ok ? result.value : null;
	}

	/** Why the game cannot be shown (not found, damaged, storage failed). */
	get problem(): Problem | null {
		const result = this.#live.current;
		if (result && !result.ok) return result.error;
		const error = this.#live.error;
		if (!error) return null;
		const detail = error instanceof Error ? error.message : String(error);
		return { code: 'storage', detail };
	}

	/** The game's rounds as table lines. */
	readonly rounds: readonly RoundLine[] = $derived.by(() => {
		const view = this.view;
		if (!view) return [];
		// The standing counts only readable rounds; `lastRound` indexes those.
		let counted = -1;
		return view.rounds.map((round, i) => {
			if (round.state) counted++;
			return {
				id: round.id,
				number: i + 1,
				totals: round.state?.totals ?? null,
				problem: round.problem,
				running: round.id === view.running,
				last: round.state !== null && counted === view.standing.lastRound
			};
		});
	});

	/** Tournament points (5-3-1, 5-3-2-1) when the game is one finished tournament round. */
	readonly tournamentPoints: readonly Rational[] | null = $derived.by(() => {
		const view = this.view;
		const round = view?.rounds[0]?.state;
		if (!view || !round || view.game.preset !== 'tournament' || !view.standing.over) return null;
		const points = roundOutcome(round).map((o) => o.points);
		return points.every((p) => p !== null) ? points : null;
	});

	/** Who opens the next round: the scorer's pick, else the seat after the last round's opener. */
	get opener(): number {
		const view = this.view;
		if (!view) return 0;
		// A pick made before another round was played no longer applies.
		const chosen = this.#chosen;
		return chosen && chosen.after === view.rounds.length ? chosen.seat : view.nextStart;
	}

	set opener(seat: number) {
		this.#chosen = { after: this.view?.rounds.length ?? 0, seat };
	}

	/** The summary row lags behind the rounds (they changed at the sheet). */
	get stale(): boolean {
		const view = this.view;
		return !!view && !summaryIsCurrent(view);
	}

	/** Writes the game's summary row from its rounds (the club list reads it). */
	async refresh(): Promise<void> {
		try {
			await refreshGame(this.id);
		} catch {
			// The view shows the rounds either way; the list catches up on its next refresh.
		}
	}

	/** Starts the next round with the chosen opener; its id to open the sheet. */
	async startNext(): Promise<Result<string>> {
		this.startProblem = null;
		this.starting = true;
		try {
			const started = await startNextRound(this.id, this.opener);
			if (!started.ok) this.startProblem = started.error;
			return started;
		} catch (error) {
			const detail = error instanceof Error ? error.message : String(error);
			this.startProblem = { code: 'storage', detail };
			return fail(this.startProblem);
		} finally {
			this.starting = false;
		}
	}
}
