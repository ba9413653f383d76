import { Allowance, BeyondBounds } from '../domain/bounds';
import { fail, ok, type Result } from '../domain/result';

/**
 * JSON read within the bounds (`domain/limits.ts`): one walk over the bytes, piece by piece as a file is
 * read, checks the syntax and stops at the first value past a bound — nesting depth, bytes, the events
 * of a log, the values of the whole file (`Allowance`) — before anything is built. Only what passed is
 * parsed, and only the parts a reader keeps (`keep`): the members of the top object it reads; the rest is
 * walked, never built.
 */

/** Where a JSON text breaks off or holds what JSON does not: 1-based, as an editor counts. */
export interface JsonSyntax {
	readonly line: number;
	readonly column: number;
}

export interface JsonWalkOptions {
	/** Arrays and objects nested in one another (the top one is 1). */
	readonly depth: number;
	/** Bytes of what is kept, white space between tokens not counted. */
	readonly bytes: number;
	/** The events and values still allowed; shared with the other parts of the same file. */
	readonly allowance: Allowance;
	/** Which members of the top object to keep (others are walked, not parsed); all when not given. */
	readonly keep?: (key: string) => boolean;
	/** The log whose elements are events: the top array itself, or the top object's member `events`. */
	readonly log?: 'top' | 'events';
}

// Where the walk is: what the next byte may be.
const VALUE = 0;
const FIRST_VALUE = 1; // after `[`: a value or `]`
const KEY = 2;
const FIRST_KEY = 3; // after `{`: a key or `}`
const COLON = 4;
const AFTER_VALUE = 5; // `,` or the end of what holds it
const DONE = 6;
const STRING = 7;
const ESCAPE = 8;
const HEX = 9;
const LITERAL = 10;
const MINUS = 11;
const ZERO = 12;
const INTEGER = 13;
const DOT = 14;
const FRACTION = 15;
const E = 16;
const E_SIGN = 17;
const EXPONENT = 18;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
/** The bytes that may follow a backslash in a string. */
const ESCAPES = new Set([...'"\\/bfnrtu'].map((c) => c.charCodeAt(0)));
const LITERALS = ['true', 'false', 'null'].map((word) => new TextEncoder().encode(word));
/** Top-level keys longer than this are never kept, and not collected. */
const KEY_BYTES = 64;
const COMMA = new Uint8Array([0x2c]);

/** Raised at the first byte that is not JSON (or at the end, when the text breaks off). */
export class NotJson extends Error {
	constructor(readonly at: JsonSyntax) {
		super(`not JSON at line ${at.line}, column ${at.column}`);
	}
}

/** The characters of UTF-8 bytes `from`…`to` of `piece` (each byte that does not continue one). */
function characters(piece: Uint8Array, from: number, to: number): number {
	let count = 0;
	for (let i = from; i < to; i++) if (((piece[i] as number) & 0xc0) !== 0x80) count++;
	return count;
}

/** A key's raw bytes as JSON.parse reads it (escapes resolved); '' when it is not one. */
function keyText(raw: readonly number[]): string {
	try {
		return JSON.parse(`"${new TextDecoder().decode(new Uint8Array(raw))}"`) as string;
	} catch {
		return '';
	}
}

/**
 * A walk over one JSON text, fed its bytes in pieces (`feed`), finished by `end`, which answers the text
 * of what is kept. Throws `BeyondBounds` at the first value past a bound and `NotJson` at the first byte
 * that is not JSON. One loop over local variables: a walk costs a fraction of what JSON.parse costs.
 */
export class JsonWalk {
	readonly #options: JsonWalkOptions;
	#state = VALUE;
	/** The open arrays (0) and objects (1), innermost last. */
	readonly #open: Uint8Array;
	#depth = 0;
	#literal: Uint8Array = LITERALS[0] as Uint8Array;
	#literalAt = 0;
	#hex = 0;
	/** The line, and its characters in the pieces before this one. */
	#line = 1;
	#columnBase = 0;
	/** The depth of the log while it is open (0: not open). */
	#logDepth = 0;
	/** A string being read is a key; of the top object, its raw bytes (null: too long to be kept). */
	#inKey = false;
	#key: number[] | null = null;
	#lastKey = '';
	/** What is kept: pieces of text; while `#keeping`, the current piece from `from` is too. */
	readonly #kept: Uint8Array[] = [];
	#keeping: boolean;
	#keptBytes = 0;
	/** Where the member being read began in `#kept`, the bytes kept before it, and the members kept. */
	#memberAt = 0;
	#bytesBefore = 0;
	#members = 0;

