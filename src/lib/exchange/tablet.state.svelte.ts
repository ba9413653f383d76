import type { JoinedTable, StandingsPayload } from '$lib/codecs/sync';
import { Live } from '$lib/db/live.svelte';
import type { RoundRow } from '$lib/db/schema';
import { receive } from '$lib/db/sync';
import {
	handIn,
	heldStandings,
	joinedTables,
	joinNextTable,
	nextTableKey,
	roundOfTable,
	tabletTournaments,
	undoRepin
} from '$lib/db/sync-tablet';
import type { Problem } from '$lib/domain/result';
import { toFileText, fileName, wholeOf, type PayloadBytes } from '$lib/protocol/files';
import { toCodes } from '$lib/protocol/frames';
import { formatDigest } from '$lib/protocol/digest';
import { problemText } from '$lib/i18n/problems/index';
import { storedTabletName } from './tablet-name.svelte';

/** What the tablet shows: the table it joined last, that table's round, the newest standings. */
interface TabletView {
	readonly tables: readonly JoinedTable[];
	readonly current: JoinedTable | null;
	readonly round: RoundRow | null;
	readonly standings: StandingsPayload | null;
	/** The standings code wraps the next round's key of this table to this tablet: it joins from it. */
	readonly nextKeyed: boolean;
	/** When its players last confirmed another key of the director in this tournament (null: never). */
	readonly keyChangedAt: number | null;
}

/** A handed-in round as codes and file, with its digest. */
export interface HandInCodes {
	readonly codes: string[];
	readonly file: { name: string; text: string };
	readonly digest: string;
	readonly confirmed: boolean;
}

/** The next round at this tablet's table, from the standings code (of the director's log revision `revision`). */
export interface NextTable {
	readonly round: number;
	readonly table: number;
	readonly players: readonly { id: string; name: string }[];
	readonly revision: number;
}

/**
 * A table code of a tournament this tablet knows, signed by another key of the director than the one it
 * pinned (the desk restored with new keys): held until the players confirm or cancel.
 */
export interface NewDirectorKey {
	readonly bytes: Uint8Array;
	readonly tournamentId: string;
	readonly tournamentName: string;
	readonly round: number;
	readonly table: number;
}

/**
 * Another table's code at this tablet (a player of another table may hold it up): held until the players
 * confirm the switch or stay. `repin`: they confirmed a new key of the director for it already.
 */
export interface OtherTable {
	readonly bytes: Uint8Array;
	readonly round: number;
	readonly table: number;
	readonly current: { readonly round: number; readonly table: number };
	readonly repin: boolean;
}

type ReceiveTexts = {
	joined: (t: number, r: number) => string;
	standings: string;
	older: string;
	cancelled: string;
	stayed: (table: number) => string;
	undone: string;
};

