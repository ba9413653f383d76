import { problem, type Problem } from '../result';
import { germanNumber as de } from './numbers-de';
import { englishNumber as en } from './numbers-en';
import { parseAnnouncement, type Announcement, type StepKind } from './parse';
import { bonusName, turnScore, type TurnParts } from './turn-parts';

/** A difference between what was said and what happened; `step` indexes the announcement's steps where one step is to blame. */
export type Mismatch = Problem & { readonly step?: number };

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
		mismatches.push(
			problem(
				'draws-mismatch',
				`Käufe: angesagt ${said.draws}, gekauft ${expected.draws}`,
				`purchases: announced ${said.draws}, bought ${expected.draws}`
			)
		);
	}
	if (said.pass !== expected.pass) {
		mismatches.push(
			said.pass
				? {
						...problem(
							'pass-mismatch',
							'Passen angesagt, aber es wurde nicht gepasst',
							'a pass was announced, but the player did not pass'
						),
						...stepOf('pass')
					}
				: problem(
						'pass-mismatch',
						'Passen fehlt: der Zug endete ohne Stein',
						'the pass is missing: the turn ended without a tile'
					)
		);
	} else if (said.pass && said.passPenalty !== expected.passPenalty) {
		const finalLap = expected.passPenalty === 0;
		mismatches.push({
			...problem(
				'pass-penalty-mismatch',
				`Strafe fürs Passen: angesagt ${de(said.passPenalty)}, richtig wäre ${de(expected.passPenalty)}${finalLap ? ' (Schlussrunde)' : ''}`,
				`pass penalty: announced ${en(said.passPenalty)}, should be ${en(expected.passPenalty)}${finalLap ? ' (final lap)' : ''}`
			),
			...stepOf('pass')
		});
	}
	if (said.tile !== expected.tile) {
		mismatches.push({
			...problem(
				'tile-mismatch',
				`Stein: angesagt ${said.tile === null ? 'keiner' : de(said.tile)}, gelegt ${expected.tile === null ? 'keiner' : de(expected.tile)}`,
				`tile: announced ${said.tile === null ? 'none' : en(said.tile)}, laid ${expected.tile === null ? 'none' : en(expected.tile)}`
			),
			...stepOf('tile')
		});
	}
	if (!sameBonuses(said.bonuses, expected.bonuses)) {
		mismatches.push({
			...problem(
				'bonus-mismatch',
				`Bonus: angesagt ${bonusList(said.bonuses, 'de')}, richtig wäre ${bonusList(expected.bonuses, 'de', expected.tile)}`,
				`bonus: announced ${bonusList(said.bonuses, 'en')}, should be ${bonusList(expected.bonuses, 'en', expected.tile)}`
			),
			...stepOf('bonus')
		});
	}
	mismatches.push(...said.mistakes.filter((m) => m.code !== 'result-wrong'));
	const score = turnScore(expected);
	if (said.claimed !== score) {
		const at = said.steps.findIndex((s) => s.kind === 'result');
		mismatches.push({
			...problem(
				'total-mismatch',
				`Summe: angesagt ${de(said.claimed)}, richtig wäre ${de(score)}`,
				`total: announced ${en(said.claimed)}, should be ${en(score)}`
			),
			step: at < 0 ? said.steps.length - 1 : at
		});
	}
	return { consistent: mismatches.length === 0, announcement: said, mismatches };
}

function sameBonuses(a: readonly number[], b: readonly number[]): boolean {
	const sorted = (list: readonly number[]) => [...list].sort((x, y) => x - y).join(',');
	return sorted(a) === sorted(b);
}

/** "fünfzig (Sechseck)", "keiner"; 40 on a 0 tile may be the classic 0-0-0 opening. */
function bonusList(bonuses: readonly number[], lang: 'de' | 'en', tile?: number | null): string {
	if (bonuses.length === 0) return lang === 'de' ? 'keiner' : 'none';
	const word = lang === 'de' ? de : en;
	const named = bonuses.map((bonus) => {
		const name =
			bonus === 40 && tile === 0
				? lang === 'de'
					? 'Brücke oder 0-0-0-Trio'
					: 'bridge or 0-0-0 trio'
				: bonusName(bonus, lang);
		return name === null || tile === undefined ? word(bonus) : `${word(bonus)} (${name})`;
	});
	return named.join(' + ');
}
