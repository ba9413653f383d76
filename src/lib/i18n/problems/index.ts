import type { Locale } from '../../domain/numbers';
import type { Problem, ProblemCode } from '../../domain/result';
import { announcementTexts } from './announcement';
import { areaTexts } from './areas';
import { boundsTexts } from './bounds';
import { dbTexts } from './db';
import { notationTexts } from './notation';
import { protocolTexts } from './protocol';
import { publishTexts } from './publish';
import { roundTexts } from './round';
import { seatingTexts } from './seating';
import { tableTexts } from './table';
import { textIn, type ProblemTexts } from './texts';
import { tournamentTexts } from './tournament';

/**
 * The German and English text of every problem, whatever its layer: a code without both texts does
 * not compile. This module imports nothing but the domain, so the command line prints the same texts
 * the screens show (layers.config.js).
 */
const TEXTS = {
	...roundTexts,
	...notationTexts,
	...announcementTexts,
	...seatingTexts,
	...tournamentTexts,
	...boundsTexts,
	...protocolTexts,
	...publishTexts,
	...dbTexts,
	...tableTexts,
	...areaTexts
} satisfies ProblemTexts<ProblemCode>;

/** Every table of texts, by name: a test checks that no code is in two of them. */
export const PROBLEM_TEXT_TABLES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
	round: roundTexts,
	notation: notationTexts,
	announcement: announcementTexts,
	seating: seatingTexts,
	tournament: tournamentTexts,
	bounds: boundsTexts,
	protocol: protocolTexts,
	publish: publishTexts,
	db: dbTexts,
	table: tableTexts,
	areas: areaTexts
};

/** What a problem says, in German or English. */
export function problemText(problem: Problem, lang: Locale): string {
	return textIn(TEXTS, problem, lang, (inner) => problemText(inner, lang));
}