/** The tablet's side of the exchange: join a table, hand in its round, receive standings. */
export class Tablet {
	readonly #view = new Live<TabletView>(async () => {
		const tables = await joinedTables();
		const current = tables[0] ?? null;
		const standings = current ? await heldStandings(current.tournamentId) : null;
		const next = standings?.next;
		const nextKeyed =
			!!current &&
			!!next &&
			(await nextTableKey(current, { round: next.round, table: current.table })) !== null;
		const tournament = current
			? (await tabletTournaments()).find((t) => t.id === current.tournamentId)
			: undefined;
		return {
			tables,
			current,
			round: current ? await roundOfTable(current) : null,
			standings,
			nextKeyed,
			keyChangedAt: tournament?.keyChangedAt ?? null
		};
	});
	/** The last outcome of a scan, for the status line. */
	message = $state<{ text: string; error: boolean } | null>(null);
	handedIn = $state<HandInCodes | null>(null);
	/** The joined table whose old code the players let stand ("Runde 2 läuft noch – weiter"), for this visit. */
	#goingOn = $state<string | null>(null);

	/** The players asked the director: the round of this old table code still runs. */
	goOn(table: JoinedTable): void {
		this.#goingOn = joinedKey(table);
	}

	goesOn(table: JoinedTable): boolean {
		return this.#goingOn === joinedKey(table);
	}

	/** A table code that asks to take over another key of the director; nothing is stored until confirmed. */
	newKey = $state<NewDirectorKey | null>(null);
	/** Another table's code, waiting for the players to switch or stay. */
	otherTable = $state<OtherTable | null>(null);

	get view(): TabletView | undefined {
		return this.#view.current;
	}

	/**
	 * The stored tables have been read (or could not be): until then the screen shows none of its cards,
	 * since the joined table's card would push the code reader down under a finger when it arrives.
	 */
	get settled(): boolean {
		return this.#view.settled;
	}

	/** The round of this table in the standings code, if it has been drawn. */
	get next(): NextTable | null {
		const standings = this.view?.standings;
		const next = standings?.next;
		const current = this.view?.current;
		if (!standings || !next || !current || next.round <= current.round) return null;
		const ids = next.tables[current.table - 1];
		if (!ids) return null;
		const rows = standings.rows;
		const name = (id: string) => rows.find((row) => row.player === id)?.name ?? id;
		return {
			round: next.round,
			table: current.table,
			players: ids.map((id) => ({ id, name: name(id) })),
			revision: standings.revision
		};
	}

	/**
	 * A payload read from a code or file: a table to join, or standings. A table code signed by another
	 * key of the director is not taken: the tablet asks first (`newKey`).
	 */
	async receive(input: PayloadBytes, texts: ReceiveTexts, locale: 'de' | 'en'): Promise<void> {
		this.newKey = null;
		this.otherTable = null;
		const received = await receive(input, ['assignment', 'standings']);
		if (!received.ok && received.error.code === 'new-director-key') {
			// Signed and read to its end: a file's payload is whole by now, kept to be taken when confirmed. The
			// refusal names the table the code hands out: the code is not decoded a second time for the question.
			const bytes = wholeOf(input);
			if (bytes.ok) {
				const { tournamentId, tournamentName, round, table } = received.error;
				this.message = null;
				this.newKey = { bytes: bytes.value, tournamentId, tournamentName, round, table };
				return;
			}
		}
		// Another table's code is kept whole (a file's payload is read to its end by now) for the players' answer.
		const whole = wholeOf(input);
		if (whole.ok && this.#asksSwitch(received, whole.value, false)) return;
		this.#received(received, texts, locale);
	}

	/** Another table's code: held for the players' answer (true), instead of a refusal. */
	#asksSwitch(received: Awaited<ReturnType<typeof receive>>, bytes: Uint8Array, repin: boolean): boolean {
		if (received.ok || received.error.code !== 'other-table-code') return false;
		const { round, table, current } = received.error;
		this.message = null;
		this.otherTable = { bytes, round, table, current, repin };
		return true;
	}

	/** The players switch this tablet to the other table's code. */
	async switchTable(texts: ReceiveTexts, locale: 'de' | 'en'): Promise<void> {
		const asked = this.otherTable;
		if (!asked) return;
		this.otherTable = null;
		const options = { repin: asked.repin, switchTable: true };
		this.#received(await receive(asked.bytes, ['assignment'], options), texts, locale);
	}

	/** The players stay at their table: nothing is stored. */
	stay(texts: ReceiveTexts): void {
		const asked = this.otherTable;
		if (!asked) return;
		this.otherTable = null;
		this.message = { text: texts.stayed(asked.current.table), error: false };
	}

	/** "Wechsel rückgängig machen": the key the players confirmed last is undone (`undoRepin`). */
	async undoKeyChange(texts: ReceiveTexts, locale: 'de' | 'en'): Promise<void> {
		const current = this.view?.current;
		if (!current) return;
		const undone = await undoRepin(current.tournamentId);
		if (!undone.ok) this.problem(undone.error, locale);
		else this.message = { text: texts.undone, error: false };
	}

	/** True when this tablet already began the round of the table the new key's code hands out. */
	get newKeyKeepsRound(): boolean {
		const asked = this.newKey;
		const { current, round } = this.view ?? {};
		return (
			!!asked &&
			!!round &&
			current?.tournamentId === asked.tournamentId &&
			current.round === asked.round &&
			current.table === asked.table
		);
	}

	/** The players confirmed the director's new key: it replaces the pinned one, and the table is joined. */
	async takeNewKey(texts: ReceiveTexts, locale: 'de' | 'en'): Promise<void> {
		const asked = this.newKey;
		if (!asked) return;
		this.newKey = null;
		const received = await receive(asked.bytes, ['assignment'], { repin: true });
		if (this.#asksSwitch(received, asked.bytes, true)) return;
		this.#received(received, texts, locale);
	}

	/** The players did not confirm: the pinned key stays, nothing is stored. */
	keepKey(texts: ReceiveTexts): void {
		if (!this.newKey) return;
		this.newKey = null;
		this.message = { text: texts.cancelled, error: false };
	}

	#received(received: Awaited<ReturnType<typeof receive>>, texts: ReceiveTexts, locale: 'de' | 'en'): void {
		if (!received.ok) {
			this.problem(received.error, locale);
			return;
		}
		const value = received.value;
		this.handedIn = null;
		if (value.kind === 'joined')
			this.message = { text: texts.joined(value.table.table, value.table.round), error: false };
		else if (value.kind === 'standings')
			this.message = { text: value.newer ? texts.standings : texts.older, error: false };
	}

	/** "Turnier verlassen" is done (the tournament's name), or was refused. */
	left(
		outcome: { left: string } | { problem: Problem },
		text: (name: string) => string,
		locale: 'de' | 'en'
	): void {
		this.handedIn = null;
		if ('problem' in outcome) this.problem(outcome.problem, locale);
		else this.message = { text: text(outcome.left), error: false };
	}

	problem(problem: Problem, locale: 'de' | 'en'): void {
		this.message = { text: problemText(problem, locale), error: true };
	}

	/** The signed code of this table's round (confirmed or not yet). */
	async handIn(round: RoundRow, locale: 'de' | 'en'): Promise<void> {
		const result = await handIn(round.id, { tablet: storedTabletName() });
		if (!result.ok) {
			this.problem(result.error, locale);
			return;
		}
		const { batch, bytes, digest } = result.value;
		this.handedIn = {
			codes: toCodes(bytes),
			file: { name: fileName(`runde${batch.round}_tisch${batch.table}`), text: toFileText(bytes) },
			digest: formatDigest(digest),
			confirmed: round.status === 'confirmed'
		};
	}

	/** Joins the next round at this table, as the standings code seats it; resolves with the new table. */
	async joinNext(next: NextTable, locale: 'de' | 'en'): Promise<JoinedTable | null> {
		const current = this.view?.current;
		if (!current) return null;
		const joined = await joinNextTable(current, next);
		if (!joined.ok) {
			this.problem(joined.error, locale);
			return null;
		}
		this.handedIn = null;
		return joined.value.kind === 'joined' ? joined.value.table : null;
	}
}

const joinedKey = (table: JoinedTable) =>
	`${table.tournamentId}:${table.round}:${table.table}:${table.joinedAt}`;
