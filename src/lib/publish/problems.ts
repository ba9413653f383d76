import type { Problem } from '../domain/result';

/**
 * Why a published document is no tournament this app reads: which part of it, a signature that does not
 * hold, a head of an older version, or the rule its log breaks.
 */
export type NotATournament =
	| { why: 'document' | 'head' | 'event' | 'foreign-event' | 'signature' | 'old-version' }
	| { why: 'log'; problem: Problem };

/** Why a URL names no database this page can reach. */
export type BadAddress = 'not-a-url' | 'not-http' | 'no-name' | 'mixed-content';

declare module '../domain/problems' {
	/** Publishing to a CouchDB server, and reading a season from it. */
	interface ProblemCatalog {
		'bad-address': { url: string; why: BadAddress };
		/** The server cannot be reached; `cause`: what the network said. */
		unreachable: { origin: string; cause: string };
		unauthorized: { origin: string };
		/** The server refuses; `reason`: the server's own words. */
		forbidden: { reason: string };
		'not-couchdb': { origin: string; status: number };
		'no-database': { url: string };
		'not-a-season': { url: string; design: string };
		/** An answer past its size bound (`limit` bytes): refused before it is read whole. */
		'answer-too-large': { origin: string; limit: number };
		/** No whole answer within `ms`. */
		'answer-too-slow': { origin: string; ms: number };
		/** More tournaments in the season's database than a reader takes. */
		'too-many-tournaments': { origin: string; limit: number };
		/** Publishing needs a server user (not "admin party", not anonymous): the documents carry his name. */
		'no-user': { origin: string };
		/** A user name or tournament id that cannot be part of a document id (it holds `:`). */
		'not-an-id-part': { value: string };
		/**
		 * The tournament is on the server already, signed with another key (`stored`, and `ours`: fingerprints):
		 * published from another device or file of the same director.
		 */
		'other-key': { stored: string; ours: string };
		'not-a-tournament': { id: string } & NotATournament;
		/**
		 * Publishing stopped after some of it was stored: `stored` events of `events` are on the server now,
		 * the head is not yet (the next publish sends the rest); `cause`: why it stopped.
		 */
		'publish-cut': { stored: number; events: number; cause: Problem };
		busy: object;
	}
}
