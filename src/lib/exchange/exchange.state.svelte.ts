import type { AbsenceRow, KnownTournament } from '$lib/codecs/sync';
import { absenceDone, absenceViews, type AbsenceView } from '$lib/db/sync-absences';
import { conflictViews, type ConflictView } from '$lib/db/conflicts';
import { Live } from '$lib/db/live.svelte';
import { receive } from '$lib/db/sync';
import { board, type BoardTable } from '$lib/db/sync-board';
import { decidePending, type KeptCode } from '$lib/db/sync-desk';
import { currentStandings, tableAssignments } from '$lib/db/sync-handout';
import { encodeAsDirector } from '$lib/db/sync-keys';
import type { ImportOutcome } from '$lib/db/sync-rows';
import { knownTournament } from '$lib/db/tournament-keys';
import { loadTournament, statusOf } from '$lib/db/tournaments';
import { finalRoundNumber } from '$lib/director/format';
import { saveTournamentFile } from '$lib/director/backup';
import { resultsBeyondBounds } from '$lib/domain/bounds';
import type { Problem } from '$lib/domain/result';
import { fileName, toFileText, type PayloadBytes } from '$lib/protocol/files';
import { toCodes } from '$lib/protocol/frames';
import type { syncTexts } from '$lib/i18n/sync';
import { problemText } from '$lib/i18n/problems/index';

type Texts = (typeof syncTexts)['t']['director'];

/** One table's code to hand out. */
export interface TableCode {
	readonly table: number;
	readonly players: readonly string[];
	readonly codes: string[];
}

/** The views of the exchange page, in the order of a round. */
export const VIEWS = ['handOut', 'collect', 'standings', 'files'] as const;
export type View = (typeof VIEWS)[number];

/** The newest round whose table codes were shown on this device, per tournament (localStorage). */
const handedOutKey = (id: string) => `wb.exchange.handed-out.${id}`;

/** The director's side of the exchange for one tournament. */
export class Exchange {
	readonly id: string;
	readonly #tournament: Live<Awaited<ReturnType<typeof loadTournament>>>;
	readonly #board: Live<{ round: number; tables: BoardTable[] } | null>;
	readonly #pending: Live<ConflictView[]>;
	readonly #absences: Live<AbsenceView[]>;
	readonly #keys: Live<KnownTournament | null>;
	message = $state<{ text: string; error: boolean } | null>(null);
	tableCodes = $state<{ round: number; tables: TableCode[] } | null>(null);
	standingsCodes = $state<{ revision: number; codes: string[]; file: { name: string; text: string } } | null>(
		null
	);

	/** Read once: marking the round as handed out must not move the page away from its codes. */
	readonly #handedOut: number;
	#opening: View | undefined;

