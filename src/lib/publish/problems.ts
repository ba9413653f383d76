import type { Problem } from '../domain/result';

/** Why a published document is no tournament of this app: which part of it, or the rule its log breaks. */
export type NotATournament =
	{ why: 'document' | 'head' | 'event' | 'foreign-event' } | { why: 'log'; problem: Problem };

/** Why a URL names no database. */
export type BadAddress = 'not-a-url' | 'not-http' | 'no-name';

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
		'other-owner': { owner: string | null };
		'not-a-tournament': { id: string } & NotATournament;
		busy: object;
	}
}
