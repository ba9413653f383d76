import { parseArgs } from 'node:util';
import { announcementText, kidsAnnouncement } from '../../lib/domain/announcement';
import { BeyondBounds } from '../../lib/domain/bounds';
import { LIMITS } from '../../lib/domain/limits';
import { readRecord, recordTooLarge, type RecordError } from '../../lib/domain/notation/read';
import { roundOutcome } from '../../lib/domain/outcome';
import { formatRational, toNumber } from '../../lib/domain/rational';
import { isFinished, type RoundState, type Turn } from '../../lib/domain/round';
import { cellColumns, sheetNumber, sheetOf, type SheetCell } from '../../lib/domain/sheet';
import { printJson, problemMessage, textOf, usageError, type CliIO, type Command } from '../io';

/** The `sheet --json` answer for one record (the command line contract). */
export interface SheetReport {
	rules: string;
	finished: boolean;
	end: 'out' | 'early' | 'blocked' | null;
	players: { name: string; total: number; place: number | null; points: number | null }[];
	turns: { player: string; score: number; total: number; announcement: string }[];
}

/** The announcement of a finished turn; kids' scoring names only its points. */
function announcementOf(state: RoundState, turn: Turn): string {
	if (state.setup.rules.scoring === 'kids') return kidsAnnouncement(turn.score, 'de');
	return announcementText(turn.parts, 'de');
}

/** The report of a round in the contract's shape. */
export function sheetReport(state: RoundState): SheetReport {
	const finishedTurns = state.turns.filter((t) => t.lay || t.pass);
	return {
		rules: state.setup.rules.preset,
		finished: isFinished(state),
		end: isFinished(state) ? state.end : null,
		players: roundOutcome(state).map((p) => ({
			name: p.name,
			total: p.total,
			place: p.place,
			points: p.points ? toNumber(p.points) : null
		})),
		turns: finishedTurns.map((turn) => ({
			player: state.setup.players[turn.seat] ?? '',
			score: turn.score,
			total: turn.total,
			announcement: announcementOf(state, turn)
		}))
	};
}

/** A cell as the app and the print view write it (one rendering: cellColumns). */
function cellText(cell: SheetCell | null): [string, string, string] {
	if (!cell) return ['', '', ''];
	const { left, marks, middle, total } = cellColumns(cell, 'passt');
	return [left, `${marks} ${middle}`.trim(), total];
}

const END_TEXT = { out: 'Abgang', early: 'vorzeitiges Spielende', blocked: 'blockiert' } as const;

/** The sheet as a readable table: per player left | middle | total, one row per lap. */
export function sheetTable(state: RoundState): string {
	const sheet = sheetOf(state);
	const widths = [5, 12, 6];
	const column = (parts: [string, string, string]) =>
		`${parts[0].padStart(widths[0]!)} ${parts[1].padEnd(widths[1]!)} ${parts[2].padStart(widths[2]!)}`;
	const span = widths.reduce((a, b) => a + b + 1, -1);
	const rules = state.setup.rules;
	const lines = [
		`${rules.preset === 'tournament' ? 'Turnierregeln' : rules.scoring === 'kids' ? 'Klassisch, Kinderwertung' : 'Klassische Regeln'}, ${rules.tiles} Steine · ` +
			(isFinished(state)
				? `beendet (${END_TEXT[state.end ?? 'out']})`
				: state.phase === 'settle'
					? 'Ende – Abrechnung fehlt'
					: 'läuft'),
		'',
		`Runde │ ${sheet.players.map((p) => p.slice(0, span).padEnd(span)).join(' │ ')}`,
		`      │ ${sheet.players.map(() => column(['L', 'M', 'Σ'])).join(' │ ')}`,
		`──────┼─${sheet.players.map(() => '─'.repeat(span)).join('─┼─')}`
	];
	for (const row of sheet.rows) {
		const label = row.kind === 'settlement' ? 'Abr.' : String(row.lap + 1);
		lines.push(`${label.padStart(5)} │ ${row.cells.map((c) => column(cellText(c))).join(' │ ')}`);
	}
	lines.push(`──────┴─${sheet.players.map(() => '─'.repeat(span)).join('─┴─')}`);
	const outcome = roundOutcome(state);
	if (isFinished(state)) {
		const ranked = [...outcome].sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
		lines.push(
			'Ergebnis: ' +
				ranked
					.map(
						(p) =>
							`${p.place}. ${p.name} ${sheetNumber(p.total)}` +
							(p.points ? ` (${formatRational(p.points, 'de')} P.)` : '')
					)
					.join(' · ')
		);
	} else {
		lines.push(`Stand: ${outcome.map((p) => `${p.name} ${sheetNumber(p.total)}`).join(' · ')}`);
	}
	return lines.join('\n');
}

interface FileResult {
	file: string;
	state?: RoundState;
	error?: { line: number | null; message: string; en: string };
}

async function readFileResult(file: string, io: CliIO): Promise<FileResult> {
	let text: string;
	try {
		text = await textOf((await io.open(file, LIMITS.recordBytes)).pieces());
	} catch (error) {
		if (error instanceof BeyondBounds)
			return { file, error: { line: 1, ...problemMessage(recordTooLarge()) } };
		return {
			file,
			error: { line: null, message: `Datei „${file}“ nicht lesbar.`, en: `Cannot read file "${file}".` }
		};
	}
	const read = readRecord(text);
	if (!read.ok) {
		const e: RecordError = read.error;
		return { file, error: { line: e.line, ...problemMessage(e) } };
	}
	return { file, state: read.value.state };
}

/** `sheet FILE.trn [FILE.trn …] [--json]`: scores round records. */
export const sheet: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { json: { type: 'boolean', default: false } }
	});
	if (positionals.length === 0) {
		return usageError(
			io,
			'Aufruf: sheet DATEI.trn [DATEI.trn …] [--json]',
			'usage: sheet FILE.trn [FILE.trn …] [--json]'
		);
	}
	const results = await Promise.all(positionals.map((file) => readFileResult(file, io)));
	const failed = results.some((r) => r.error);
	if (values.json) {
		const objects = results.map((r) => (r.state ? sheetReport(r.state) : { file: r.file, error: r.error }));
		printJson(io, objects.length === 1 ? objects[0] : objects);
	} else {
		for (const r of results) {
			if (results.length > 1) io.out(`== ${r.file} ==`);
			if (r.state) io.out(sheetTable(r.state));
			else
				io.err(
					`${r.file}${r.error?.line ? `:${r.error.line}` : ''}: ${r.error?.message}\n  (${r.error?.en})`
				);
		}
	}
	return failed ? 1 : 0;
};
