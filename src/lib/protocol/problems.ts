import type { SizeBound } from '../domain/problems';
import type { Problem } from '../domain/result';
import type { Preset, RuleOptions } from '../domain/rules';
import type { PayloadKind } from './kinds';

/** Why a code or file cannot be read at all. */
export type Unreadable =
	| {
			why:
				'empty' | 'too-short' | 'not-a-code' | 'not-a-file' | 'frame' | 'frame-count' | 'kind' | 'trailing';
	  }
	/** The bit stream breaks off or holds a value out of range; `detail`: where, in the reader's words. */
	| { why: 'malformed'; detail: string };

/** Base45 that is no Base45: a dangling character, a character a QR code cannot carry, a group out of range. */
export type BadBase45 = 'length' | 'character' | 'group' | 'last-group';

/** What marks a code or file as another app version's. */
export type OtherVersion = {
	readonly kind: 'protocol' | 'format' | 'marker' | 'preset' | 'scoring';
	readonly value: string;
};

/** Why a result's header and its round disagree. */
export type Mismatch =
	| { what: 'tournament' | 'stored' }
	| {
			what: 'table';
			named: { readonly round: number; readonly table: number };
			found: { readonly round: number | null; readonly table: number | null };
	  };

/** Why a code's content is invalid: its shape (zod's `detail`), the round's log, or a rule (`problem`). */
export type Invalid =
	| { why: 'after-confirmation' | 'no-start' }
	| { why: 'shape'; detail: string }
	/** A rule the content breaks; `entry`: the round's entry (0-based) it is in, when it is one. */
	| { why: 'rule'; problem: Problem; entry: number | null };

/** How a table played otherwise than the desk handed it out. */
export type SetupDifference =
	| { what: 'preset'; got: Preset; want: Preset }
	| { what: 'scoring'; got: RuleOptions['scoring']; want: RuleOptions['scoring'] }
	| { what: 'tiles' | 'players' | 'pool'; got: number; want: number }
	| { what: 'seat-order' };

declare module '../domain/problems' {
	/** The protocol's problems: codes and files refused, and why. Stable codes: tests and the UI use them. */
	interface ProblemCatalog {
		unreadable: Unreadable;
		'bad-base45': { why: BadBase45 };
		checksum: object;
		/** From another app version: a protocol, file format, code marker or rule preset this version does not know. */
		version: { what: 'code' | 'file'; from: OtherVersion };
		'wrong-kind': { kind: PayloadKind };
		/**
		 * A signature that does not verify; `table`: the round and table whose key a result must carry;
		 * `standings`: a standings code not signed with the director's key this tablet pinned.
		 */
		forged: { table: { readonly round: number; readonly table: number } | null; standings?: true };
		'unknown-tournament': { id: string };
		/**
		 * Another tournament than the one open here; `round`: a round inside a tournament file of another one;
		 * `at`: the round and table a table's code names (a result, a missing player).
		 */
		'other-tournament': {
			id: string;
			round: boolean;
			at: { readonly round: number; readonly table: number } | null;
		};
		'key-mismatch': object;
		/**
		 * A table code signed by another device of the director than the one this tablet pinned: the table it
		 * hands out, for the players' question (the code is read once; the question names what it read).
		 */
		'new-director-key': { tournamentId: string; tournamentName: string; round: number; table: number };
		/** A result code under a table key of before the desk was restored with new keys. */
		'key-before-restore': { round: number; table: number };
		mismatch: Mismatch;
		'unknown-table': { round: number; table: number };
		'older-table': { round: number; newest: number };
		'locked-take': { round: number; table: number; running: number | null };
		/** A code of a tablet that holds another table (`holds`): taken only with the director's reason. */
		'other-table-take': {
			round: number;
			table: number;
			holds: { readonly round: number; readonly table: number };
		};
		/** A table's report of a missing player for a round that is locked: the round is over. */
		'locked-absence': { round: number; table: number; running: number | null };
		/** A table's report names a player who is not seated at that table. */
		'unseated-player': { round: number; table: number; player: string };
		'past-table': { round: number; afterRound: number };
		/**
		 * Another table's code at a tablet that is a table of this tournament (`current`): taken only when its
		 * players confirm the switch.
		 */
		'other-table-code': {
			round: number;
			table: number;
			current: { readonly round: number; readonly table: number };
		};
		/**
		 * A table or standings code that names a round (or the standings after one) or a revision of the
		 * director's log beyond what any tournament has: no director sent it.
		 */
		'beyond-tournament': { round: number | null; revision: number | null };
		'unknown-seating': { round: number; table: number; revision: number };
		superseded: { table: number };
		inconsistent: { id: string };
		/** A result code whose round stream id is stored here as another table's round, a log or a round of its own. */
		'stream-elsewhere': { round: number; table: number };
		'duplicate-id': { id: string };
		'not-pinned': object;
		invalid: Invalid;
		'setup-differs': { round: number; table: number; difference: SetupDifference };
		'damaged-log': { index: number; detail: string };
		'not-an-export': object;
		'not-a-backup': object;
		'round-only': object;
	}
}

