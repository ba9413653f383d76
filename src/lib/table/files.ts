import type { RoundContext } from '$lib/codecs/round';
import { importRound } from '$lib/db/rounds';
import { readRecord, type RecordError } from '$lib/domain/notation/read';
import { recordActions, recordOf, setupOf } from '$lib/domain/notation/record';
import { writeRecord } from '$lib/domain/notation/write';
import { fail, ok, type Result } from '$lib/domain/result';
import { startRound, type RoundState } from '$lib/domain/round';

/** The `.trn` record of a round as a file: name and text. */
export function recordFile(state: RoundState, createdAt: number): { name: string; text: string } {
	const date = new Date(createdAt);
	const pad = (n: number) => String(n).padStart(2, '0');
	const stamp = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}_${pad(date.getHours())}${pad(date.getMinutes())}`;
	const names = state.setup.players.map((p) => p.replace(/[^\p{L}\p{N}]+/gu, '')).join('-');
	return { name: `runde_${stamp}_${names}.trn`, text: writeRecord(recordOf(state)) };
}

/**
 * Reads a `.trn` record and stores it as a new round in one transaction. A broken record is refused
 * with its line and reason, and nothing is written.
 */
export async function importRecord(
	text: string,
	context: RoundContext
): Promise<Result<string, RecordError>> {
	const read = readRecord(text);
	if (!read.ok) return read;
	const setup = setupOf(read.value.record);
	const started = startRound(setup);
	if (!started.ok) return fail({ ...started.error, line: 1 });
	const entries = recordActions(read.value.record).map((action) => ({ type: 'act' as const, action }));
	return ok(await importRound(started.value, entries, read.value.state, context));
}
