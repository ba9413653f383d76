import type { AnnouncementProblem } from '../problems';
import { parseAnnouncement, type Announcement, type StepKind } from './parse';
import { turnScore, type TurnParts } from './turn-parts';

/** A difference between what was said and what happened; `step` indexes the announcement's steps where one step is to blame. */
export type Mismatch = AnnouncementProblem & { readonly step?: number };

/** What was said compared with the turn the app recorded. */
export interface AnnouncementCheck {
	/** What was said matches the turn, and the announcement itself has no mistake. */
	readonly consistent: boolean;
	/** What was read; absent when the text could not be read. */
	readonly announcement?: Announcement;
	readonly mismatches: readonly Mismatch[];
}

/**
 * Compares an announcement with the turn the app computed (RULES.md §3: "flags any mismatch with the
 * computed value before the next turn"): purchases, pass, tile, bonuses, pass penalty and the total.
 */
export function checkAnnouncement(text: string, expected: TurnParts): AnnouncementCheck {
	const read = parseAnnouncement(text);
	if (!read.ok) return { consistent: false, mismatches: [read.error] };
	const said = read.value;
	const stepOf = (kind: StepKind) => {
		const at = said.steps.findIndex((s) => s.kind === kind);
		return at < 0 ? {} : { step: at };
	};
	const mismatches: Mismatch[] = [];

	if (said.draws !== expected.draws) {
		mismatches.push({ code: 'draws-mismatch', said: said.draws, bought: expected.draws });
	}
	if (said.pass !== expected.pass) {
		mismatches.push(
			said.pass
				? { code: 'pass-mismatch', said: true, ...stepOf('pass') }
				: { code: 'pass-mismatch', said: false }
		);
	} else if (said.pass && said.passPenalty !== expected.passPenalty) {
		mismatches.push({
			code: 'pass-penalty-mismatch',
			said: said.passPenalty,
			expected: expected.passPenalty,
			...stepOf('pass')
		});
	}
	if (said.tile !== expected.tile) {
		mismatches.push({ code: 'tile-mismatch', said: said.tile, laid: expected.tile, ...stepOf('tile') });
	}
	if (!sameBonuses(said.bonuses, expected.bonuses)) {
		mismatches.push({
			code: 'bonus-mismatch',
			said: said.bonuses,
			expected: expected.bonuses,
			tile: expected.tile,
			...stepOf('bonus')
		});
	}
	mismatches.push(...said.mistakes.filter((m) => m.code !== 'result-wrong'));
	const score = turnScore(expected);
	if (said.claimed !== score) {
		const at = said.steps.findIndex((s) => s.kind === 'result');
		mismatches.push({
			code: 'total-mismatch',
			said: said.claimed,
			expected: score,
			step: at < 0 ? said.steps.length - 1 : at
		});
	}
	return { consistent: mismatches.length === 0, announcement: said, mismatches };
}

function sameBonuses(a: readonly number[], b: readonly number[]): boolean {
	const sorted = (list: readonly number[]) => [...list].sort((x, y) => x - y).join(',');
	return sorted(a) === sorted(b);
}