	constructor(options: JsonWalkOptions) {
		this.#options = options;
		this.#open = new Uint8Array(options.depth + 1);
		this.#keeping = !options.keep;
	}

	/** Walks the next bytes of the text. */
	feed(piece: Uint8Array): void {
		// Locals, not fields, and no closure over them: the loop runs on registers.
		const n = piece.length;
		const open = this.#open;
		const { allowance, depth: maxDepth, bytes: maxBytes, keep, log } = this.#options;
		let state = this.#state;
		let depth = this.#depth;
		let keeping = this.#keeping;
		let kept = this.#keptBytes;
		let from = 0;
		let lineStart = 0;
		for (let i = 0; i < n; i++) {
			let c = piece[i] as number;
			/** A value ended before this byte (`i`) or with it (`i + 1`); -1: none did. */
			let endedAt = -1;
			if (state >= STRING) {
				if (state === STRING) {
					// A string's characters, to its end or an escape, in one go.
					const start = i;
					while (c !== QUOTE && c !== BACKSLASH && c >= 0x20 && ++i < n) c = piece[i] as number;
					if (this.#inKey && this.#key) {
						for (let k = start; k < i && this.#key; k++) this.#keyByte(piece[k] as number);
					}
					if (keeping && (kept += i - start) > maxBytes) throw new BeyondBounds('bytes', maxBytes);
					if (i === n) break;
					if (keeping && ++kept > maxBytes) throw new BeyondBounds('bytes', maxBytes);
					if (c === BACKSLASH) {
						state = ESCAPE;
						this.#keyByte(c);
						continue;
					}
					if (c !== QUOTE) throw this.#notJson(piece, lineStart, i);
					if (this.#inKey) {
						this.#inKey = false;
						state = COLON;
						if (depth === 1) {
							this.#keptBytes = kept;
							keeping = this.#topKey(keeping);
							kept = this.#keptBytes;
						}
						continue;
					}
					endedAt = i + 1;
				} else {
					if (keeping) kept++;
					// An escape's, a literal's byte counts; a number's only if it could go on with the number
					// (a digit, `.`, `e`, a sign): the byte that ends a number is counted below, as what follows it.
					const more =
						state < MINUS ||
						(c >= 0x30 && c <= 0x39) ||
						c === 0x2e ||
						c === 0x2b ||
						c === 0x2d ||
						(c | 0x20) === 0x65;
					if (keeping && more && kept > maxBytes) throw new BeyondBounds('bytes', maxBytes);
					if (state === ESCAPE) {
						if (!ESCAPES.has(c)) throw this.#notJson(piece, lineStart, i);
						this.#keyByte(c);
						this.#hex = 0;
						state = c === 0x75 ? HEX : STRING;
						continue;
					}
					if (state === HEX) {
						const hex = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
						if (!hex) throw this.#notJson(piece, lineStart, i);
						this.#keyByte(c);
						if (++this.#hex === 4) state = STRING;
						continue;
					}
					if (state === LITERAL) {
						if (c !== this.#literal[this.#literalAt]) throw this.#notJson(piece, lineStart, i);
						if (++this.#literalAt < this.#literal.length) continue;
						endedAt = i + 1;
					} else {
						// A number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
						const digit = c >= 0x30 && c <= 0x39;
						if (state === MINUS || state === DOT || state === E_SIGN) {
							if (!digit) throw this.#notJson(piece, lineStart, i);
							state = state === MINUS ? (c === 0x30 ? ZERO : INTEGER) : state === DOT ? FRACTION : EXPONENT;
							continue;
						}
						if (state === E) {
							if (c === 0x2b || c === 0x2d) state = E_SIGN;
							else if (digit) state = EXPONENT;
							else throw this.#notJson(piece, lineStart, i);
							continue;
						}
						if (digit && state !== ZERO) continue;
						if (c === 0x2e && (state === ZERO || state === INTEGER)) {
							state = DOT;
							continue;
						}
						if ((c | 0x20) === 0x65 && state !== EXPONENT) {
							state = E;
							continue;
						}
						// The number ended before this byte, which is read below as what follows it.
						if (keeping) kept--;
						endedAt = i;
					}
				}
			}
			if (endedAt >= 0) {
				state = depth === 0 ? DONE : AFTER_VALUE;
				if (depth === 1 && keep && keeping) {
					// A kept member of the top object is complete.
					this.#kept.push(piece.slice(from, endedAt));
					from = n;
					keeping = false;
				}
				if (endedAt > i) continue;
			}
			if (c === 0x20 || c === NEWLINE || c === 0x0d || c === 0x09) {
				if (c === NEWLINE) {
					this.#line++;
					this.#columnBase = 0;
					lineStart = i + 1;
				}
				continue;
			}
			if (keeping && ++kept > maxBytes) throw new BeyondBounds('bytes', maxBytes);
			if (state === VALUE || state === FIRST_VALUE) {
				if (c === 0x5d && state === FIRST_VALUE) {
					if (this.#logDepth === depth) this.#logDepth = 0;
					depth--;
					endedAt = i + 1;
				} else {
					if (keeping) allowance.values(1);
					if (this.#logDepth === depth && depth > 0) allowance.events(1);
					if (c === 0x7b || c === 0x5b) {
						if (depth >= maxDepth) throw new BeyondBounds('depth', maxDepth);
						const object = c === 0x7b;
						open[depth++] = object ? 1 : 0;
						state = object ? FIRST_KEY : FIRST_VALUE;
						const events = depth === 2 && open[0] === 1 && this.#lastKey === 'events';
						if (!object && (log === 'top' ? depth === 1 : log === 'events' && events)) {
							this.#logDepth = depth;
						}
					} else if (c === QUOTE) state = STRING;
					else if (c === 0x2d) state = MINUS;
					else if (c === 0x30) state = ZERO;
					else if (c >= 0x31 && c <= 0x39) state = INTEGER;
					else {
						const literal = LITERALS.find((word) => word[0] === c);
						if (!literal) throw this.#notJson(piece, lineStart, i);
						this.#literal = literal;
						this.#literalAt = 1;
						state = LITERAL;
					}
					continue;
				}
			} else if (state === KEY || state === FIRST_KEY) {
				if (c === 0x7d && state === FIRST_KEY) {
					depth--;
					endedAt = i + 1;
				} else {
					if (c !== QUOTE) throw this.#notJson(piece, lineStart, i);
					state = STRING;
					this.#inKey = true;
					if (depth === 1) {
						this.#key = [];
						if (keep) {
							// The member is kept from its key on, until its key says otherwise.
							this.#memberAt = this.#kept.length;
							this.#bytesBefore = kept - (keeping ? 1 : 0);
							kept = this.#bytesBefore + 1;
							keeping = true;
							from = i;
						}
					}
					continue;
				}
			} else if (state === COLON) {
				if (c !== 0x3a) throw this.#notJson(piece, lineStart, i);
				state = VALUE;
				continue;
			} else if (state === AFTER_VALUE) {
				const object = open[depth - 1] === 1;
				if (c === 0x2c) {
					state = object ? KEY : VALUE;
					continue;
				}
				if (c !== (object ? 0x7d : 0x5d)) throw this.#notJson(piece, lineStart, i);
				if (this.#logDepth === depth) this.#logDepth = 0;
				depth--;
				endedAt = i + 1;
			} else throw this.#notJson(piece, lineStart, i);
			// What closed here ended a value.
			state = depth === 0 ? DONE : AFTER_VALUE;
			if (depth === 1 && keep && keeping) {
				this.#kept.push(piece.slice(from, endedAt));
				from = n;
				keeping = false;
			}
		}
		if (keeping && from < n) this.#kept.push(piece.slice(from));
		this.#columnBase += characters(piece, lineStart, n);
		this.#state = state;
		this.#depth = depth;
		this.#keeping = keeping;
		this.#keptBytes = kept;
	}

	/** Not JSON at byte `at` of `piece`, on the line that began at `lineStart` of it (or before it). */
	#notJson(piece: Uint8Array, lineStart: number, at: number): NotJson {
		const column = this.#columnBase + characters(piece, lineStart, at) + 1;
		return new NotJson({ line: this.#line, column });
	}

	/** A byte of a key of the top object: collected while the key is short enough to be one kept. */
	#keyByte(c: number): void {
		if (!this.#inKey || !this.#key) return;
		if (this.#key.length < KEY_BYTES) this.#key.push(c);
		else this.#key = null;
	}

	/** A key of the top object was read: whether its member is kept (`keeping` from here on). */
	#topKey(keeping: boolean): boolean {
		this.#lastKey = this.#key ? keyText(this.#key) : '';
		this.#key = null;
		const keep = this.#options.keep;
		if (!keep) return keeping;
		if (this.#lastKey && keep(this.#lastKey)) {
			// A comma before every kept member but the first.
			if (this.#members++ > 0) this.#kept.splice(this.#memberAt, 0, COMMA);
			return true;
		}
		// Not kept: what was taken of it since its key began is given back.
		this.#kept.length = this.#memberAt;
		this.#keptBytes = this.#bytesBefore;
		return false;
	}

	/** The walk is over: the kept text (all of it, or `{` the kept members `}`). */
	end(): string {
		// A number at the very end has no byte after it to end it.
		const column = this.#columnBase + 1;
		if (this.#state >= MINUS) this.feed(new Uint8Array([0x20]));
		if (this.#state !== DONE) throw new NotJson({ line: this.#line, column });
		const decoder = new TextDecoder();
		const text = this.#kept.map((piece) => decoder.decode(piece, { stream: true })).join('');
		return this.#options.keep ? `{${text}}` : text;
	}
}

/** Why a JSON text is not read: past a bound, or not JSON. */
export type JsonRefusal =
	| { readonly why: 'beyond'; readonly beyond: BeyondBounds }
	| { readonly why: 'syntax'; readonly at: JsonSyntax };

/** Walks a JSON text's pieces, then parses what is kept; past a bound or not JSON, it says why. */
export function parseJson(
	pieces: Iterable<Uint8Array>,
	options: JsonWalkOptions
): Result<unknown, JsonRefusal> {
	const walk = new JsonWalk(options);
	return refused(() => {
		for (const piece of pieces) walk.feed(piece);
		return JSON.parse(walk.end()) as unknown;
	});
}

/** `parseJson` for pieces that come as a file is read. */
export async function readJson(
	pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
	options: JsonWalkOptions
): Promise<Result<unknown, JsonRefusal>> {
	const walk = new JsonWalk(options);
	try {
		for await (const piece of pieces) walk.feed(piece);
	} catch (cause) {
		return refused(() => {
			throw cause;
		});
	}
	return refused(() => JSON.parse(walk.end()) as unknown);
}

function refused(read: () => unknown): Result<unknown, JsonRefusal> {
	try {
		return ok(read());
	} catch (cause) {
		if (cause instanceof BeyondBounds) return fail({ why: 'beyond', beyond: cause });
		if (cause instanceof NotJson) return fail({ why: 'syntax', at: cause.at });
		throw cause;
	}
}

/** The pieces of a text already in memory, as UTF-8, a megabyte of characters at a time. */
export function* utf8Pieces(text: string): Generator<Uint8Array> {
	const encoder = new TextEncoder();
	const step = 1 << 20;
	let at = 0;
	while (at < text.length) {
		let end = Math.min(at + step, text.length);
		// A surrogate pair stays whole.
		if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end++;
		yield encoder.encode(text.slice(at, end));
		at = end;
	}
}
