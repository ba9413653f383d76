// Mutation testing (`npm run test:mutation`): which code is mutated, which tests must notice, and the mutants
// that no test can notice because they do not change what the code does (equivalent mutants). Read by
// scripts/mutation.ts; StrykerJS (https://stryker-mutator.io) does the mutating, its vitest runner the running.

/** Files that only tests import: helpers and fixtures are not production code, so they are not mutated. */
const notProduction = [
	'!**/*.test.ts',
	'!**/testing.ts',
	'!**/*-testing.ts',
	'!**/testing/**',
	'!**/arbitraries.ts'
];

/**
 * The folders, each run on its own: the code mutated and the tests beside it. Tests of other folders that
 * pass through it are left out on purpose: a mutant in code that runs while a module loads (a zod schema,
 * a table of constants) cannot be traced to tests, so it runs every listed test file — the protocol's take
 * a minute, and nearly every codecs mutant is such a one.
 */
export const folders = {
	domain: {
		mutate: ['src/lib/domain/**/*.ts', ...notProduction, '!src/lib/domain/seating/test-plans.ts'],
		testFiles: ['src/lib/domain/**/*.test.ts']
	},
	codecs: {
		mutate: ['src/lib/codecs/**/*.ts', ...notProduction],
		testFiles: ['src/lib/codecs/**/*.test.ts']
	},
	protocol: {
		mutate: ['src/lib/protocol/**/*.ts', ...notProduction],
		testFiles: ['src/lib/protocol/**/*.test.ts']
	},
	// The sync modules run next to nothing while they load (SYNC_STORES' index lists), so a test file costs
	// only the mutants its tests reach:
	// besides the sync tests, the db tests that go through them (the upgrade moves version 1's sync rows, the
	// bounds and the master key's end reach the hand-out and the files, the conflict cards the desk).
	'db-sync': {
		mutate: ['src/lib/db/sync-*.ts', ...notProduction],
		testFiles: [
			'src/lib/db/sync*.test.ts',
			'src/lib/db/restored-keys.test.ts',
			'src/lib/db/upgrade.test.ts',
			'src/lib/db/bounds.test.ts',
			'src/lib/db/master-key-end.test.ts',
			'src/lib/db/conflicts.test.ts'
		]
	}
};

/**
 * Mutants of one piece of code that no test can tell apart from it, for one reason: each [mutator, replacement].
 * @param {string} file @param {string} original @param {[string, string][]} mutants @param {string} why
 */
const alike = (file, original, mutants, why) =>
	mutants.map(([mutator, replacement]) => ({ file, mutator, original, replacement, why }));

/**
 * Mutants of several pieces of one file that no test can tell apart from them, for one reason: each
 * [mutator, original, replacement].
 * @param {string} file @param {[string, string, string][]} mutants @param {string} why
 */
const together = (file, mutants, why) =>
	mutants.map(([mutator, original, replacement]) => ({ file, mutator, original, replacement, why }));

/**
 * Mutants that cannot be killed because the mutated code does the same: each is named by its file, the
 * mutator, the original code and its replacement (not by line, so edits elsewhere in the file do not lose
 * it), with the reason. They are counted apart: the score is killed / (all − equivalent).
 * @type {{ file: string, mutator: string, original: string, replacement: string, why: string }[]}
 */
