import type { RoundContext } from '$lib/codecs/round';
import type { Result } from '$lib/domain/result';
import { startRound, type RoundState } from '$lib/domain/round';
import { CLASSIC, KIDS, MAX_PLAYERS, MIN_PLAYERS, TOURNAMENT, type RuleOptions } from '$lib/domain/rules';
import { drawStatus, enterDraw, type DrawRound } from './startDraw';

/** The three ways to play a round, as the new-round screen offers them. */
export const ROUND_KINDS = ['tournament', 'classic', 'kids'] as const;
export type RoundKind = (typeof ROUND_KINDS)[number];

/** How the start player is found: the tournament draw, the classic trio start, or simply chosen. */
export const START_MODES = ['draw', 'trio', 'choose'] as const;
export type StartMode = (typeof START_MODES)[number];

const RULES: Record<RoundKind, RuleOptions> = { tournament: TOURNAMENT, classic: CLASSIC, kids: KIDS };

/** A player row; the key keeps inputs stable while rows move. */
interface PlayerRow {
	key: number;
	name: string;
}

/** The query parameters the form reads (the club screen and the director link here with them). */
export type RoundParams = Pick<URLSearchParams, 'get' | 'getAll'>;
const NO_PARAMS: RoundParams = { get: () => null, getAll: () => [] };

function intParam(params: RoundParams, name: string): number | null {
	const value = Number(params.get(name));
	return Number.isInteger(value) && value >= 1 ? value : null;
}

/** The new-round form: players in seat order, rules, and who starts. */
export class NewRoundForm {
	#nextKey = 0;
	players = $state<PlayerRow[]>([]);
	kind = $state<RoundKind>('tournament');
	tiles = $state<56 | 76>(56);
	startMode = $state<StartMode>('draw');
	/** The start draw, round by round, by seat. */
	draws = $state<DrawRound[]>([]);
	/** Chosen directly, or by the classic start's questions. */
	chosen = $state<number | null>(null);
	/** Classic start: nobody holds a trio (then the highest tile decides). */
	noTrio = $state(false);
	context: RoundContext = { gameId: null, tournamentId: null, round: null, table: null, startDraw: null };
	/** A tournament table joined by code: players, seats and rules are the director's, not the table's. */
	fixed = $state(false);

	readonly rules: RuleOptions = $derived({ ...RULES[this.kind], tiles: this.tiles });
	readonly names = $derived(this.players.map((p) => p.name.trim()));
	readonly draw = $derived(drawStatus(this.players.length, this.draws));

	/** The start seat as decided so far, or null. */
	readonly start: number | null = $derived(
		this.startMode === 'draw'
			? this.draw.kind === 'decided'
				? this.draw.start
				: null
			: this.chosen !== null && this.chosen < this.players.length
				? this.chosen
				: null
	);

	/** The round this form would start (or why not); the start player defaults to seat 0 for the check. */
	readonly round: Result<RoundState> = $derived(
		startRound({ rules: this.rules, players: this.names, start: this.start ?? 0 })
	);
	readonly ready = $derived(this.round.ok && this.start !== null);
	readonly canAdd = $derived(this.players.length < MAX_PLAYERS);
	readonly canRemove = $derived(this.players.length > MIN_PLAYERS);

	constructor(params: RoundParams = NO_PARAMS) {
		const listed = params
			.getAll('players')
			.flatMap((p) => p.split(','))
			.concat(params.getAll('player'))
			.map((p) => p.trim())
			.filter(Boolean)
			.slice(0, MAX_PLAYERS);
		const names =
			listed.length >= MIN_PLAYERS
				? listed
				: [...listed, '', '', '', ''].slice(0, Math.max(4, listed.length));
		this.players = names.map((name) => ({ key: this.#nextKey++, name }));
		const kind = params.get('preset');
		if ((ROUND_KINDS as readonly string[]).includes(kind ?? '')) this.kind = kind as RoundKind;
		if (params.get('tiles') === '76') this.tiles = 76;
		const mode = params.get('start');
		if ((START_MODES as readonly string[]).includes(mode ?? '')) this.startMode = mode as StartMode;
		else this.startMode = this.kind === 'tournament' ? 'draw' : 'trio';
		this.context = {
			gameId: params.get('game') || null,
			tournamentId: params.get('tournament') || null,
			round: intParam(params, 'round'),
			table: intParam(params, 'table'),
			startDraw: null
		};
	}

	/** Seats changed: a draw or a choice by seat no longer holds. */
	#seatsChanged(): void {
		this.draws = [];
		this.chosen = null;
		this.noTrio = false;
	}

	/** Takes players (in seat order) and rules from the table the director handed out, and locks them. */
	fix(players: readonly string[], rules: RuleOptions): void {
		this.players = players.map((name) => ({ key: this.#nextKey++, name }));
		this.kind = rules.preset === 'tournament' ? 'tournament' : rules.scoring === 'kids' ? 'kids' : 'classic';
		this.tiles = rules.tiles;
		this.startMode = this.kind === 'tournament' ? 'draw' : 'trio';
		this.#seatsChanged();
		this.fixed = true;
	}

	setKind(kind: RoundKind): void {
		if (this.fixed) return;
		this.kind = kind;
		this.startMode = kind === 'tournament' ? 'draw' : 'trio';
		this.chosen = null;
	}

	add(): void {
		if (!this.canAdd || this.fixed) return;
		this.players.push({ key: this.#nextKey++, name: '' });
		this.#seatsChanged();
	}

	remove(index: number): void {
		if (!this.canRemove || this.fixed) return;
		this.players.splice(index, 1);
		this.#seatsChanged();
	}

	/** Moves a player one seat (−1 forward, +1 back). */
	move(index: number, by: -1 | 1): void {
		const to = index + by;
		if (this.fixed || to < 0 || to >= this.players.length) return;
		const [row] = this.players.splice(index, 1);
		if (row) this.players.splice(to, 0, row);
		this.#seatsChanged();
	}

	/** Enters a drawn value for the player whose turn it is to draw (or `seat`). */
	enterDraw(value: number, seat: number | null = null): void {
		if (this.draw.kind !== 'drawing') return;
		const who = seat ?? this.draw.next;
		if (who === null || !this.draw.seats.includes(who)) return;
		this.draws = enterDraw(this.players.length, this.draws, this.draw.round, who, value);
	}

	/** Changes a value of an earlier draw round (later rounds are dropped). */
	redoDraw(round: number, seat: number, value: number): void {
		this.draws = enterDraw(this.players.length, this.draws, round, seat, value);
	}

	resetDraw(): void {
		this.draws = [];
	}

	/** The context stored with the round: where it belongs and the start draw as drawn. */
	contextForStart(): RoundContext {
		return {
			...this.context,
			startDraw:
				this.startMode === 'draw' && this.draw.kind === 'decided' ? this.draws.map((r) => [...r]) : null
		};
	}
}
