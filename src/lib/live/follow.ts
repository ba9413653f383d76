import {
	SPECTATOR_CHARS,
	readSpectator,
	spectatorId,
	spectatorSchema,
	type Spectator,
	type SpectatorDocument
} from '../codecs/spectator';
import type { Problem } from '../domain/result';
import { couchProblem, request, type Database } from '../publish/couch';
import { spectatorVerifier } from '../publish/signing';

/**
 * How a live page asks (docs/ARCHITECTURE.md, "A live page for a crowd"): every `everyMs` ± `jitter`, so a
 * crowd that opened the page at once does not stay in step; each answer within `timeoutMs`, so a server
 * that hangs (the venue's Wi-Fi gone: no refusal, no answer) is noticed; after failures ever longer pauses,
 * drawn at random up to `backoffCapMs` (exponential back-off with full jitter), so a server coming back
 * is not met by every phone in the same second. A finished tournament changes only by a correction: it is
 * asked every `finishedEveryMs` (with its timeout still within 30 s), so a crowd that stays on the final
 * standings costs the server a seventh; after a failure the back-off is the same for both.
 */
export const FOLLOW = {
	everyMs: 2_000,
	finishedEveryMs: 15_000,
	jitter: 0.2,
	timeoutMs: 10_000,
	backoffCapMs: 30_000
} as const;

export type FollowTiming = { readonly [K in keyof typeof FOLLOW]: number };

/** What one question brought. */
export type FeedNews =
	/** A revision not seen before. */
	| { readonly kind: 'document'; readonly document: Spectator }
	/** The server answered: nothing new. */
	| { readonly kind: 'same' }
	/** The server answered: the tournament is not published (yet). */
	| { readonly kind: 'unpublished' }
	/** No answer, or one that does not read; `failures` in a row so far. */
	| { readonly kind: 'failed'; readonly problem: Problem; readonly failures: number };

/**
 * The pause after a question: `failures` in a row before it (0: it was answered), whether the tournament is
 * finished; `random` in [0, 1).
 */
export function pauseAfter(
	failures: number,
	random: number,
	finished = false,
	timing: FollowTiming = FOLLOW
): number {
	const every = finished ? timing.finishedEveryMs : timing.everyMs;
	if (failures === 0) return every * (1 - timing.jitter + 2 * timing.jitter * random);
	return timing.everyMs + random * Math.min(timing.backoffCapMs, timing.everyMs * 2 ** failures);
}

/** What reading an answer's document brings: the rows to show, or why it is not shown. */
export type Reading =
	| { readonly ok: true; readonly shown: Spectator }
	| { readonly ok: false; readonly why: 'document' | 'signature' };

/**
 * Readings shared by the followers of a crowd of simulated phones in one process (`npm run bench --
 * spectators`), by document id and revision: each revision is parsed and its signature checked once, as
 * each phone does once on its own processor, instead of a thousand times one after the other on one. The
 * bench adds one phone's reading time to every delay. A page never passes it.
 */
export type SharedReadings = Map<string, Promise<Reading>>;

/**
 * Follows one published tournament (its key `owner:id`) by reading only its spectators' document, a plain
 * GET that the browser's HTTP cache revalidates (`cache: 'no-cache'`): it asks with its copy's ETag, the
 * server answers 304 with no body while nothing changed, and the page gets the stored copy again, the
 * same bytes it has already read (not parsed again). No header of its own, so no CORS preflight on another origin. A document whose
 * director's signature does not hold is not shown. Read-only. Plain TypeScript: the live pages' state
 * (`live-tournament.state.svelte.ts`) and the crowd of `npm run bench -- spectators` run this same code.
 */
export class SpectatorFeed {
	readonly #db: Database;
	readonly #id: string;
	readonly #onnews: (news: FeedNews) => void;
	readonly #random: () => number;
	readonly #timing: FollowTiming;
	readonly #stop = new AbortController();
	#rev: string | null = null;
	/** The last shown document's body as it came: the same bytes again (a revalidated copy) are not read. */
	#known: Uint8Array | null = null;
	#finished = false;
	#failures = 0;
	#wake: (() => void) | null = null;
	/** The director's key of the last document, imported once for every revision after it. */
	#verifier: { readonly key: string; readonly verify: Awaited<ReturnType<typeof spectatorVerifier>> } | null =
		null;
	readonly #shared: SharedReadings | null;

