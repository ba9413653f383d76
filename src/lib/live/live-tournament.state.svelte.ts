import type { Spectator } from '../codecs/spectator';
import type { Problem } from '../domain/result';
import type { Database } from '../publish/couch';
import { SpectatorFeed, type FeedNews } from './follow';

/** How the page stands with the server: first question out, not published yet, following, no answer. */
export type LiveStatus = 'connecting' | 'waiting' | 'live' | 'offline';

/**
 * One published tournament as the live pages show it, followed through its spectators' document
 * (`follow.ts`). Read-only: it never writes. Stops with `stop()`.
 */
export class LiveTournament {
	document = $state<Spectator | null>(null);
	status = $state<LiveStatus>('connecting');
	/** A refusal or a document that does not read; a server that does not answer is `offline`. */
	problem = $state<Problem | null>(null);
	/** The server's last answer (ms since epoch), or when the page began asking: „Keine Verbindung seit …“. */
	lastAnswer = $state(Date.now());
	readonly #feed: SpectatorFeed;
	readonly #visible = () => {
		if (document.visibilityState === 'visible') this.#feed.poke();
	};

	constructor(db: Database, tournament: string) {
		this.#feed = new SpectatorFeed(db, tournament, (news) => this.#take(news));
		// A phone that comes back to the page asks at once instead of after the pause.
		if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.#visible);
	}

	stop(): void {
		this.#feed.stop();
		if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.#visible);
	}

	#take(news: FeedNews): void {
		if (news.kind === 'failed') {
			// No answer is said by the status; a refusal or a document that does not read, in words too.
			this.status = 'offline';
			if (news.problem.code !== 'unreachable') this.problem = news.problem;
			return;
		}
		this.lastAnswer = Date.now();
		this.problem = null;
		if (news.kind === 'document') this.document = news.document;
		if (news.kind === 'unpublished') this.document = null;
		this.status = this.document ? 'live' : 'waiting';
	}
}
