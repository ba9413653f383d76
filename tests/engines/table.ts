import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { EXAMPLE_PATH, EXAMPLE_TEXT, turnLines } from '../e2e/pages/fixtures';
import { shownNumber } from '../e2e/pages/SheetPage';
import { loseEvent } from '../e2e/pages/stores';
import { TablePage } from './pages/TablePage';
import { hiddenIn, seenErrors, watchErrors, type EngineTest } from './suite';

/** What the command line says about a record: `wertungsblatt sheet --json`. */
interface CliSheet {
	finished: boolean;
	players: { name: string; total: number; place: number | null; points: number | null }[];
	turns: { player: string; score: number; total: number }[];
}

function cliSheet(file: string): CliSheet {
	const out = execFileSync(process.execPath, ['bin/wertungsblatt.js', 'sheet', file, '--json'], {
		encoding: 'utf8'
	});
	return JSON.parse(out) as CliSheet;
}

const ELSEWHERE = 'Diese Runde ist in einem anderen Fenster geöffnet.';

/** Items 1, 2 and 7: the table screen in this engine. */
export const tableTests: EngineTest[] = [
	{
		name: 'a full tournament round of 4 players by taps ends with the sheet, places and points of the command line',
		async run({ engine, baseURL }) {
			const table = new TablePage(await engine.tab());
			// Issue 25: nothing hidden in the table's panels at three iPad sizes and a phone, in this engine.
			const hidden: string[] = [];
			await playExample(table, baseURL, async (state) => {
				hidden.push(...(await hiddenIn(table.tab, engine.name, state)));
			});
			assert.deepEqual(hidden, []);
			const cli = cliSheet(EXAMPLE_PATH);
			assert.equal(cli.finished, true);
			const shown = await table.result();
			assert.deepEqual(
				[...shown].sort((a, b) => a.name.localeCompare(b.name)),
				cli.players
					.map(({ name, total, place, points }) => ({ place, name, total, points }))
					.sort((a, b) => a.name.localeCompare(b.name))
			);
			// Every turn's running total on the sheet is the command line's (Ben opens: seats 1, 2, 3, 0).
			const sheet = await table.sheet();
			const players = ['Anna', 'Ben', 'Cara', 'Dirk'];
			const onScreen = cli.turns.map((turn, index) => {
				const seat = (1 + index) % 4;
				return { player: players[seat], total: shownNumber(sheet[Math.floor(index / 4)]?.[seat] ?? 'NaN') };
			});
			assert.deepEqual(
				onScreen,
				cli.turns.map((turn) => ({ player: turn.player, total: turn.total }))
			);
			await table.confirm();
		}
	},
	{
		name: 'the announcement check, the number keys, and speech read-back that degrades quietly',
		async run({ engine, baseURL }) {
			const tab = await engine.tab();
			const table = new TablePage(tab);
			await table.startRound(baseURL, ['Anna', 'Ben', 'Cara'], 'Anna');
			await tab.run(watchErrors);
			const voices = await tab.run(() =>
				typeof speechSynthesis === 'undefined'
					? 'no speechSynthesis'
					: `${speechSynthesis.getVoices().filter((voice) => voice.lang.startsWith('de')).length} German voices`
			);
			console.log(`    speech: ${voices}`);
			await table.tap('button', 'Ansage vorlesen');
			await table.until(
				() =>
					tab.run(
						() => !!document.querySelector('button[aria-label="Ansage vorlesen"][aria-pressed="true"]')
					),
				'read-back on'
			);
			// Issue 25, item 8: the read-back toggle stays where it is, whatever the length of the phrase.
			const speakAt = () =>
				tab.run(() => {
					const box = document.querySelector('.announce .speak')?.getBoundingClientRect();
					return box ? [box.left, box.top, box.width, box.height].map(Math.round).join(',') : 'none';
				});
			const speak = await speakAt();
			assert.notEqual(speak, 'none');
			// 000 §Ansagen, example 1.
			await table.playTurn('d d 7');
			await table.waitSaved();
			assert.equal(await speakAt(), speak, 'the toggle after a long phrase');
			assert.equal(await table.text('.announce .said'), 'minus fünf, minus zehn, sieben, ergibt minus drei');
			await table.checkAnnouncement('minus fünf, minus zehn, sieben, ergibt minus drei');
			await table.waitText('Ansage stimmt.');
			// The tile by its three numbers on the number keys, with a bridge.
			await table.playTurn('3-4-5 bridge');
			await table.waitSaved();
			assert.equal(await table.text('.announce .said'), 'zwölf, Bonus vierzig, ergibt zweiundfünfzig');
			assert.equal(await speakAt(), speak, 'the toggle after a phrase with a bonus');
			await table.checkAnnouncement('zwölf, Bonus fünfzig, ergibt zweiundsechzig');
			// The verdict names whose announcement it was and the lap ("Die Ansage von Ben (Runde 1) weicht ab:").
			await table.waitText(/Die Ansage von \S+ \(Runde \d+\) weicht ab/);
			// Issue 25, item 2: what is right and what to do next are read whole at every size.
			assert.deepEqual(await hiddenIn(tab, engine.name, 'wrong announcement'), []);
			await table.tap('button', 'Ansage trotzdem übernehmen');
			await table.waitText('Ansage trotz Abweichung übernommen.');
			await table.playTurn('9');
			await table.waitSaved();
			assert.equal(await table.text('.announce .said'), 'neun');
			assert.equal(await speakAt(), speak, 'the toggle after a one-word phrase');
			assert.deepEqual(await table.totals(), [-3, 52, 9]);
			assert.deepEqual(await tab.run(seenErrors), []);
		}
	},
	{
		name: 'a reload in the middle of a round loses nothing; a second tab on the round is read-only',
		async run({ engine, baseURL }) {
			const tab = await engine.tab();
			const table = new TablePage(tab);
			const id = await table.startRound(baseURL, ['Anna', 'Ben', 'Cara'], 'Anna');
			await table.playTurn('7');
			await table.playTurn('d d 5');
			await table.playTurn('3-4-5 bridge');
			await table.tap('button', /^Kaufen/); // Anna's open turn: one purchase so far
			const saved = await table.waitSaved();
			const before = {
				sheet: await table.sheet(),
				totals: await table.totals(),
				pad: await table.text('.pad .who')
			};
			assert.deepEqual(before.totals, [2, -5, 52]);

			assert.equal(await table.reload(), saved);
			assert.deepEqual(
				{ sheet: await table.sheet(), totals: await table.totals(), pad: await table.text('.pad .who') },
				before
			);
			await table.tap('button', 'Stein mit Wert 9 legen');
			await table.waitSaved();
			assert.deepEqual(await table.totals(), [11, -5, 52]);

			const second = new TablePage(await engine.tab());
			await second.tab.goto(`${baseURL}/runde/${id}`);
			await second.waitText(ELSEWHERE);
			assert.equal(
				await second.tab.run(() => document.querySelector('aside.side')?.hasAttribute('inert')),
				true
			);
			assert.deepEqual(await second.totals(), [11, -5, 52]);
			assert.equal(
				await second.has('button', /^Anna, Runde 1:/),
				false,
				'no correction from the read-only tab'
			);
		}
	},
	{
		name: 'an entry storage lost while a later one stayed is said, and nothing of it is hidden',
		async run({ engine, baseURL }) {
			const tab = await engine.tab();
			const table = new TablePage(tab);
			const id = await table.startRound(baseURL, ['Anna', 'Ben', 'Cara'], 'Anna');
			await table.playTurn('7');
			await table.playTurn('d d 5');
			await table.waitSaved();
			assert.equal(await table.has('button', 'Bogen jetzt prüfen'), false);
			// The start event, Anna's 7, Ben's two purchases, his 5: the second purchase and its copy are lost, as Chromium's
			// storage lost one at a power cut (issue 28, db/holes.ts). The notice is the app's, whatever the engine.
			await tab.run(loseEvent, [id, 3, 'lost']);
			await tab.reload();
			await table.waitText('Ein Eintrag fehlt');
			assert.deepEqual(await hiddenIn(tab, engine.name, 'lost entry'), []);
			await table.tap('button', 'Bogen jetzt prüfen');
			await table.until(async () => !(await table.has('button', 'Bogen jetzt prüfen')), 'the notice gone');
			await table.reload();
			assert.equal(await table.has('button', 'Bogen jetzt prüfen'), false);
		}
	}
];