	constructor(
		db: Database,
		/** The published tournament's key (`owner:id`), as the live link names it. */
		key: string,
		onnews: (news: FeedNews) => void,
		options: { random?: () => number; timing?: Partial<FollowTiming>; shared?: SharedReadings } = {}
	) {
		this.#db = db;
		this.#id = spectatorId(key);
		this.#onnews = onnews;
		this.#random = options.random ?? Math.random;
		this.#timing = { ...FOLLOW, ...options.timing };
		this.#shared = options.shared ?? null;
		void this.#run();
	}

	stop(): void {
		this.#stop.abort();
		this.#wake?.();
	}

	/** Asks now instead of after the pause (the page came back into view). */
	poke(): void {
		this.#wake?.();
	}

	async #ask(): Promise<FeedNews | null> {
		const stopped = this.#stop.signal;
		// Stopped, or out of time (not AbortSignal.any and .timeout: phones on iOS before 17.4 have neither).
		const asking = new AbortController();
		const timer = setTimeout(() => asking.abort(), this.#timing.timeoutMs);
		const stop = () => asking.abort();
		stopped.addEventListener('abort', stop);
		let answer;
		try {
			answer = await request(this.#db, 'GET', `/${encodeURIComponent(this.#id)}`, {
				expect: [404],
				signal: asking.signal,
				// The follower's own timeout above says „Keine Verbindung“; request()'s is only a backstop.
				timeoutMs: this.#timing.timeoutMs + 1_000,
				maxBytes: SPECTATOR_CHARS * 3,
				revalidate: true,
				...(this.#known ? { known: this.#known } : {})
			});
		} catch {
			if (stopped.aborted) return null;
			// The time ran out: a server that hangs.
			return this.#failed(couchProblem.unreachable(this.#db.origin, `${this.#timing.timeoutMs / 1000} s`));
		} finally {
			clearTimeout(timer);
			stopped.removeEventListener('abort', stop);
		}
		if (!answer.ok) return this.#failed(answer.error);
		this.#failures = 0;
		if (answer.value.same) return { kind: 'same' };
		if (answer.value.status === 404) {
			this.#rev = null;
			this.#known = null;
			this.#finished = false;
			return { kind: 'unpublished' };
		}
		const rev = (answer.value.body as { _rev?: unknown } | null)?._rev;
		if (typeof rev === 'string' && rev === this.#rev) return { kind: 'same' };
		const reading = await this.#reading(answer.value.body, rev);
		if (!reading.ok) return this.#failed({ code: 'not-a-tournament', id: this.#id, why: reading.why });
		if (stopped.aborted) return null;
		this.#rev = typeof rev === 'string' ? rev : null;
		this.#known = answer.value.raw;
		this.#finished = reading.shown.status === 'finished';
		return { kind: 'document', document: reading.shown };
	}

	/** Reads an answer's document (once per revision for a crowd that shares its readings). */
	#reading(body: unknown, rev: unknown): Promise<Reading> {
		if (!this.#shared || typeof rev !== 'string') return this.#read(body);
		const key = `${this.#id} ${rev}`;
		let reading = this.#shared.get(key);
		if (!reading) this.#shared.set(key, (reading = this.#read(body)));
		return reading;
	}

	/** The document's shape, its id, the director's signature, then the rows to show. */
	async #read(body: unknown): Promise<Reading> {
		const document = spectatorSchema.safeParse(body);
		if (!document.success || document.data._id !== this.#id) return { ok: false, why: 'document' };
		if (!(await this.#verified(document.data))) return { ok: false, why: 'signature' };
		const shown = readSpectator(document.data);
		return shown ? { ok: true, shown } : { ok: false, why: 'document' };
	}

	async #verified(document: SpectatorDocument): Promise<boolean> {
		if (this.#verifier?.key !== document.key)
			this.#verifier = { key: document.key, verify: await spectatorVerifier(document.key) };
		return (await this.#verifier.verify?.(document)) ?? false;
	}

	#failed(problem: Problem): FeedNews {
		return { kind: 'failed', problem, failures: ++this.#failures };
	}

	async #run(): Promise<void> {
		const stopped = this.#stop.signal;
		while (!stopped.aborted) {
			const news = await this.#ask();
			if (news === null || stopped.aborted) return;
			this.#onnews(news);
			const pause = pauseAfter(this.#failures, this.#random(), this.#finished, this.#timing);
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, pause);
				this.#wake = () => {
					clearTimeout(timer);
					resolve();
				};
			});
			this.#wake = null;
		}
	}
}
