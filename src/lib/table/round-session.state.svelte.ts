import { tick } from 'svelte';
import type { RoundContext } from '$lib/codecs/round';
import { readStreamRaw } from '$lib/db/raw';
import { storedRound } from '$lib/db/round-rows';
import { Lazy } from '$lib/lazy.svelte';
import { fail, ok, type Result } from '$lib/domain/result';
import {
	legalActions,
	type LegalActions,
	type RoundAction,
	type RoundSetup,
	type RoundState
} from '$lib/domain/round';
import { replayLog, type LoggedRound, type RoundEntry } from '$lib/domain/roundLog';
import { turnCell } from '$lib/domain/sheet';
import { extendLog } from './log';
import { PERF } from './perf';
import type { TableScreenProblem } from './problems';

/** An entry on its way to disk, with the round as it will be once written. */
interface PendingEntry {
	readonly entry: RoundEntry;
	readonly round: LoggedRound;
	/** When the tap that caused it happened (performance.now() clock), for the tap-to-sheet timing. */
	readonly tappedAt: number | null;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The round's storage through Dexie: loaded after the sheet is up (see {@link RoundSession.open});
 * a tap before that waits for it in the write queue.
 */
const storage = new Lazy(() => import('$lib/db/rounds'));

/** A write slower than this makes the screen say "saving" until it is on disk. */
export const SHOW_PENDING_AFTER_MS = 60;

/**
 * One round at the table: its stored log, the round that log describes, and the taps on their way to
 * disk. Every tap is checked against the rules at once and written in order, one strict-durable
 * transaction each. The sheet shows a tap at once, marked as not yet stored, and unmarks it when its
 * commit returns: a tap never waits for the disk to be seen, while only a committed tap counts as saved
 * (`savedCount`, what the kill test relies on). When storage is slow the screen also says "saving" after
 * {@link SHOW_PENDING_AFTER_MS}. A tap that fails to save takes itself and the taps queued after it back
 * off the sheet (they were built on it), and the screen says why.
 */
export class RoundSession {
	readonly id: string;
	readonly setup: RoundSetup;
	readonly context: RoundContext;
	readonly createdAt: number;

	#saved = $state.raw<readonly RoundEntry[]>([]);
	#savedRound = $state.raw<LoggedRound>(null as unknown as LoggedRound);
	/** Every tap not yet on disk, in order (not reactive: the screen reads {@link #pending}). */
	#queued: PendingEntry[] = [];
	/** How many taps are on their way to disk (reactive: a number only, for the status and tests). */
	#queuedCount = $state(0);
	/** The queued taps as the screen shows them (marked as not yet stored). */
	#pending = $state.raw<readonly PendingEntry[]>([]);
	/** A write is taking long (the screen says "saving"). */
	#slow = $state(false);
	#slowTimer: ReturnType<typeof setTimeout> | null = null;
	#confirmed = $state(false);
	/** The last problem: a tap the rules refused, or a write that failed. */
	error = $state<TableScreenProblem | null>(null);

	#queue: Promise<void> = Promise.resolve();
	/** Bumped when a write fails: queued writes of an older generation are dropped. */
	#generation = 0;