/** Items 1 and 3 play the example round of docs/NOTATION.md (tournament rules, 4 players) by taps. */
export async function playExample(
	table: TablePage,
	baseURL: string,
	look: (state: string) => Promise<void> = async () => {}
): Promise<void> {
	await table.startRound(baseURL, ['Anna', 'Ben', 'Cara', 'Dirk'], 'Ben');
	await look('first turn');
	// Each turn saved before the next, as a scorer watches the sheet. Tapped without waiting, one WebKit run
	// ended in the final lap instead of the settlement: a tap of the last two turns did not count.
	let lapSeen = false;
	for (const { tokens } of turnLines(EXAMPLE_TEXT)) {
		await table.playTurn(tokens);
		await table.waitSaved();
		if (!lapSeen && (await table.phase()) === 'finalLap') {
			lapSeen = true;
			await look('final lap');
		}
	}
	await table.waitSaved();
	assert.equal(await table.phase(), 'settle');
	await look('settlement');
	// Hands: Anna 14, Ben 3-4-4 0-0-1 (12), Dirk 0-1-2 1-1-1 0-2-2 2-3-3 4-4-4 (30).
	await table.enterHands({ Anna: 14, Ben: 12, Dirk: 30 });
	await table.settle();
	await table.waitSaved();
	await look('result');
}