/** Why a code or file is refused. Codes are stable: tests and the UI use them. */
export const refusal = {
	unreadable: (why: Unreadable): Problem => ({ code: 'unreadable', ...why }),
	checksum: (): Problem => ({ code: 'checksum' }),
	/** From another app version: a protocol, file format, code marker or rule preset this version does not know. */
	otherVersion: (what: 'code' | 'file', from: OtherVersion): Problem => ({ code: 'version', what, from }),
	version: (version: number): Problem =>
		refusal.otherVersion('code', { kind: 'protocol', value: String(version) }),
	wrongKind: (kind: PayloadKind): Problem => ({ code: 'wrong-kind', kind }),
	forged: (): Problem => ({ code: 'forged', table: null }),
	unknownTournament: (id: string): Problem => ({ code: 'unknown-tournament', id }),
	/** `at`: the round and table a table's code names (a result, a missing player). */
	otherTournament: (id: string, at?: { round: number; table: number }): Problem => ({
		code: 'other-tournament',
		id,
		round: false,
		at: at ?? null
	}),
	/** A round inside a tournament file that belongs to another tournament than the file. */
	foreignRound: (tournamentId: string): Problem => ({
		code: 'other-tournament',
		id: tournamentId,
		round: true,
		at: null
	}),
	keyMismatch: (): Problem => ({ code: 'key-mismatch' }),
	/**
	 * A table code of a tournament this tablet knows, signed by another director's key (e.g. the desk was
	 * restored from an export with new keys): taken only when the tablet confirms it (`repin`).
	 */
	newDirectorKey: (table: {
		tournamentId: string;
		tournamentName: string;
		round: number;
		table: number;
	}): Problem => ({
		code: 'new-director-key',
		tournamentId: table.tournamentId,
		tournamentName: table.tournamentName,
		round: table.round,
		table: table.table
	}),
	/**
	 * A standings code whose signature does not fit the director's key a tablet pinned: altered, or from
	 * another device of the director (restored with new keys), whose table code the tablet reads first.
	 */
	standingsOtherKey: (): Problem => ({ code: 'forged', table: null, standings: true }),
	/** A result code under a table key of before the desk was restored from an export with new keys. */
	keyBeforeRestore: (round: number, table: number): Problem => ({ code: 'key-before-restore', round, table }),
	mismatch: (mismatch: Mismatch): Problem => ({ code: 'mismatch', ...mismatch }),
	noSuchTable: (round: number, table: number): Problem => ({ code: 'unknown-table', round, table }),
	olderTable: (round: number, newest: number): Problem => ({ code: 'older-table', round, newest }),
	/** A result code of a locked round is taken only as a director override with a reason. */
	lockedTake: (round: number, table: number, running: number | null): Problem => ({
		code: 'locked-take',
		round,
		table,
		running
	}),
	/** A code of a tablet that holds another table is taken only with the director's reason. */
	otherTableTake: (round: number, table: number, holds: { round: number; table: number }): Problem => ({
		code: 'other-table-take',
		round,
		table,
		holds
	}),
	/** A table's report of a missing player for a round that is locked: the round is over. */
	lockedAbsence: (round: number, table: number, running: number | null): Problem => ({
		code: 'locked-absence',
		round,
		table,
		running
	}),
	/** A table's report names a player who is not seated at that table. */
	unknownPlayer: (round: number, table: number, player: string): Problem => ({
		code: 'unseated-player',
		round,
		table,
		player
	}),
	/** A code naming a round or revision beyond any tournament (`MAX_ROUND`, `MAX_REVISION`). */
	beyondTournament: (round: number | null, revision: number | null): Problem => ({
		code: 'beyond-tournament',
		round,
		revision
	}),
	/** Another table's code at a tablet of this tournament: switched to only when its players confirm it. */
	otherTableCode: (round: number, table: number, current: { round: number; table: number }): Problem => ({
		code: 'other-table-code',
		round,
		table,
		current: { round: current.round, table: current.table }
	}),
	/** A table code of a round whose results the tablet already holds in newer standings. */
	pastTable: (round: number, afterRound: number): Problem => ({ code: 'past-table', round, afterRound }),
	unknownSeating: (round: number, table: number, revision: number): Problem => ({
		code: 'unknown-seating',
		round,
		table,
		revision
	}),
	superseded: (table: number): Problem => ({ code: 'superseded', table }),
	inconsistent: (id: string): Problem => ({ code: 'inconsistent', id }),
	/** A result code whose round stream id is stored here as something else than that table's round. */
	streamElsewhere: (round: number, table: number): Problem => ({ code: 'stream-elsewhere', round, table }),
	/** Past one of the bounds in src/lib/domain/limits.ts. */
	tooLarge: (what: SizeBound, limit: number): Problem => ({
		code: 'too-large',
		what,
		limit
	}),
	duplicateId: (id: string): Problem => ({ code: 'duplicate-id', id }),
	/** A tablet joined by an older version holds no director's key to check what the director sends. */
	notPinned: (): Problem => ({ code: 'not-pinned' }),
	/** A result code signed with another table's or round's key, or a table key used for what only the director may send. */
	notThisTable: (round: number, table: number): Problem => ({ code: 'forged', table: { round, table } }),
	invalid: (invalid: Invalid): Problem => ({ code: 'invalid', ...invalid })
};