	/** The round as the table sees it: what is saved, plus the taps still being written. */
	readonly round = $derived(this.#pending.at(-1)?.round ?? this.#savedRound);
	readonly state: RoundState = $derived(this.round.state);
	readonly legal: LegalActions = $derived(legalActions(this.state));
	/** Entries on disk. */
	readonly savedCount = $derived(this.#saved.length);
	/** Taps on their way to disk. */
	readonly pendingCount = $derived(this.#queuedCount);
	/** A write is taking long: the screen says "saving". */
	readonly saving = $derived(this.#slow && this.#pending.length > 0);
	/** Turns whose cell differs from what is saved: shown as pending. */
	readonly pendingTurns: ReadonlySet<number> = $derived.by(() => {
		if (this.#pending.length === 0) return NONE;
		const saved = this.#savedRound.state.turns;
		const kids = this.setup.rules.scoring === 'kids';
		// Turns keep their identity from one action to the next: only the ones rebuilt are compared.
		const changed = this.state.turns.filter((turn) => {
			const before = saved[turn.index];
			if (before === turn) return false;
			return !before || JSON.stringify(turnCell(before, kids)) !== JSON.stringify(turnCell(turn, kids));
		});
		// A fresh, never mutated snapshot per change: nothing for a reactive set to track.
		// eslint-disable-next-line svelte/prefer-svelte-reactivity
		return new Set(changed.map((turn) => turn.index));
	});
	#correctionsOf: { list: LoggedRound['corrections']; map: ReadonlyMap<number | 'hands', string> } | null =
		null;
	/** Corrected turns with their reasons (the same map while the corrections stay the same). */
	readonly corrections: ReadonlyMap<number | 'hands', string> = $derived.by(() => {
		const list = this.round.corrections;
		if (this.#correctionsOf?.list !== list) {
			// A fresh, never mutated snapshot per change: nothing for a reactive map to track.
			// eslint-disable-next-line svelte/prefer-svelte-reactivity
			this.#correctionsOf = { list, map: new Map(list.map((c) => [c.turn, c.reason])) };
		}
		return this.#correctionsOf.map;
	});

	private constructor(
		id: string,
		setup: RoundSetup,
		context: RoundContext,
		createdAt: number,
		entries: readonly RoundEntry[],
		round: LoggedRound,
		confirmed: boolean
	) {
		this.id = id;
		this.setup = setup;
		this.context = context;
		this.createdAt = createdAt;
		this.#saved = entries;
		this.#savedRound = round;
		this.#confirmed = confirmed;
	}

	/**
	 * Opens a stored round: its log is replayed from IndexedDB. The read goes through plain IndexedDB
	 * (db/raw.ts) so that the sheet shows without waiting for Dexie; where that cannot read the database
	 * (first start, a schema to upgrade) Dexie reads it.
	 */
	static async open(id: string): Promise<Result<RoundSession, TableScreenProblem>> {
		const events = await readStreamRaw(id);
		const stored = events ? storedRound(id, events) : await (await storage.load()).loadRound(id);
		if (!stored.ok) return stored;
		const { setup, context, entries, confirmed, createdAt } = stored.value;
		const replayed = replayLog(setup, entries);
		if (!replayed.ok) return fail(replayed.error);
		return ok(new RoundSession(id, setup, context, createdAt, entries, replayed.value, confirmed));
	}

	/**
	 * An entry of this device lost next to this round's while a later one stayed (Chromium after a power
	 * cut, db/holes.ts): its number until the table has checked its sheet, else null.
	 */
	lostEntry = $state<number | null>(null);

	/**
	 * Loads what writes the round, reads this tab's event counter and whether storage lost an entry of
	 * this round (call once the sheet is up).
	 */
	async preloadStorage(): Promise<void> {
		const { prepareAppend, uncheckedLoss } = await storage.load();
		await prepareAppend();
		this.lostEntry = await uncheckedLoss(this.id);
	}

	/** The table has checked its sheet after a lost entry (and mended it with undo and new taps). */
	async lossChecked(): Promise<void> {
		if (this.lostEntry === null) return;
		const { checkedLoss } = await storage.load();
		await checkedLoss(this.id, this.lostEntry);
		this.lostEntry = null;
	}

	get confirmed(): boolean {
		return this.#confirmed;
	}

	/** The entries in effect (saved and queued), in order. */
	get entries(): readonly RoundEntry[] {
		return [...this.#saved, ...this.#queued.map((p) => p.entry)];
	}

	/** The round with every queued tap: what the next tap is checked against. */
	get #latest(): LoggedRound {
		return this.#queued.at(-1)?.round ?? this.#savedRound;
	}

	/**
	 * The round with every accepted tap, written or not (what the table hears at once; the sheet shows
	 * a tap once it is on disk).
	 */
	get latestState(): RoundState {
		return this.#latest.state;
	}

	/** An action at the table: a purchase, a lay, a pass, the settlement. */
	act(action: RoundAction, tappedAt: number | null = null): TableScreenProblem | null {
		return this.submit({ type: 'act', action }, tappedAt);
	}

	undo(tappedAt: number | null = null): TableScreenProblem | null {
		return this.submit({ type: 'undo' }, tappedAt);
	}

	/** Replaces an earlier turn (the table agreed); the log keeps both. */
	correct(
		turn: number | 'hands',
		actions: readonly RoundAction[],
		reason: string
	): TableScreenProblem | null {
		return this.submit({ type: 'correct', turn, actions, reason }, null);
	}

	/** Records what was announced for a turn and how a mismatch was resolved. */
	claim(turn: number, text: string, consistent: boolean, resolution: 'matched' | 'accepted' | 'corrected') {
		return this.submit({ type: 'claim', turn, text, consistent, resolution }, null);
	}

	/**
	 * Checks an entry against the round as shown, shows it at once (pending) and queues its write.
	 * Returns the problem when the rules refuse it; nothing is written then.
	 */
	submit(proposed: RoundEntry, tappedAt: number | null): TableScreenProblem | null {
		// A plain copy: IndexedDB cannot store reactive proxies a component may have passed in.
		const entry = $state.snapshot(proposed) as RoundEntry;
		if (this.#confirmed) {
			const closed: TableScreenProblem = { code: 'round-confirmed' };
			this.error = closed;
			return closed;
		}
		const next = extendLog(this.setup, this.entries, this.#latest, entry);
		if (!next.ok) {
			this.error = next.error;
			return next.error;
		}
		const pending: PendingEntry = { entry, round: next.value, tappedAt };
		this.#queued.push(pending);
		// With nothing ahead of it the write starts here, inside the tap's handler, before any reactive
		// state changes: the disk commits while the screen handles the tap.
		const generation = this.#generation;
		this.#queue =
			this.#queued.length === 1
				? this.#write(pending, generation)
				: this.#queue.then(() => this.#write(pending, generation));
		if (this.error) this.error = null;
		this.#queuedCount = this.#queued.length;
		this.#pending = [...this.#queued];
		this.#slowTimer ??= setTimeout(() => this.#showSlow(), SHOW_PENDING_AFTER_MS);
		if (tappedAt !== null) void this.#measureShown(tappedAt);
		return null;
	}

	/** Storage is slow: the screen says "saving" until the queue is written. */
	#showSlow(): void {
		this.#slowTimer = null;
		if (this.#queued.length > 0) this.#slow = true;
	}

	#settle(): void {
		this.#queuedCount = this.#queued.length;
		if (this.#queued.length === 0) {
			if (this.#slowTimer !== null) clearTimeout(this.#slowTimer);
			this.#slowTimer = null;
			this.#slow = false;
		}
		this.#pending = [...this.#queued];
	}

	async #write(pending: PendingEntry, generation: number): Promise<void> {
		if (generation !== this.#generation) return;
		try {
			const { appendRoundEntry } = storage.module ?? (await storage.load());
			await appendRoundEntry(this.id, pending.entry, pending.round.state, Date.now(), this);
		} catch (cause) {
			this.#generation++;
			this.#queued = [];
			this.#settle();
			this.error = { code: 'save-failed', detail: String(cause), takenBack: true };
			return;
		}
		const committedAt = performance.now();
		this.#saved = [...this.#saved, pending.entry];
		this.#savedRound = pending.round;
		this.#queued.shift();
		this.#settle();
		if (pending.tappedAt !== null) {
			try {
				performance.measure(PERF.tapToCommit, { start: pending.tappedAt, end: committedAt });
			} catch {
				// user timing unavailable: nothing to report
			}
		}
	}

	/**
	 * Tap → sheet updated in the DOM (the tap shown, not yet stored), and → the next frame painted (a
	 * message posted from the frame's animation callback arrives once that frame is done), as user
	 * timing measures. The commit is measured on its own (tap → committed).
	 */
	async #measureShown(tappedAt: number): Promise<void> {
		await tick();
		try {
			performance.measure(PERF.tapToSheet, { start: tappedAt, end: performance.now() });
		} catch {
			// user timing unavailable: nothing to report
			return;
		}
		requestAnimationFrame(() => {
			const painted = new MessageChannel();
			painted.port1.onmessage = () => {
				performance.measure(PERF.tapToPaint, { start: tappedAt, end: performance.now() });
				painted.port1.close();
			};
			painted.port2.postMessage(null);
		});
	}

	/** Resolves when every queued write has been attempted. */
	whenSaved(): Promise<void> {
		return this.#queue;
	}

	/** The table confirms the finished round (after all writes). */
	async confirm(): Promise<TableScreenProblem | null> {
		await this.whenSaved();
		if (this.state.phase !== 'over') {
			const open: TableScreenProblem = { code: 'not-finished' };
			this.error = open;
			return open;
		}
		try {
			await (await storage.load()).confirmRound(this.id);
		} catch (cause) {
			const failed: TableScreenProblem = { code: 'save-failed', detail: String(cause), takenBack: false };
			this.error = failed;
			return failed;
		}
		this.#confirmed = true;
		return null;
	}
}