	constructor(id: string) {
		this.id = id;
		this.#handedOut = Number(globalThis.localStorage?.getItem(handedOutKey(id)) ?? 0);
		this.#tournament = new Live(() => loadTournament(id));
		this.#board = new Live(async () => {
			const loaded = await loadTournament(id);
			const round = loaded.ok ? loaded.value.state.rounds.at(-1) : undefined;
			if (!round) return null;
			const tables = await board(id, round.number);
			return tables.ok ? { round: round.number, tables: tables.value } : null;
		});
		this.#pending = new Live(() => conflictViews(id));
		this.#absences = new Live(() => absenceViews(id));
		this.#keys = new Live(() => knownTournament(id));
	}

	/**
	 * Restored here from a JSON export with new keys, and the round running then is still the newest: its
	 * tablets hold table codes of the old keys and need theirs again.
	 */
	get restoredWithNewKeys(): { at: number; round: number } | null {
		const restored = this.#keys.current?.restored;
		const latest = this.board?.round;
		if (!restored || latest === undefined || latest > restored.round || this.ended) return null;
		return { at: restored.at, round: latest };
	}

	get tournament() {
		return this.#tournament.current;
	}

	get board() {
		return this.#board.current ?? null;
	}

	/**
	 * What the newest round needs when the page opens: its codes handed out before it starts, its
	 * results collected once its tables play — a table has sent something, or its codes were shown here
	 * before. Undefined until the board is read; then fixed, so the page does not jump under the director.
	 */
	get opening(): View | undefined {
		if (this.#opening) return this.#opening;
		const board = this.#board.current;
		if (!this.#board.loaded || board === undefined) return undefined;
		const playing =
			board !== null &&
			(board.round <= this.#handedOut || board.tables.some((table) => table.state !== 'missing'));
		this.#opening = playing ? 'collect' : 'handOut';
		return this.#opening;
	}

	/** The round's table codes were shown: next time the page opens on collecting. */
	markHandedOut(round: number): void {
		if (round > Number(globalThis.localStorage?.getItem(handedOutKey(this.id)) ?? 0))
			globalThis.localStorage?.setItem(handedOutKey(this.id), String(round));
	}

	/** Batches waiting for a decision, then those decided (kept, shown greyed). */
	get pending(): ConflictView[] {
		return [...(this.#pending.current ?? [])].sort(
			({ pending: a }, { pending: b }) =>
				Number(b.status === 'open') - Number(a.status === 'open') || b.receivedAt - a.receivedAt
		);
	}

	/** Tables' reports of missing players: open first, newest first. */
	get absences(): AbsenceView[] {
		return [...(this.#absences.current ?? [])].sort(
			({ row: a }, { row: b }) =>
				Number(b.status === 'open') - Number(a.status === 'open') || b.receivedAt - a.receivedAt
		);
	}

	/** "Erledigt": the director dealt with a report (recorded as decided; the tournament is not changed). */
	async absenceDone(row: AbsenceRow, locale: 'de' | 'en'): Promise<void> {
		const done = await absenceDone(row);
		if (!done.ok) this.problem(done.error, locale);
		else this.message = null;
	}

	/** A round as the desk names it: "Runde 2", a final round by the final's own count ("Finalrunde 1"). */
	roundName(round: number, texts: Texts): string {
		const loaded = this.tournament;
		const state = loaded?.ok ? loaded.value.state : null;
		const final = state?.rounds.find((r) => r.number === round)?.stage === 'final';
		return state && final ? texts.finalRound(finalRoundNumber(state, round)) : texts.round(round);
	}

	/** The tournament is over: no table is handed out any more. */
	get ended(): boolean {
		const loaded = this.tournament;
		return loaded?.ok === true && statusOf(loaded.value.state) === 'finished';
	}

	/** Length of the log: changes whenever the tournament does. */
	get revision(): number {
		const loaded = this.tournament;
		return loaded?.ok ? loaded.value.events.length : 0;
	}

	problem(problem: Problem, locale: 'de' | 'en'): void {
		this.message = { text: problemText(problem, locale), error: true };
	}

	/**
	 * Codes that could not be made (storage closed, e.g. when the page is left while they are signed): said
	 * on the screen, never an unhandled rejection.
	 */
	codesFailed(error: unknown, text: (why: string) => string): void {
		this.message = { text: text(error instanceof Error ? error.message : String(error)), error: true };
	}

	/** The codes of the newest round's tables. */
	async loadTableCodes(locale: 'de' | 'en'): Promise<void> {
		if (this.ended) {
			this.tableCodes = null;
			return;
		}
		const handed = await tableAssignments(this.id);
		if (!handed.ok) {
			this.tableCodes = null;
			if (handed.error.code !== 'no-round-yet') this.problem(handed.error, locale);
			return;
		}
		const tables = await Promise.all(
			handed.value.assignments.map(async (assignment) => ({
				table: assignment.table,
				players: assignment.players.map((p) => p.name),
				codes: toCodes(await encodeAsDirector(this.id, assignment))
			}))
		);
		this.tableCodes = { round: handed.value.round.number, tables };
	}

	/** The standings code as the log stands. */
	async loadStandingsCodes(locale: 'de' | 'en'): Promise<void> {
		const standings = await currentStandings(this.id);
		if (!standings.ok) {
			this.standingsCodes = null;
			this.problem(standings.error, locale);
			return;
		}
		// A result stored before the bound would make a code no tablet reads: it is to be corrected first.
		const loaded = await loadTournament(this.id);
		const beyond = loaded.ok ? resultsBeyondBounds(loaded.value.state) : null;
		if (beyond) {
			this.standingsCodes = null;
			this.problem(beyond, locale);
			return;
		}
		const bytes = await encodeAsDirector(this.id, standings.value);
		this.standingsCodes = {
			revision: standings.value.revision,
			codes: toCodes(bytes),
			file: { name: fileName(`rangliste_nach_runde${standings.value.afterRound}`), text: toFileText(bytes) }
		};
	}

	/** A result code or a tournament file read at the desk: of this tournament only. */
	async receive(bytes: PayloadBytes, texts: Texts, locale: 'de' | 'en'): Promise<void> {
		const received = await receive(bytes, ['batch', 'tournament', 'absence'], { tournamentId: this.id });
		if (!received.ok) {
			this.problem(received.error, locale);
			return;
		}
		const where = (round: number, table: number) => texts.at(this.roundName(round, texts), table);
		const loaded = this.tournament;
		const name = (id: string) => (loaded?.ok ? (loaded.value.state.players.get(id)?.name ?? id) : id);
		this.message = { text: describe(received.value, texts, where, name), error: false };
	}

	/** `override`: the director takes a locked round's code as an override (the card asked for it). */
	async decide(
		kept: KeptCode,
		decision: 'take' | 'set-aside',
		reason: string,
		override: boolean,
		locale: 'de' | 'en'
	) {
		const decided = await decidePending(kept, decision, reason, { override });
		if (!decided.ok) this.problem(decided.error, locale);
		else this.message = null;
	}

	/** The whole tournament, or one round's results, as a file. */
	async exportFile(round: number | undefined, texts: Texts, locale: 'de' | 'en'): Promise<void> {
		const loaded = this.tournament;
		const saved = await saveTournamentFile(this.id, loaded?.ok ? loaded.value.state.name : this.id, round);
		if (!saved.ok) return this.problem(saved.error, locale);
		// Said when done: where the file went (nothing when the person closed the share sheet).
		const { done, file } = saved.value;
		this.message = done === 'cancelled' ? null : { text: texts.exported[done](file), error: false };
	}
}

/** What an import did, naming the round and the table ("Runde 2, Tisch 1: …"). */
function describe(
	outcome: ImportOutcome,
	texts: Texts,
	where: (round: number, table: number) => string,
	name: (player: string) => string
): string {
	if (outcome.kind === 'tournament') return texts.received.tournament(outcome.events, outcome.tables);
	if (outcome.kind === 'absence') {
		const at = where(outcome.round, outcome.table);
		return outcome.added
			? texts.received.absence(at, name(outcome.player))
			: texts.received.absenceAgain(at, name(outcome.player));
	}
	if (outcome.kind !== 'batch') return '';
	const at = where(outcome.round, outcome.table);
	if (outcome.conflict === 'locked') return texts.received.locked(at);
	if (outcome.conflict === 'other-table') return texts.received.otherTable(at);
	if (outcome.result === 'conflict' || outcome.conflict) return texts.received.conflict(at);
	if (outcome.reported && outcome.result === 'added') return texts.received.reported(at);
	if (outcome.result === 'added') return texts.received.added(at, outcome.added);
	return texts.received.unchanged(at);
}
