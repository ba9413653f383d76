import type { PendingBatch } from '$lib/codecs/sync';
import { Live } from '$lib/db/live.svelte';
import {
	board,
	currentStandings,
	decidePending,
	encodeAsDirector,
	pendingBatches,
	receive,
	tableAssignments,
	type BoardTable,
	type ImportOutcome
} from '$lib/db/sync';
import { loadTournament } from '$lib/db/tournaments';
import { saveTournamentFile } from '$lib/director/backup';
import type { Problem } from '$lib/domain/result';
import { fileName, toFileText } from '$lib/protocol/files';
import { toCodes } from '$lib/protocol/frames';
import { MAX_TABLE_CODE_VERSION } from '$lib/protocol/qr';
import type { syncTexts } from '$lib/i18n/sync';

type Texts = (typeof syncTexts)['t']['director'];

/** One table's code to hand out. */
export interface TableCode {
	readonly table: number;
	readonly players: readonly string[];
	readonly codes: string[];
}

/** The director's side of the exchange for one tournament. */
export class Exchange {
	readonly id: string;
	readonly #tournament: Live<Awaited<ReturnType<typeof loadTournament>>>;
	readonly #board: Live<{ round: number; tables: BoardTable[] } | null>;
	readonly #pending: Live<PendingBatch[]>;
	message = $state<{ text: string; error: boolean } | null>(null);
	tableCodes = $state<{ round: number; tables: TableCode[] } | null>(null);
	standingsCodes = $state<{ revision: number; codes: string[]; file: { name: string; text: string } } | null>(
		null
	);

	constructor(id: string) {
		this.id = id;
		this.#tournament = new Live(() => loadTournament(id));
		this.#board = new Live(async () => {
			const loaded = await loadTournament(id);
			const round = loaded.ok ? loaded.value.state.rounds.at(-1) : undefined;
			if (!round) return null;
			const tables = await board(id, round.number);
			return tables.ok ? { round: round.number, tables: tables.value } : null;
		});
		this.#pending = new Live(() => pendingBatches(id));
	}

	get tournament() {
		return this.#tournament.current;
	}

	get board() {
		return this.#board.current ?? null;
	}

	/** Batches waiting for a decision, then those decided (kept, shown greyed). */
	get pending(): PendingBatch[] {
		return [...(this.#pending.current ?? [])].sort(
			(a, b) => Number(b.status === 'open') - Number(a.status === 'open') || b.receivedAt - a.receivedAt
		);
	}

	/** Length of the log: changes whenever the tournament does. */
	get revision(): number {
		const loaded = this.tournament;
		return loaded?.ok ? loaded.value.events.length : 0;
	}

	problem(problem: Problem, locale: 'de' | 'en'): void {
		this.message = { text: problem[locale], error: true };
	}

	/** The codes of the newest round's tables. */
	async loadTableCodes(locale: 'de' | 'en'): Promise<void> {
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
				codes: toCodes(await encodeAsDirector(this.id, assignment), { maxSingle: MAX_TABLE_CODE_VERSION })
			}))
		);
		this.tableCodes = { round: handed.value.round.number, tables };
	}

	/** The standings code as the log stands. */
	async loadStandingsCodes(locale: 'de' | 'en'): Promise<void> {
		const standings = await currentStandings(this.id);
		if (!standings.ok) {
			this.problem(standings.error, locale);
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
	async receive(bytes: Uint8Array, texts: Texts, locale: 'de' | 'en'): Promise<void> {
		const received = await receive(bytes, ['batch', 'tournament'], { tournamentId: this.id });
		if (!received.ok) {
			this.problem(received.error, locale);
			return;
		}
		this.message = { text: describe(received.value, texts), error: false };
	}

	async decide(pending: PendingBatch, decision: 'take' | 'set-aside', reason: string, locale: 'de' | 'en') {
		const decided = await decidePending(pending, decision, reason);
		if (!decided.ok) this.problem(decided.error, locale);
		else this.message = null;
	}

	/** The whole tournament, or one round's results, as a file. */
	async exportFile(round: number | undefined, locale: 'de' | 'en'): Promise<void> {
		const loaded = this.tournament;
		const saved = await saveTournamentFile(this.id, loaded?.ok ? loaded.value.state.name : this.id, round);
		if (!saved.ok) this.problem(saved.error, locale);
	}
}

function describe(outcome: ImportOutcome, texts: Texts): string {
	if (outcome.kind === 'tournament') return texts.received.tournament(outcome.events, outcome.tables);
	if (outcome.kind !== 'batch') return '';
	if (outcome.result === 'conflict' || outcome.conflict) return texts.received.conflict(outcome.table);
	if (outcome.reported && outcome.result === 'added') return texts.received.reported(outcome.table);
	if (outcome.result === 'added') return texts.received.added(outcome.table, outcome.added);
	return texts.received.unchanged(outcome.table);
}
