import {
	checkGameSetup,
	DEFAULT_TARGET,
	PRESET_RULES,
	startGame,
	type GamePreset,
	type GameSetup
} from '../db/games';
import { MAX_PLAYERS, MIN_PLAYERS } from '../domain/rules';
import { fail, type Problem, type Result } from '../domain/result';

/** One line of the player list; `key` keeps a row's input when rows move. */
export interface PlayerLine {
	readonly key: number;
	name: string;
}

/** The "Neue Partie" form: players in seat order, the preset, the target, who opens round 1. */
export class NewGameForm {
	players = $state<PlayerLine[]>([]);
	/** The target as typed; null while the field is empty. */
	target = $state<number | null>(DEFAULT_TARGET.classic);
	saving = $state(false);
	/** Shown once the person tried to start (not while typing the first name). */
	attempted = $state(false);
	storageProblem = $state<Problem | null>(null);

	#preset = $state<GamePreset>('classic');
	/** The line of the player who opens round 1; null: the first named player. */
	#openerKey = $state<number | null>(null);
	#nextKey = 0;

	constructor(names: readonly string[] = ['', '', '']) {
		this.players = names.map((name) => ({ key: this.#nextKey++, name }));
	}

	get preset(): GamePreset {
		return this.#preset;
	}

	/** Choosing a preset proposes its target (400, the kids' target, none). */
	set preset(value: GamePreset) {
		this.#preset = value;
		this.target = DEFAULT_TARGET[value];
	}

	/** Lines with a name, in seat order: empty lines are left out of the game. */
	readonly named = $derived(this.players.filter((p) => p.name.trim() !== ''));

	/** The seat (among the named players) that opens round 1; it follows the person when seats move. */
	get opener(): number {
		const seat = this.named.findIndex((p) => p.key === this.#openerKey);
		return seat < 0 ? 0 : seat;
	}

	set opener(seat: number) {
		this.#openerKey = this.named[seat]?.key ?? null;
	}

	readonly canAdd = $derived(this.players.length < MAX_PLAYERS);
	readonly canRemove = $derived(this.players.length > MIN_PLAYERS);
	readonly hasTarget = $derived(DEFAULT_TARGET[this.#preset] !== null);

	readonly setup: GameSetup = $derived({
		players: this.named.map((p) => p.name),
		rules: PRESET_RULES[this.#preset],
		target: this.hasTarget ? this.target : null
	});

	readonly check = $derived(checkGameSetup(this.setup));

	/** What keeps the game from starting, once the person tried. */
	readonly problem: Problem | null = $derived(
		this.storageProblem ?? (this.attempted && !this.check.ok ? this.check.error : null)
	);

	add(): void {
		if (this.canAdd) this.players.push({ key: this.#nextKey++, name: '' });
	}

	remove(seat: number): void {
		if (!this.canRemove) return;
		this.players.splice(seat, 1);
	}

	/** Moves a player one seat forward (−1) or back (+1). */
	move(seat: number, by: -1 | 1): void {
		const to = seat + by;
		if (to < 0 || to >= this.players.length) return;
		const [line] = this.players.splice(seat, 1);
		if (line) this.players.splice(to, 0, line);
	}

	/** Stores the game and its first round; the round's id to open the sheet. */
	async submit(): Promise<Result<{ gameId: string; roundId: string }>> {
		this.attempted = true;
		this.storageProblem = null;
		if (!this.check.ok) return this.check;
		this.saving = true;
		try {
			return await startGame(this.check.value, this.opener);
		} catch (error) {
			const detail = error instanceof Error ? error.message : String(error);
			this.storageProblem = { code: 'storage', detail };
			return fail(this.storageProblem);
		} finally {
			this.saving = false;
		}
	}
}
