import { parseArgs } from 'node:util';
import { announcementText, parseAnnouncement, type Announcement } from '../../lib/domain/announcement';
import { printJson, problemMessage, usageError, type Command } from '../io';
import { problemText } from '../../lib/i18n/problems/index';

const USAGE_DE =
	'Aufruf: announce [--json] "TEXT"  (z. B. announce "minus fünf, minus zehn, sieben, ergibt minus drei")';
const USAGE_EN = 'usage: announce [--json] "TEXT"';

/**
 * `announce [--json] TEXT…`: reads an announcement (RULES.md §3) and checks it against itself.
 * Exit 0 when it adds up, 1 when it does not or cannot be read, 2 on a usage error.
 */
export const announce: Command = async (args, io) => {
	let values: { json: boolean };
	let positionals: string[];
	try {
		({ values, positionals } = parseArgs({
			// "-5" is a number said, not an option: the U+2212 minus reads the same.
			args: args.map((arg) => (/^-\d/.test(arg) ? `−${arg.slice(1)}` : arg)),
			allowPositionals: true,
			options: { json: { type: 'boolean', default: false } }
		}));
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error);
		return usageError(io, `${USAGE_DE}\n${why}`, `${USAGE_EN} (${why})`);
	}
	const text = positionals.join(' ');
	if (text.trim() === '') return usageError(io, USAGE_DE, USAGE_EN);

	const read = parseAnnouncement(text);
	if (!read.ok) {
		const error = problemMessage(read.error);
		if (values.json) printJson(io, { error });
		else io.err(`${error.message}\n${error.en}`);
		return 1;
	}
	const said = read.value;
	if (values.json) {
		const { draws, tile, bonus, pass, claimed, score, consistent } = said;
		const mistakes = said.mistakes.map((m) => ({ step: m.step, ...problemMessage(m) }));
		printJson(io, { draws, tile, bonus, pass, claimed, score, consistent, mistakes });
	} else {
		io.out(describe(said));
	}
	return said.consistent ? 0 : 1;
};

/** The announcement in a German sentence, each wrong step on its own line, and how it is said correctly. */
function describe(said: Announcement): string {
	const facts: string[] = [];
	if (said.draws > 0) facts.push(said.draws === 1 ? '1 Kauf' : `${said.draws} Käufe`);
	if (said.pass) facts.push(said.passPenalty === 0 ? 'gepasst ohne Strafe (Schlussrunde)' : 'gepasst (−10)');
	if (said.tile !== null) facts.push(`Stein ${said.tile}`);
	if (said.bonuses.length > 0) facts.push(`Bonus ${said.bonuses.join(' + ')}`);
	facts.push(`Summe ${said.score}`);
	const head = said.consistent
		? `Ansage stimmt: ${facts.join(', ')}.`
		: `Ansage stimmt nicht: ${facts.join(', ')} – angesagt ${said.claimed}.`;
	const mistakes = said.mistakes.map(
		(m) => `  Schritt ${m.step + 1} („${said.steps[m.step]?.said ?? ''}“): ${problemText(m, 'de')}`
	);
	return [head, ...mistakes, `Richtig angesagt: „${announcementText(said)}“`].join('\n');
}
