import { headId, type PublishedHead } from '../codecs/published';
import type { Problem } from '../domain/result';
import { query, request, type Database } from '../publish/couch';
import { readHead } from '../publish/publish';

/** How long one long poll waits before it is asked again (some servers never end an idle one). */
const POLL_MS = 25_000;
/** Pause after a failed request before the next try. */
const RETRY_MS = 3_000;

export type LiveStatus = 'connecting' | 'waiting' | 'live' | 'offline';

/**
 * Follows one published tournament: reads its head, then long-polls the database's changes and reads
 * the head again whenever it changed. Read-only: it never writes. Stops with `stop()`.
 */
export class LiveTournament {
	head = $state<PublishedHead | null>(null);
	status = $state<LiveStatus>('connecting');
	problem = $state<Problem | null>(null);
	/** When the head last arrived (ms since epoch). */
	updatedAt = $state<number | null>(null);
	readonly #db: Database;
	readonly #id: string;
	readonly #stop = new AbortController();

	constructor(db: Database, tournament: string) {
		this.#db = db;
		this.#id = headId(tournament);
		void this.#run();
	}

	stop(): void {
		this.#stop.abort();
	}

	async #refresh(): Promise<boolean> {
		const head = await readHead(this.#db, this.#id);
		if (!head.ok) {
			this.problem = head.error;
			return false;
		}
		this.problem = null;
		this.head = head.value;
		this.updatedAt = Date.now();
		this.status = head.value ? 'live' : 'waiting';
		return true;
	}

	async #run(): Promise<void> {
		const stopped = this.#stop.signal;
		let since: string | number | null = null;
		while (!stopped.aborted) {
			try {
				if (since === null) {
					const info = await request(this.#db, 'GET', '', { signal: stopped });
					if (!info.ok || !(await this.#refresh())) throw info.ok ? new Error('head') : info.error;
					since = (info.value.body as { update_seq: string | number }).update_seq;
				}
				const poll = AbortSignal.any([stopped, AbortSignal.timeout(POLL_MS)]);
				const changes = await request(
					this.#db,
					'GET',
					`/_changes${query({ feed: 'longpoll', since: String(since), timeout: POLL_MS - 1000 })}`,
					{ signal: poll }
				).catch((error: unknown) => {
					if (stopped.aborted || !poll.aborted) throw error;
					return null; // the poll's own time ran out: ask again
				});
				if (changes === null) continue;
				if (!changes.ok) throw changes.error;
				const body = changes.value.body as { results?: { id: string }[]; last_seq: string | number };
				since = body.last_seq;
				if (body.results?.some((change) => change.id === this.#id)) await this.#refresh();
			} catch (error) {
				if (stopped.aborted) return;
				if (error && typeof error === 'object' && 'de' in error) this.problem = error as Problem;
				this.status = this.head ? 'offline' : this.status === 'waiting' ? 'waiting' : 'offline';
				since = null;
				await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
			}
		}
	}
}