export const equivalent = [
	{
		file: 'src/lib/domain/placement.ts',
		mutator: 'StringLiteral',
		original: "'exact'",
		replacement: '""',
		why: "placementPoints' default split: the code asks only whether the split is 'roundUp', so any other default splits exactly"
	},
	{
		file: 'src/lib/codecs/sync.ts',
		mutator: 'StringLiteral',
		original: "'custom'",
		replacement: '""',
		why:
			"the round stream's own refusals (all six ctx.addIssue calls) are refusals whatever their zod issue code: " +
			'the code is read nowhere — protocol/payload.ts shows an issue by its path and message only, and both are pinned'
	},
	{
		file: 'src/lib/codecs/json-walk.ts',
		mutator: 'BlockStatement',
		original: "{\n\t\treturn '';\n\t}",
		replacement: '{}',
		why:
			"keyText's catch is never reached: the walk has refused every key JSON.parse would refuse (a control " +
			'character, an unknown escape, \\u without four hex digits) before it asks, and a key is collected whole ' +
			'or not at all (64 bytes); its lone bytes that are not UTF-8 become U+FFFD, which JSON.parse reads'
	},
	{
		file: 'src/lib/codecs/json-walk.ts',
		mutator: 'StringLiteral',
		original: "''",
		replacement: '"Stryker was here!"',
		why:
			"both '' of json-walk that no test can tell: keyText's unreached catch (above), and #lastKey's first " +
			"value, read only in the top object's members after their key has set it"
	},
	{
		file: 'src/lib/codecs/json-walk.ts',
		mutator: 'EqualityOperator',
		original: '++i < n',
		replacement: '++i <= n',
		why:
			'the string loop at i = n reads piece[n], undefined, which is no string character (`c >= 0x20` is ' +
			'false): it stops with i = n, as it does without the extra turn'
	},
	...alike(
		'src/lib/codecs/json-walk.ts',
		'this.#inKey && this.#key',
		[
			['ConditionalExpression', 'true'],
			['LogicalOperator', 'this.#inKey || this.#key']
		],
		'#keyByte takes a byte only inside a key whose bytes are collected (its own first line asks the same): ' +
			"the test before the loop only spares walking a value's characters twice"
	),
	{
		file: 'src/lib/codecs/json-walk.ts',
		mutator: 'ConditionalExpression',
		original: 'open[0] === 1',
		replacement: 'true',
		why:
			'a top array has no keys of the top object, so #lastKey is still its first value, not `events`: the log ' +
			'of `events` opens inside a top object only, with or without the test of the top bracket'
	},
	{
		file: 'src/lib/codecs/json-walk.ts',
		mutator: 'ArithmeticOperator',
		original: 'kept - (keeping ? 1 : 0)',
		replacement: 'kept + (keeping ? 1 : 0)',
		why:
			"at a top key's opening quote nothing is being kept (a kept member stops keeping where its value ends, " +
			'before the comma): the term is 0, and adding it is subtracting it'
	},
	...alike(
		'src/lib/codecs/json-walk.ts',
		'from < n',
		[
			['ConditionalExpression', 'true'],
			['EqualityOperator', 'from <= n']
		],
		'with from = n the piece kept is empty: it decodes to nothing, and the member indexes are taken after it, ' +
			'so the kept text is the same'
	),
	{
		file: 'src/lib/codecs/json-walk.ts',
		mutator: 'EqualityOperator',
		original: 'this.#state >= MINUS',
		replacement: 'this.#state > MINUS',
		why:
			'a text that ends in a minus: the space end() feeds is refused at the column end() says without it ' +
			'(the first after the text), and a minus kept before it was counted already'
	},
	...alike(
		'src/lib/codecs/json-walk.ts',
		'end < text.length',
		[
			['ConditionalExpression', 'true'],
			['EqualityOperator', 'end <= text.length']
		],
		"utf8Pieces: the test only spares the last piece, whose end is the text's; one more there slices the " +
			'same (slice stops at the end) and ends the loop the same'
	),
	{
		file: 'src/lib/codecs/spectator.ts',
		mutator: 'ConditionalExpression',
		original: 'error instanceof Misfit',
		replacement: 'true',
		why:
			"on a document the schema took, readSpectator's own code throws only its Misfit (every index goes " +
			'through nameOf, every column through lined): nothing else is there to be thrown on'
	},
	{
		file: 'src/lib/protocol/crc32.ts',
		mutator: 'EqualityOperator',
		original: 'n < 256',
		replacement: 'n <= 256',
		why: 'the table is a Uint32Array of 256: a write to index 256 is dropped, the table is the same'
	},
	{
		file: 'src/lib/protocol/base45.ts',
		mutator: 'EqualityOperator',
		original: 'i < bytes.length',
		replacement: 'i <= bytes.length',
		why:
			'the extra turn (even length only) writes two characters past the end of the output array, ' +
			'which a Uint8Array drops: the text is the same'
	},
	{
		file: 'src/lib/protocol/base45.ts',
		mutator: 'UpdateOperator',
		original: 'o++',
		replacement: 'o--',
		why:
			"the last write of the output (encode's last odd byte, decode's last byte) moves `o` after the last " +
			'use: the bytes are the same. Every other o++ → o-- breaks the round trips and is killed by them'
	},
	...['width === 8 && this.#bit === 0', 'width === 8 && (this.#pos & 7) === 0'].map((original) => ({
		file: 'src/lib/protocol/bits.ts',
		mutator: 'ConditionalExpression',
		original,
		replacement: 'false',
		why: 'a whole byte on a byte boundary is the fast path of the bit loop below it: without it the loop writes or reads the same bits'
	})),
	...[
		'{\n\t\t\tthis.#bytes.push(value);\n\t\t\treturn this;\n\t\t}',
		'{\n\t\t\tconst byte = this.#data[this.#pos >> 3] as number;\n\t\t\tthis.#pos += 8;\n\t\t\treturn byte;\n\t\t}'
	].map((original) => ({
		file: 'src/lib/protocol/bits.ts',
		mutator: 'BlockStatement',
		original,
		replacement: '{}',
		why: 'the fast path emptied falls through to the bit loop, which writes or reads the same byte'
	})),
	{
		file: 'src/lib/protocol/bits.ts',
		mutator: 'ConditionalExpression',
		original: 'this.bitsLeft < length * 8',
		replacement: 'false',
		why:
			'fixed(n) refuses a read past the end before it allocates n bytes; without that bound the byte loop ' +
			'refuses the same read with the same detail (`truncated`) a little later'
	},
	{
		file: 'src/lib/protocol/bits.ts',
		mutator: 'ArithmeticOperator',
		original: 'length * 8',
		replacement: 'length / 8',
		why: 'the same bound before work as above: a weaker bound leaves the refusal to the byte loop, with the same detail'
	},
	{
		file: 'src/lib/protocol/bits.ts',
		mutator: 'ConditionalExpression',
		original: 'rest === 0',
		replacement: 'false',
		why: 'with no bits left, atEnd reads bits(0), which is 0: the stream is at its end either way'
	},
	{
		file: 'src/lib/protocol/bits.ts',
		mutator: 'ConditionalExpression',
		original: 'rest',
		replacement: 'true',
		why: 'append with whole bytes only then writes bits(0, 0): no bits, the same stream'
	},
	{
		file: 'src/lib/protocol/standings.ts',
		mutator: 'ConditionalExpression',
		original: 'last && !isComplete(last)',
		replacement: 'true',
		why:
			'a complete last round taken as the open one has every result in, so its "none of its results in" is ' +
			'false and `next` is null as before; no rounds at all leave `last` undefined, which the test after it ' +
			'meets first (a round of no tables, the one complete round with no result, is never drawn: a table ' +
			'seats at least 3)'
	},
	{
		file: 'src/lib/protocol/standings.ts',
		mutator: 'ConditionalExpression',
		original: '!points.ok',
		replacement: 'false',
		why:
			"a tournament's points are sums of a round's points over at most MAX_ROUND rounds, with denominators " +
			'that divide 12: far below CODE_POINTS_MAX (2^39), so codePoints never refuses them here; its refusal ' +
			'is pinned on its own (standings.test.ts, points in a standings code)'
	},
	{
		file: 'src/lib/protocol/standings.ts',
		mutator: 'EqualityOperator',
		original: 'a.round >= b.round',
		replacement: 'a.round > b.round',
		why:
			'of two joined tables of the same round either is the newest: the one caller (db/sync-tablet.ts) ' +
			'reads only its round'
	},
	{
		file: 'src/lib/protocol/files.ts',
		mutator: 'ConditionalExpression',
		original: "chunk === ''",
		replacement: 'false',
		why:
			"the file's length in bytes is worked out from its characters, so its lines run out exactly when " +
			'`ready` reaches it and the loop ends on its own; the break only guards against a loop with nothing ' +
			'left to decode'
	},
	{
		file: 'src/lib/protocol/frames.ts',
		mutator: 'StringLiteral',
		original: "'index beyond count'",
		replacement: '""',
		why: 'the Malformed thrown for an index past the count is caught at once and refused as `frame`: its message is read nowhere'
	},
	{
		file: 'src/lib/protocol/handed-setup.ts',
		mutator: 'StringLiteral',
		original: "''",
		replacement: '"Stryker was here!"',
		why: "`handed.players[seat] ?? ''` is reached only once both lists have as many players: every seat has a name"
	},
	{
		file: 'src/lib/protocol/files.ts',
		mutator: 'StringLiteral',
		original: "''",
		replacement: '"Stryker was here!"',
		why:
			"`other[1] ?? ''` after a match of /^WERTUNGSBLATT-SYNC (\\S+)$/, whose group always holds a character; " +
			"and the empty chunk of the loop's guard (below), which the loop never makes"
	},
	{
		file: 'src/lib/protocol/files.ts',
		mutator: 'ArrayDeclaration',
		original: '[]',
		replacement: '["Stryker was here"]',
		why: "toFileText's `match(...) ?? []`: the Base45 of a payload and its CRC is at least 7 characters, so match never gives null"
	},
	{
		file: 'src/lib/protocol/files.ts',
		mutator: 'EqualityOperator',
		original: 'at < chunk.length',
		replacement: 'at <= chunk.length',
		why: "the extra turn decodes the empty group past the chunk's end: no bytes, and the loop ends as before"
	},
	{
		file: 'src/lib/protocol/qr.ts',
		mutator: 'EqualityOperator',
		original: 'row < matrix.size',
		replacement: 'row <= matrix.size',
		why: 'the extra row reads past the modules: undefined, no dark module, nothing drawn'
	},
	{
		file: 'src/lib/protocol/round-codec.ts',
		mutator: 'ConditionalExpression',
		original: 'action.bonus === null',
		replacement: 'false',
		why: 'BONUSES.indexOf(null) + 1 is 0, what the test writes for no bonus'
	},
	{
		file: 'src/lib/protocol/round-codec.ts',
		mutator: 'UnaryOperator',
		original: '-1',
		replacement: '+1',
		why: '`seating?.names.indexOf(name) ?? -1` falls back only without a seating, when the seats are never read'
	},
	{
		file: 'src/lib/protocol/round-codec.ts',
		mutator: 'BlockStatement',
		original: '{\n\t\treturn null;\n\t}',
		replacement: '{}',
		why: "compactEvent's catch: undefined instead of null is no compact form either, and the event is written as JSON the same"
	},
	{
		file: 'src/lib/protocol/merge.ts',
		mutator: 'ConditionalExpression',
		original: 'new Set(scores.map((s) => s.player)).size === scores.length',
		replacement: 'true',
		why:
			'no two seats of a round share a name, case and spaces aside (the round refuses it: duplicate-name), ' +
			'so no two seats find the same player of the seating'
	},
	{
		file: 'src/lib/protocol/keys.ts',
		mutator: 'BooleanLiteral',
		original: 'false',
		replacement: 'true',
		why:
			'the extractable flag of a key made or imported only to be used here (a public key to verify, the ' +
			"director's key to sign, the wrapping's ephemeral pair and the key it meets): nothing exports them. " +
			"The one whose flag matters, the tablet's own pair, is pinned by keys.test.ts and killed"
	},
	{
		file: 'src/lib/protocol/keys.ts',
		mutator: 'BooleanLiteral',
		original: 'true',
		replacement: 'false',
		why: "jwkOf's `ext`: the director's key is imported from the JWK as not extractable either way"
	},
	{
		file: 'src/lib/protocol/hmac.ts',
		mutator: 'BooleanLiteral',
		original: 'false',
		replacement: 'true',
		why: 'the extractable flag of the HMAC key imported to sign once: nothing exports it'
	},
	{
		file: 'src/lib/protocol/keys.ts',
		mutator: 'EqualityOperator',
		original: 's > N / 2n',
		replacement: 's >= N / 2n',
		why: 'the two differ only for an s of exactly ⌊N/2⌋, which a signature has with a chance of 1 in 2^255'
	},
	{
		file: 'src/lib/protocol/keys.ts',
		mutator: 'EqualityOperator',
		original: 'i < WRAPPED_KEY_BYTES',
		replacement: 'i <= WRAPPED_KEY_BYTES',
		why: 'the extra turn XORs pad[20] and wrapped[20], both undefined: 0, the check is the same'
	},
	{
		file: 'src/lib/protocol/hmac.ts',
		mutator: 'EqualityOperator',
		original: 'i < mac.length',
		replacement: 'i <= mac.length',
		why: 'the extra turn XORs two undefined bytes past both tags: 0, the comparison is the same'
	},
	...['src/lib/protocol/keys.ts', 'src/lib/protocol/hmac.ts'].map((file) => ({
		file,
		mutator: 'Regex',
		original: '/=+$/',
		replacement: '/=+/',
		why: "base64 has '=' only at its end: taking every run of them takes the same"
	})),
	{
		file: 'src/lib/protocol/files.ts',
		mutator: 'EqualityOperator',
		original: 'next < 0',
		replacement: 'next <= 0',
		why: 'indexOf from a position of at least 1 is never 0'
	},
	{
		file: 'src/lib/protocol/files.ts',
		mutator: 'ArithmeticOperator',
		original: 'LIMITS.bodyBytes + 4',
		replacement: 'LIMITS.bodyBytes - 4',
		why:
			'8 bytes fewer are 12 characters fewer, which stay in the same last line of 76: FILE_TEXT_MAX is the ' +
			'same number (⌈23,999,994 / 76⌉ = ⌈24,000,006 / 76⌉ = 315,790 lines)'
	},
	{
		file: 'src/lib/protocol/round-codec.ts',
		mutator: 'ConditionalExpression',
		original: 'bonusIndex === 0',
		replacement: 'false',
		why: 'BONUSES[-1] ?? null is null, as no bonus is'
	},
	{
		file: 'src/lib/protocol/payload.ts',
		mutator: 'EqualityOperator',
		original: 'at >= data.length',
		replacement: 'at > data.length',
		why: 'the extra pull hands the decompressor an empty piece, which is no input; the next pull closes the stream'
	},
	...together(
		'src/lib/protocol/digest.ts',
		[
			['ConditionalExpression', 'a > b', 'true'],
			['ConditionalExpression', 'a > b', 'false'],
			['EqualityOperator', 'a < b', 'a <= b'],
			['EqualityOperator', 'a > b', 'a >= b'],
			['EqualityOperator', 'a > b', 'a <= b']
		],
		"canonicalJson's comparator: an object's keys are unique, so it never meets two equal ones, and for a " +
			'key after another it answers 0 or 1, which the sort (V8, binary insertion below 64 keys, merges above) ' +
			'reads alike: it asks only whether the answer is below 0'
	),
	{
		file: 'src/lib/protocol/digest.ts',
		mutator: 'EqualityOperator',
		original: 'a.device < b.device',
		replacement: 'a.device <= b.device',
		why: "the digest's sort compares devices only when they differ: never equal there"
	},
	...together(
		'src/lib/protocol/keys.ts',
		[
			[
				'ConditionalExpression',
				'publicKey.length !== PUBLIC_KEY_BYTES || signature.length !== SIGNATURE_BYTES',
				'false'
			],
			['ConditionalExpression', 'publicKey.length !== PUBLIC_KEY_BYTES', 'false'],
			['ConditionalExpression', 'signature.length !== SIGNATURE_BYTES', 'false'],
			[
				'LogicalOperator',
				'publicKey.length !== PUBLIC_KEY_BYTES || signature.length !== SIGNATURE_BYTES',
				'publicKey.length !== PUBLIC_KEY_BYTES && signature.length !== SIGNATURE_BYTES'
			],
			['ConditionalExpression', 'signature.length === SIGNATURE_BYTES', 'true']
		],
		'the lengths are checked before WebCrypto only to answer early: WebCrypto refuses a raw P-256 key of ' +
			'another length (importKey throws, which is answered false or null) and verifies no signature of ' +
			'another length (false); keys.test.ts pins the answers'
	),
	{
		file: 'src/lib/protocol/keys.ts',
		mutator: 'BlockStatement',
		original: '{\n\t\treturn null;\n\t}',
		replacement: '{}',
		why: "sharedSecret's catch: undefined instead of null is no secret either, and its callers ask only that"
	},
	{
		file: 'src/lib/protocol/keys.ts',
		mutator: 'StringLiteral',
		original: "''",
		replacement: '"Stryker was here!"',
		why: "`jwk.d ?? ''`: the JWK of a private key exported from WebCrypto always holds d"
	},
	...alike(
		'src/lib/domain/notation/read.ts',
		"''",
		[['StringLiteral', '"Stryker was here!"']],
		"the reader's `?? ''` and `seat === undefined ? '' :` fallbacks: a missing Rules or Scoring header has " +
			'a valid default before it is checked, a turn line is open only after a turn was pushed, the seat ' +
			'expected next is always one, and `rest` is not read when no seat was found (hands-player comes ' +
			"first); the one other '' (an empty key, line 249's `split.key === ''`) is killed by notation.test.ts"
	),
	...alike(
		'src/lib/domain/notation/record.ts',
		"''",
		[['StringLiteral', '"Stryker was here!"']],
		"`setup.players[turn.seat] ?? ''`: a record's seats are always its players' (noUncheckedIndexedAccess)"
	),
	...alike(
		'src/lib/domain/notation/write.ts',
		"''",
		[['StringLiteral', '"Stryker was here!"']],
		"`record.players[…] ?? ''` for the start and a hand's seat: always a player of the record; the blank " +
			"line's `lines.push('')` is killed by the writer's round trip"
	),
	{
		file: 'src/lib/domain/round.ts',
		mutator: 'ConditionalExpression',
		original: "state.end === 'out'",
		replacement: 'true',
		why: "a round is over without a settlement only by the kids' going out, where end is already 'out'"
	},
	{
		file: 'src/lib/domain/roundLog.ts',
		mutator: 'OptionalChaining',
		original: 'actions[0]?.type',
		replacement: 'actions[0].type',
		why: 'read only when the correction has exactly one action, so actions[0] exists'
	},
	...together(
		'src/lib/domain/round.ts',
		[
			[
				'LogicalOperator',
				"!current || (state.phase !== 'play' && state.phase !== 'finalLap')",
				"!current && state.phase !== 'play' && state.phase !== 'finalLap'"
			],
			['ConditionalExpression', "state.phase !== 'play' && state.phase !== 'finalLap'", 'false']
		],
		"legalActions' guard: a round has no current turn exactly in 'settle' and 'over' (startRound and the " +
			"turn's end set one only in 'play' and 'finalLap', finishPlay clears it as it leaves them), so `!current` alone decides"
	),
	{
		file: 'src/lib/domain/roundLog.ts',
		mutator: 'ConditionalExpression',
		original: '!replayed.ok',
		replacement: 'false',
		why: 'the second replay of a correction cannot fail: correctTurn has just replayed the same actions'
	},
	{
		file: 'src/lib/domain/roundLog.ts',
		mutator: 'ObjectLiteral',
		original: '{ ...replayed.error, entry }',
		replacement: '{}',
		why: 'the second replay of a correction cannot fail: correctTurn has just replayed the same actions'
	},
	...together(
		'src/lib/domain/rational.ts',
		[
			['ConditionalExpression', 'a.den === b.den', 'false'],
			['ArithmeticOperator', 'q * a.den', 'q / a.den'],
			['EqualityOperator', 'a.num < 0n', 'a.num <= 0n'],
			['EqualityOperator', 'n < 0n', 'n <= 0n'],
			['EqualityOperator', 'n < 0n', 'n >= 0n']
		],
		"exact arithmetic's shortcuts and signs: add's and compare's paths for equal denominators give what the " +
			'general formula gives (reduced, or of the same sign); ceil on a reduced fraction: q/den and q·den fall on ' +
			'the same side of num; zero is only 0/1, where round, bitLength and formatRational’s absolute value ' +
			'answer the same for either sign; bitLength with a sign counted on both parts shifts by the same amount'
	),
	...together(
		'src/lib/domain/numbers.ts',
		[
			['ConditionalExpression', '!format', 'true'],
			['ObjectLiteral', "{ type: 'conjunction' }", '{}']
		],
		'the number and list formats are cached per language: a new Intl format with the same language and ' +
			"options formats the same; Intl.ListFormat's default type is 'conjunction' (ECMA-402)"
	),
	...together(
		'src/lib/domain/game.ts',
		[
			['ConditionalExpression', 'lastRound === null', 'true'],
			['ConditionalExpression', 'lastRound === null', 'false']
		],
		'the round in which someone reached the target: once set it is the current round, so setting it again ' +
			"in that round's loops changes nothing, and rounds[null] is undefined like the explicit undefined"
	),
	{
		file: 'src/lib/domain/rational.ts',
		mutator: 'UnaryOperator',
		original: '-b',
		replacement: '+b',
		why: 'gcd is called only with a positive denominator'
	},
	...alike(
		'src/lib/domain/seating/draw.ts',
		'[]',
		[['ArrayDeclaration', '["Stryker was here"]']],
		'the search always returns one round, and drawOrder of one round returns one: the `?? []` never applies'
	),
	...alike(
		'src/lib/domain/tournament/next-round.ts',
		'[]',
		[['ArrayDeclaration', '["Stryker was here"]']],
		'`plan.value[…] ?? []`: the plan has exactly options.rounds rounds and the round is checked against ' +
			'them before; the other [] (hosts of a rebalance) is killed by next-round.test.ts'
	),
	...together(
		'src/lib/domain/seating/official-plans-note.ts',
		[
			['OptionalChaining', 'plan.rounds[0]?.length', 'plan.rounds[0].length'],
			['OptionalChaining', 'plan.rounds[0]?.[0]', 'plan.rounds[0][0]'],
			['Regex', '/\\n+$/', '/\\n$/']
		],
		'readAsLarger returns before these unless a round exists, so rounds[0] is defined; the joined note ends ' +
			'in exactly one newline'
	),
	{
		file: 'src/lib/domain/tournament/from-results.ts',
		mutator: 'OptionalChaining',
		original: 'plain.final?.forEach',
		replacement: 'plain.final.forEach',
		why: 'inside `if (finalPlayers)`, which already requires plain.final'
	},
	...alike(
		'src/lib/domain/seating/plan-faults.ts',
		'[]',
		[['ArrayDeclaration', '["Stryker was here"]']],
		'`f.players ?? []`, `f.round === undefined ? [] :`: every not-a-player finding validatePlan makes has its ' +
			"round and players (validate.ts), and the Problem type requires the round; the errors' [] is killed"
	),
	{
		file: 'src/lib/domain/announcement/marked-numbers.ts',
		mutator: 'StringLiteral',
		original: "'marker'",
		replacement: '""',
		why:
			"`!('marker' in number)` after the marker loop: that loop stops only at a missing item or one without " +
			'a marker, so the test is always true; the two other `in` tests are killed by marked-numbers.test.ts'
	},
	...together(
		'src/lib/domain/announcement/parse.ts',
		[
			['StringLiteral', "'opening'", '""'],
			['ConditionalExpression', "entry.mark === 'pass'", 'true'],
			['OptionalChaining', 'this.#steps.at(-1)?.said', 'this.#steps.at(-1).said'],
			['StringLiteral', "''", '"Stryker was here!"'],
			['ConditionalExpression', 'tile === null', 'false'],
			['ConditionalExpression', 'claimed === score', 'true'],
			['EqualityOperator', 'value >= 0', 'value > 0'],
			['ConditionalExpression', 'implied >= 0', 'true'],
			['EqualityOperator', 'implied >= 0', 'implied > 0'],
			['EqualityOperator', 'value < DRAW_PENALTY * MAX_DRAWS', 'value <= DRAW_PENALTY * MAX_DRAWS']
		],
		'the reading of an announcement: bonus-kind labels are compared only with each other; a number comes ' +
			'without a value only after "passe"; the announcement is done only after a step was pushed; a turn ' +
			'without a tile has no bonuses (null + 0 is 0); without mistakes what was said is the score; a 0 with ' +
			'no purchases is taken before; the only negative whole number left is −1 (−5, a purchase, taken ' +
			'first); −15 never reaches the purchase test (the pass total or the purchase before it). Each was run ' +
			'against the announcement tests and a 2-million-input fuzz of parseAnnouncement'
	),
	...together(
		'src/lib/domain/announcement/check.ts',
		[
			['ArrowFunction', "(s) => s.kind === 'result'", '() => undefined'],
			['ConditionalExpression', "s.kind === 'result'", 'false'],
			['StringLiteral', "'result'", '""'],
			['ConditionalExpression', 'at < 0', 'true'],
			['EqualityOperator', 'at < 0', 'at <= 0']
		],
		'a result always ends the announcement: it is the last step or there is none, so where it is found ' +
			'changes nothing the check reports (also run against a fuzz of announcements)'
	),
	...alike(
		'src/lib/domain/announcement/numbers-en.ts',
		"''",
		[['StringLiteral', '"Stryker was here!"']],
		"the number tables are indexed only within range (`?? ''` never applies), and TENS' first two entries " +
			'are never read (numbers below 20 come from ONES)'
	),
	...alike(
		'src/lib/domain/announcement/numbers-de.ts',
		"''",
		[['StringLiteral', '"Stryker was here!"']],
		"the number tables are indexed only within range (`?? ''` never applies), and TENS' first two entries " +
			'are never read (numbers below 20 come from ONES); the empty head of a number below 100 is killed ' +
			'by numbers-de.test.ts (1 → „eins“)'
	),
	{
		file: 'src/lib/domain/announcement/parse.ts',
		mutator: 'ConditionalExpression',
		original: "e.mark !== 'pass'",
		replacement: 'false',
		why: "every entry whose mark is not 'pass' carries a number (groupMarkers makes one only from a number), so `e.value !== null` alone decides"
	},
	...together(
		'src/lib/domain/announcement/read-de.ts',
		[
			['ConditionalExpression', 'at <= 0', 'false'],
			['EqualityOperator', 'at <= 0', 'at < 0'],
			['ConditionalExpression', 'keys.length < 8', 'true'],
			['EqualityOperator', 'keys.length < 8', 'keys.length <= 8'],
			['EqualityOperator', 'length > 0', 'length >= 0']
		],
		"reading a German number word: at 0 the unit is UNITS.get(''), undefined, and at −1 a ten-word would have " +
			'to be a letter shorter than a unit, so null comes back either way; no key wordValue accepts splits into ' +
			'more than 7 of the tokens splitsAt joins (a search over all 2,841 of them; the most is ' +
			"„h|und|ert|und|ein|und|zwanzig“), so an eighth changes no reading; the extra try of length 0 is wordValue(''), null"
	),
	...together(
		'src/lib/domain/announcement/read-en.ts',
		[
			['ConditionalExpression', 'first === undefined', 'false'],
			['ConditionalExpression', 'word === undefined', 'false'],
			['ConditionalExpression', 'next === undefined', 'false']
		],
		'the English reader asks its maps for a missing token: SMALL, TEN_WORDS and UNITS.get(undefined) are ' +
			'undefined, the same answer as the guard, and a missing first token falls through to belowHundredAt, null'
	),
	...together(
		'src/lib/domain/announcement/tokens.ts',
		[
			['Regex', '/^[\\p{L}\\p{M}]+$/u', '/[\\p{L}\\p{M}]+$/u'],
			['Regex', '/^[\\p{L}\\p{M}]+$/u', '/^[\\p{L}\\p{M}]+/u'],
			['Regex', '/^([-−–—]?)(\\d+)$/u', '/([-−–—]?)(\\d+)$/u'],
			['Regex', '/^\\d+$/', '/^\\d+/']
		],
		"the anchors of regexes that see only tokenize's tokens: a token is letters and marks throughout, or an " +
			'optional sign and ASCII digits throughout, or one of = + , — none starts with letters or digits and goes on otherwise'
	),
	...together(
		'src/lib/domain/notation/names.ts',
		[
			['EqualityOperator', 'i < text.length', 'i <= text.length'],
			['EqualityOperator', 'close < 0', 'close <= 0'],
			['ConditionalExpression', 'close < 0', 'false'],
			['MethodExpression', 'statement.slice(0, colon.value).trim()', 'statement.slice(0, colon.value)'],
			['MethodExpression', 'text.trimStart()', 'text.trimEnd()'],
			['MethodExpression', 'field.trim()', 'field'],
			['StringLiteral', "''", '"Stryker was here!"'],
			['ConditionalExpression', '!quoted.ok', 'false']
		],
		"names in a record: a scan one past a text's end reads undefined, neither a stop nor a quote; a closing " +
			'quote is never at index 0; the key, the field and the text a name is read from are trimmed already, and ' +
			"readName's trimmed value is read by no caller; an unclosed quote is refused for the whole line by " +
			'statementOf before any field reaches leadingQuotedName (a branch made to throw never threw in 300,000 ' +
			"random records full of quotes); readName's `rest` is read by no caller"
	),
	...together(
		'src/lib/domain/notation/read.ts',
		[
			['Regex', '/\\s+/', '/\\s/'],
			['ConditionalExpression', '!quoted.ok', 'false'],
			['ConditionalExpression', '!owner.ok', 'false'],
			['MethodExpression', 'rest.trim()', 'rest'],
			['ConditionalExpression', 'pool === null', 'false'],
			['OptionalChaining', 'reading.turns.at(-1)?.player', 'reading.turns.at(-1).player']
		],
		'reading a record: the empty strings a split by single spaces (or of an untrimmed text) leaves are ' +
			'filtered out; a Hands entry with an unclosed quote was refused by statementOf on the same line; ' +
			'startRound takes `pool ?? maxPool`, so { pool: null } starts the same round as none; an open turn ' +
			'line is set only right after a turn was added'
	),
	...together(
		'src/lib/domain/seating/bounds.ts',
		[
			['MethodExpression', 'table.map(index).filter((i) => i !== undefined)', 'table.map(index)'],
			['ConditionalExpression', 'i !== undefined', 'true']
		],
		'a player number outside 1..n makes a NaN key, and a Uint16Array drops writes to NaN and reads it as ' +
			'undefined (`?? 0`): the counts are the same with or without the filter'
	),
	...together(
		'src/lib/domain/seating/draw.ts',
		[
			['EqualityOperator', 'a < n', 'a <= n'],
			['EqualityOperator', 'b < n', 'b <= n']
		],
		'relabelling the meeting counts: the extra row writes past the Uint16Array (dropped), the extra column ' +
			"writes 0 into the next row's first cell, which that row's first step overwrites"
	),
	...together(
		'src/lib/domain/seating/format-seating.ts',
		[
			['ConditionalExpression', '!plan.ok', 'false'],
			['ConditionalExpression', '!first.ok', 'false'],
			['ConditionalExpression', '!next.ok', 'false']
		],
		'the seating of a format cannot fail after its checks: the rounds are 1..6, the sizes come from a ' +
			'tableSizes that succeeded, and the ids are 1..n, unique — what generateSeating, drawTables and ' +
			'drawAvoidingRepeats check'
	),
	...together(
		'src/lib/domain/seating/generate.ts',
		[
			['ConditionalExpression', 'timeLimit === undefined', 'false'],
			[
				'LogicalOperator',
				'timeLimit === undefined || start === undefined',
				'timeLimit === undefined && start === undefined'
			],
			['ConditionalExpression', 'start === undefined', 'false']
		],
		'the time limit: start is timeLimit?.clock(), undefined exactly when there is no limit (the clock ' +
			'returns a number), so either half of the test decides alone'
	),
	...together(
		'src/lib/domain/seating/plan.ts',
		[
			['EqualityOperator', 'i < table.length', 'i <= table.length'],
			['EqualityOperator', 'j < table.length', 'j <= table.length'],
			['OptionalChaining', 'met.get(a)?.set', 'met.get(a).set']
		],
		'counting meetings: a seat one past the table is undefined, which natural() orders as equal to anything, ' +
			'so the pair is skipped; the line before puts a map for `a`'
	),
	...together(
		'src/lib/domain/seating/plan-faults.ts',
		[
			[
				'MethodExpression',
				'[...new Set(beyond.flatMap((f) => (f.round === undefined ? [] : [f.round])))].sort(\n\t\t(a, b) => a - b\n\t)',
				'[...new Set(beyond.flatMap(f => f.round === undefined ? [] : [f.round]))]'
			],
			[
				'MethodExpression',
				'(f.players ?? []).every((p) => Number.isInteger(p) && p > players)',
				'(f.players ?? []).some(p => Number.isInteger(p) && p > players)'
			],
			['ConditionalExpression', 'f.round === undefined', 'false'],
			['ArrowFunction', '(a, b) => a - b', '() => undefined'],
			['ArithmeticOperator', 'a - b', 'a + b'],
			['EqualityOperator', 'p > players', 'p >= players'],
			['ConditionalExpression', 'beyond.length > 0', 'true'],
			['EqualityOperator', 'beyond.length > 0', 'beyond.length >= 0']
		],
		"the lines of a plan's faults, from validatePlan's report for the same player count (the only caller, " +
			'Draw.svelte via officialPlanFor): its not-a-player findings come round by round, ascending, each ' +
			'with its round and one player, who is never the count itself; with nothing beyond the count the ' +
			'collapse changes nothing. A hand-built report could tell these apart; the app makes none'
	),
	{
		file: 'src/lib/domain/seating/official-plans-note.ts',
		mutator: 'ConditionalExpression',
		original: 'minimum === undefined',
		replacement: 'false',
		why: 'validatePlan reads options.knownMinimum only as `=== undefined`, so { knownMinimum: undefined } is no option at all'
	},
	...together(
		'src/lib/db/sync-bundles.ts',
		[
			['StringLiteral', "''", '"Stryker was here!"'],
			['OptionalChaining', 'parsed.error.issues[0]?.message', 'parsed.error.issues[0].message'],
			['ArrayDeclaration', '[]', '["Stryker was here"]'],
			['OptionalChaining', 'back?.ok', 'back.ok'],
			['ConditionalExpression', '!state', 'false'],
			['OptionalChaining', 'merged[0]?.at', 'merged[0].at'],
			['ConditionalExpression', "taken.value.outcome.kind === 'batch'", 'true'],
			['OptionalChaining', 'state?.rounds', 'state.rounds']
		],
		"the tournament file's fallbacks that never apply: a failed zod parse has an issue with a message; every " +
			'batch has its code (`codes.get(batch) ?? ""`); `back` is read only when `same`, and then is one; the ' +
			'merged log is not empty when there are fresh events, so it replays to a state; takeBatch answers a ' +
			"batch; the whole file's log is merged before its rounds, so the tournament loads. The kept batches' " +
			'`: []` of an unknown tournament is searched by stream, round and table, which a string never matches ' +
			"(the file's other [] are killed: they are the file's lists)"
	),
	...together(
		'src/lib/db/sync-bundles.ts',
		[
			['ConditionalExpression', 'tablet === undefined', 'false'],
			['ConditionalExpression', 'holds === undefined', 'false'],
			['ConditionalExpression', 'slot === undefined', 'false']
		],
		"a kept batch's decision goes into the file as JSON (payload.ts), which drops a member that is undefined"
	),
	...together(
		'src/lib/db/sync-bundles.ts',
		[
			['ConditionalExpression', 'known.director === undefined', 'true'],
			['ConditionalExpression', 'p.round === batch.round', 'true'],
			['ConditionalExpression', '!known && (await storedHere(bundle.tournamentId))', 'false'],
			['ConditionalExpression', 'restoredFromExport !== undefined', 'true']
		],
		'directorKeys does nothing for a director row that has its public key (every writer stores the keys ' +
			'together, the schema-3 upgrade fills legacyThrough); a kept row of the same stream and table in an ' +
			'earlier round cannot exist; no path writes a log without its key row; `loaded` is non-null only when ' +
			'restoredFromExport is set'
	),
	...together(
		'src/lib/db/sync-desk.ts',
		[
			['StringLiteral', "''", '"Stryker was here!"'],
			['OptionalChaining', 'batch.events[0]?.device', 'batch.events[0].device'],
			['StringLiteral', "'extends'", '""']
		],
		'every batch has at least one event (the batch schema), so `batch.events[0]?.device ?? ""` is its device; ' +
			"the relation is only compared with 'diverges' and 'same', so \"\" acts as 'extends'"
	),
	{
		file: 'src/lib/db/sync-keys.ts',
		mutator: 'StringLiteral',
		original: "'director keys just stored do not read back'",
		replacement: '""',
		why: 'the message of an invariant that cannot fire: keys just stored read back in the same transaction'
	},
	{
		file: 'src/lib/db/sync-board.ts',
		mutator: 'OptionalChaining',
		original: 'state.players.get(score.player)?.name',
		replacement: 'state.players.get(score.player).name',
		why: "a recorded score's player is seated, a seated player registered, and no player is ever removed"
	}
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} StrykerJS options shared by every folder. */
export const stryker = {
	testRunner: 'vitest',
	vitest: { configFile: 'scripts/vitest.mutation.config.ts', related: false },
	// Only the tests that ran through a mutant run against it (recorded per test in the first, plain run).
	coverageAnalysis: 'perTest',
	// Two cores shared by several people: one or two test processes (WB_MUTATION_CONCURRENCY).
	concurrency: Number(process.env.WB_MUTATION_CONCURRENCY ?? 2),
	// A loaded machine makes a slow run look like an endless loop, and a timeout counts as killed: give a
	// mutant's tests room, more on a machine shared with others (WB_MUTATION_TIMEOUT_MS; at a load of 50 on
	// 2 cores a quarter of the codecs' mutants ran past 10 s).
	timeoutMS: Number(process.env.WB_MUTATION_TIMEOUT_MS ?? 10_000),
	timeoutFactor: 2,
	// The first, plain run gets the machine's idle time only: a db-sync run got 1 % of a core (21 s of CPU in
	// 24 min), and its tests alone take 20 s.
	dryRunTimeoutMinutes: 120,
	ignorePatterns: [
		'build',
		'test-results',
		'bench-results',
		'reports',
		// The documents, but the protocol's test vectors (protocol/vectors.test.ts reads them) and the German
		// originals (domain/seating/official-set-plans.test.ts reads 004's seating plans).
		'docs/*',
		'!docs/protocol-vectors',
		'!docs/seeds',
		'couchdb',
		// SvelteKit's output; its tsconfig.json stays, as the project's tsconfig extends it
		'.svelte-kit/*',
		'!.svelte-kit/tsconfig.json'
	],
	tempDirName: '.stryker-tmp',
	cleanTempDir: 'always'
};
