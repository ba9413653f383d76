import type { AnnouncementProblem } from '../problems';
import { fail, ok, type Result } from '../result';
import { readMarkedNumbers, type MarkedNumber } from './marked-numbers';
import {
	DRAW_PENALTY,
	FIGURE_BONUSES,
	GOING_OUT_BONUS,
	MAX_DRAWS,
	MAX_TILE,
	PASS_PENALTY,
	isBonusValue,
	passTotal,
	turnScore,
	type TurnParts
} from './turn-parts';

/** What one step of an announcement counts as. */
export const STEP_KINDS = ['purchase', 'pass', 'tile', 'bonus', 'result'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** One thing the player said: what it counts as, its number (null for a bare "passe") and the words. */
export interface Step {
	readonly kind: StepKind;
	readonly value: number | null;
	readonly said: string;
}

/** A wrong step: its index in `steps` and what is wrong. */
export type Mistake = AnnouncementProblem & { readonly step: number };

/** An announcement as the player said it, read into the turn it describes and checked against itself. */
export interface Announcement extends TurnParts {
	/** Sum of the bonuses. */
	readonly bonus: number;
	/** The total the player announced ("ergibt …"; without it, what the announced steps add up to). */
	readonly claimed: number;
	/** What the turn's parts add up to (turnScore). */
	readonly score: number;
	/** No mistakes and claimed === score. */
	readonly consistent: boolean;
	readonly steps: readonly Step[];
	readonly mistakes: readonly Mistake[];
}

/**
 * Reads what a player announced for one turn (RULES.md §3) — German or English number words or digits,
 * any case and punctuation, with or without "Bonus" and "ergibt" — into the turn it describes, and
 * names every step that is wrong. Text it cannot read gives an error naming the word; it never throws.
 */
export function parseAnnouncement(text: string): Result<Announcement, AnnouncementProblem> {
	const numbers = readMarkedNumbers(text);
	if (!numbers.ok) return numbers;
	if (numbers.value.length === 0) {
		return fail({ code: 'announcement-empty' });
	}
	return interpret(numbers.value);
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** Which kinds of bonus one announced bonus contains: a figure, going out, a classic opening trio. */
function bonusKinds(value: number): string[] {
	if (value === 10) return ['opening'];
	if (value === GOING_OUT_BONUS) return ['out'];
	const figures: readonly number[] = FIGURE_BONUSES;
	return figures.includes(value - GOING_OUT_BONUS) ? ['figure', 'out'] : ['figure'];
}

/** The turn as read so far. */
interface ReadTurn {
	draws: number;
	tile: number | null;
	bonuses: number[];
	pass: boolean;
	passPenalty: 0 | -10;
	/** The last purchase penalty as said. */
	lastPenalty: number | null;
	/** The pass total as said (or implied by a bare "passe"). */
	passClaim: number;
	result: { value: number; step: number } | null;
	/** A pass total or a result ends the announcement. */
	done: boolean;
}

/**
 * An announcement read number by number: purchases, then a pass or the tile, its bonuses and the result.
 * Keeps the turn as read so far, the steps and the mistakes found.
 */
class AnnouncementReader {
	readonly #steps: Step[] = [];
	readonly #mistakes: Mistake[] = [];
	readonly #turn: ReadTurn = {
		draws: 0,
		tile: null,
		bonuses: [],
		pass: false,
		passPenalty: 0,
		lastPenalty: null,
		passClaim: 0,
		result: null,
		done: false
	};

	/**
	 * Takes the next number as said (`last`: the announcement's last; `more`: numbers other than a bare
	 * "passe" follow it). Fails when the announcement cannot be read on.
	 */
	take(entry: MarkedNumber, last: boolean, more: boolean): Result<null, AnnouncementProblem> {
		if (this.#turn.done) {
			if (this.#turn.pass && entry.mark === 'pass' && entry.value === null) return ok(null);
			const previous = this.#steps.at(-1)?.said ?? '';
			return fail({ code: 'announcement-too-many', said: entry.said, previous });
		}
		if (entry.mark === 'pass') {
			if (this.#turn.tile !== null) {
				return fail({ code: 'announcement-pass-after-tile', said: entry.said });
			}
			this.#takePass(entry.value, entry.said);
		} else if (this.#turn.tile === null) {
			if (entry.mark === 'bonus') {
				return fail({ code: 'announcement-bonus-without-tile', said: entry.said });
			}
			if (entry.mark === 'result') {
				if (entry.value === passTotal(this.#turn.draws)) this.#takePass(entry.value, entry.said);
				else if (this.#turn.draws > 0) this.#setResult(entry.value, entry.said);
				else {
					return fail({ code: 'announcement-result-without-turn', said: entry.said });
				}
			} else if (entry.value < 0 && entry.mark !== 'plus')
				this.#purchaseOrPass(entry.value, entry.said, more);
			else this.#layTile(entry.value, entry.said);
		} else if (entry.mark === 'bonus' || entry.mark === 'plus') {
			this.#addBonus(entry.value, entry.said);
		} else if (entry.mark === 'result') {
			this.#setResult(entry.value, entry.said);
		} else if (
			isBonusValue(entry.value) &&
			(!last || (this.#turn.draws === 0 && this.#turn.bonuses.length === 0))
		) {
			// Unmarked: a bonus when a result follows; the only number after the tile is a bonus when nothing was bought.
			this.#addBonus(entry.value, entry.said);
		} else {
			this.#setResult(entry.value, entry.said);
		}
		return ok(null);
	}

	/** The turn read: its parts, the score and whether what was said adds up to it. */
	announcement(): Announcement {
		const { draws, tile, bonuses, pass, passPenalty, result, lastPenalty, passClaim } = this.#turn;
		const score = turnScore({ draws, tile, bonuses, pass, passPenalty });
		if (result && result.value !== score) {
			this.#mistake(result.step, { code: 'result-wrong', said: result.value, score });
		}
		const spoken = (lastPenalty ?? 0) + (tile === null ? 0 : tile + sum(bonuses));
		const claimed = result?.value ?? (pass ? passClaim : spoken);
		return {
			draws,
			tile,
			bonuses,
			bonus: sum(bonuses),
			pass,
			passPenalty,
			claimed,
			score,
			consistent: this.#mistakes.length === 0 && claimed === score,
			steps: this.#steps,
			mistakes: this.#mistakes
		};
	}

	#step(kind: StepKind, value: number | null, said: string): number {
		return this.#steps.push({ kind, value, said }) - 1;
	}

	#mistake(at: number, problem: AnnouncementProblem): void {
		this.#mistakes.push({ ...problem, step: at });
	}

	#takePass(value: number | null, said: string): void {
		const at = this.#step('pass', value, said);
		const { draws } = this.#turn;
		const expected = passTotal(draws);
		[this.#turn.pass, this.#turn.done] = [true, true];
		if (value === null) {
			this.#turn.passPenalty = draws === 0 ? 0 : PASS_PENALTY;
			this.#turn.passClaim = DRAW_PENALTY * draws + this.#turn.passPenalty;
			return;
		}
		this.#turn.passClaim = value;
		if (value === expected) this.#turn.passPenalty = PASS_PENALTY;
		else if (value === 0 && draws === 0) this.#turn.passPenalty = 0;
		else {
			this.#turn.passPenalty = draws === 0 && value >= 0 ? 0 : PASS_PENALTY;
			this.#mistake(at, { code: 'pass-total-wrong', draws, said: value, expected });
		}
	}

	/** A negative number before the tile; `more`: numbers other than a bare "passe" follow it. */
	#purchaseOrPass(value: number, said: string, more: boolean): void {
		const expected = DRAW_PENALTY * (this.#turn.draws + 1);
		if (this.#turn.draws < MAX_DRAWS && value === expected) {
			this.#turn.draws++;
			this.#turn.lastPenalty = value;
			this.#step('purchase', value, said);
			return;
		}
		// A pass total ends the announcement; with more to come, the number is a wrong purchase call.
		if (more && this.#turn.draws < MAX_DRAWS) return this.#wrongPurchase(value, said, expected);
		if (this.#turn.draws === MAX_DRAWS || value === passTotal(this.#turn.draws))
			return this.#takePass(value, said);
		const implied = (value - PASS_PENALTY) / DRAW_PENALTY;
		if (this.#turn.draws === 0 && Number.isInteger(implied) && implied >= 0 && implied <= MAX_DRAWS) {
			// Said alone, a pass total is the whole turn (000 §Ansagen: "minus fünfundzwanzig, wenn er nicht
			// legt"; RULES.md §3): −15, −20, −25 = 1, 2, 3 purchases and the −10; the purchases were called as made.
			this.#step('pass', value, said);
			Object.assign(this.#turn, {
				draws: implied,
				pass: true,
				done: true,
				passPenalty: PASS_PENALTY,
				passClaim: value
			});
			return;
		}
		if (value < DRAW_PENALTY * MAX_DRAWS && Number.isInteger(implied) && implied <= MAX_DRAWS) {
			// −20 or −25 after fewer purchases than it needs: a pass whose other purchases were not announced.
			const missing = Array.from(
				{ length: implied - this.#turn.draws },
				(_, i) => DRAW_PENALTY * (this.#turn.draws + i + 1)
			);
			const at = this.#step('pass', value, said);
			Object.assign(this.#turn, {
				draws: implied,
				pass: true,
				done: true,
				passPenalty: PASS_PENALTY,
				passClaim: value
			});
			this.#mistake(at, { code: 'purchase-missing', said: value, draws: implied, missing });
			return;
		}
		this.#wrongPurchase(value, said, expected);
	}

	#wrongPurchase(value: number, said: string, expected: number): void {
		this.#turn.draws++;
		this.#turn.lastPenalty = value;
		const at = this.#step('purchase', value, said);
		this.#mistake(at, { code: 'purchase-step-wrong', draw: this.#turn.draws, said: value, expected });
	}

	#layTile(value: number, said: string): void {
		this.#turn.tile = value;
		const at = this.#step('tile', value, said);
		if (value < 0 || value > MAX_TILE) {
			this.#mistake(at, { code: 'tile-out-of-range', value, max: MAX_TILE });
		}
	}

	#addBonus(value: number, said: string): void {
		const at = this.#step('bonus', value, said);
		const before = this.#turn.bonuses.filter(isBonusValue).flatMap(bonusKinds);
		this.#turn.bonuses.push(value);
		if (!isBonusValue(value)) {
			this.#mistake(at, { code: 'bonus-unknown', value });
		} else if (bonusKinds(value).some((kind) => before.includes(kind))) {
			this.#mistake(at, { code: 'bonus-twice', value });
		}
	}

	#setResult(value: number, said: string): void {
		this.#turn.result = { value, step: this.#step('result', value, said) };
		this.#turn.done = true;
	}
}

/** Reads the steps in order: purchases, then a pass or the tile, its bonuses and the result. */
function interpret(entries: readonly MarkedNumber[]): Result<Announcement, AnnouncementProblem> {
	const reader = new AnnouncementReader();
	for (const [index, entry] of entries.entries()) {
		const more = entries.slice(index + 1).some((e) => e.mark !== 'pass' || e.value !== null);
		const taken = reader.take(entry, index === entries.length - 1, more);
		if (!taken.ok) return taken;
	}
	return ok(reader.announcement());
}
