import { describe, expect, it } from 'vitest';
import type { Problem } from '../../domain/result';
import { problemText } from './index';

// Codes and files refused, and publishing: the words each refusal is shown with. Which problem a code or
// file gets is tested beside the protocol (lib/protocol, lib/publish); these are its words.

describe('refusals of codes and files, in words', () => {
	it.each<[Problem, string, string]>([
		[
			{ code: 'version', what: 'file', from: { kind: 'format', value: '2' } },
			'Die Datei stammt aus einer anderen App-Version (Format 2). Bitte beide Geräte aktualisieren.',
			'The file comes from another app version (format 2). Please update both devices.'
		],
		[
			{ code: 'version', what: 'code', from: { kind: 'preset', value: '3' } },
			'Der Code stammt aus einer anderen App-Version (Spielregel Nr. 3). Bitte beide Geräte aktualisieren.',
			'The code comes from another app version (rule preset no. 3). Please update both devices.'
		],
		[
			{ code: 'version', what: 'code', from: { kind: 'protocol', value: '1' } },
			'Der Code stammt aus einer anderen App-Version (Protokoll 1). Bitte beide Geräte aktualisieren.',
			'The code comes from another app version (protocol 1). Please update both devices.'
		],
		[
			{ code: 'unreadable', why: 'not-a-code' },
			'Der Code ist unlesbar: kein Wertungsblatt-Code.',
			'The code is unreadable: not a Wertungsblatt code.'
		],
		[
			{ code: 'unreadable', why: 'malformed', detail: 'truncated' },
			'Der Code ist unlesbar: fehlerhafter Aufbau.',
			'The code is unreadable: malformed (truncated).'
		],
		[
			{ code: 'bad-base45', why: 'character' },
			'Der Code ist unlesbar: er enthält ein Zeichen, das kein QR-Code trägt.',
			'The code is unreadable: it contains a character a QR code cannot carry.'
		],
		[
			{ code: 'superseded', table: 2 },
			'Veralteter Code: Tisch 2 hat schon einen neueren Stand abgegeben. Nichts wurde verändert.',
			'Outdated code: table 2 has already handed in a newer state. Nothing was changed.'
		],
		[
			{ code: 'forged', table: null },
			'Die Signatur stimmt nicht: der Code wurde verändert oder mit einem fremden Turnierschlüssel erstellt. Nichts wurde übernommen.',
			'The signature does not match: the code was altered or made with another tournament key. Nothing was taken over.'
		],
		[
			{ code: 'forged', table: { round: 2, table: 3 } },
			'Die Signatur passt nicht zu Runde 2, Tisch 3: ein Tisch kann nur sein eigenes Ergebnis abgeben. Nichts wurde übernommen.',
			'The signature does not fit round 2, table 3: a table can only hand in its own result. Nothing was taken over.'
		],
		[
			{ code: 'too-large', what: 'depth', limit: 16 },
			'Zu groß für eine Turnierdatei: ein Eintrag ist tiefer als 16 Ebenen verschachtelt. Nichts wurde übernommen.',
			'Too large for a tournament file: an entry is nested deeper than 16 levels. Nothing was taken over.'
		],
		[
			{ code: 'too-large', what: 'bytes', limit: 4_000_000 },
			'Zu groß für eine Turnierdatei: mehr als 4.000.000 Bytes. Nichts wurde übernommen.',
			'Too large for a tournament file: more than 4,000,000 bytes. Nothing was taken over.'
		],
		[
			{ code: 'unknown-seating', round: 1, table: 1, revision: 3 },
			'Der Code nennt die Spieler nach der Sitzordnung von Runde 1, Tisch 1 (Stand 3) – die kennt dieses Gerät nicht. Bitte zuerst das Turnier übernehmen.',
			'The code names its players by the seating of round 1, table 1 (revision 3) – this device does not know it. Please take over the tournament first.'
		],
		[
			{ code: 'mismatch', what: 'table', named: { round: 2, table: 3 }, found: { round: 2, table: null } },
			'Kopf und Inhalt passen nicht zusammen: der Code nennt Runde 2, Tisch 3, die Runde selbst Runde 2, Tisch –.',
			'Header and content disagree: the code says round 2, table 3, the round itself round 2, table –.'
		],
		[
			{ code: 'wrong-kind', kind: 'standings' },
			'Das ist ein Ranglisten-Code – bitte mit den Tablets der Tische scannen.',
			'This is a standings code – please scan it with the tables’ tablets.'
		],
		[
			// issue 26 item 6: a result code at a tablet's camera belongs at the desk
			{ code: 'wrong-kind', kind: 'batch' },
			'Das ist ein Ergebnis-Code – bitte bei der Turnierleitung scannen.',
			'This is a result code – please scan it at the tournament desk.'
		],
		[
			{ code: 'locked-take', round: 2, table: 1, running: 3 },
			'Runde 2, Tisch 1: Runde 2 ist gesperrt – Runde 3 läuft. Übernehmen nur als Korrektur der Turnierleitung mit Begründung. Nichts wurde geändert.',
			'Round 2, table 1: round 2 is locked – round 3 is running. It can only be taken as a director override with a reason. Nothing was changed.'
		],
		[
			{ code: 'key-before-restore', round: 1, table: 1 },
			'Runde 1, Tisch 1: Dieser Ergebnis-Code wurde mit einem Tisch-Code von vor der Wiederherstellung erstellt – das Turnier hat seitdem neue Schlüssel. Das Tablet liest den neuen Tisch-Code von Runde 1, Tisch 1 und gibt dann noch einmal ab. Nichts wurde übernommen.',
			'Round 1, table 1: this result code was made with a table code from before the restore – the tournament has new keys since. The tablet reads the new table code of round 1, table 1 and then hands in again. Nothing was taken over.'
		],
		[
			{ code: 'forged', table: null, standings: true },
			'Die Signatur stimmt nicht: dieser Ranglisten-Code ist nicht mit dem Schlüssel der Turnierleitung unterschrieben, den dieses Tablet kennt – er wurde verändert oder kommt von einem anderen Gerät. Hat die Turnierleitung das Turnier auf einem anderen Gerät wiederhergestellt, bitte zuerst dort den Tisch-Code der laufenden Runde einlesen. Nichts wurde geändert.',
			'The signature does not match: this standings code is not signed with the director’s key this tablet knows – it was altered or comes from another device. If the director restored the tournament on another device, please read the table code of the running round there first. Nothing was changed.'
		],
		[
			{ code: 'other-tournament', id: 't-x', round: true, at: null },
			'Die Datei enthält eine Runde des Turniers t-x, nicht des Turniers der Datei. Nichts wurde übernommen.',
			"The file holds a round of tournament t-x, not of the file's tournament. Nothing was taken over."
		],
		[
			{ code: 'other-tournament', id: 't-anderes', round: false, at: { round: 1, table: 2 } },
			'Runde 1, Tisch 2: Der Code gehört zu einem anderen Turnier (t-anderes) als dem hier geöffneten. Nichts wurde übernommen.',
			'Round 1, table 2: The code belongs to another tournament (t-anderes) than the one open here. Nothing was taken over.'
		],
		[
			{ code: 'locked-absence', round: 1, table: 2, running: 2 },
			'Runde 1, Tisch 2: Runde 1 ist gesperrt – Runde 2 läuft. Eine Meldung, wer fehlt, gilt nur für die laufende Runde. Nichts wurde geändert.',
			'Round 1, table 2: round 1 is locked – round 2 is running. A report of a missing player counts only for the running round. Nothing was changed.'
		],
		[
			{ code: 'unseated-player', round: 1, table: 2, player: 'p-99' },
			'Runde 1, Tisch 2: der gemeldete Spieler (p-99) sitzt nicht an diesem Tisch. Nichts wurde geändert.',
			'Round 1, table 2: the reported player (p-99) is not seated at this table. Nothing was changed.'
		],
		[
			{ code: 'other-table-take', round: 1, table: 2, holds: { round: 1, table: 1 } },
			'Runde 1, Tisch 2: das Tablet gehört zu Runde 1, Tisch 1. Übernehmen nur mit Begründung der Turnierleitung. Nichts wurde geändert.',
			"Round 1, table 2: the tablet belongs to round 1, table 1. It can only be taken with the director's reason. Nothing was changed."
		],
		[
			{ code: 'past-table', round: 1, afterRound: 1 },
			'Dieser Tisch-Code ist von Runde 1, doch die Rangliste nach Runde 1 liegt schon vor: Runde 1 ist vorbei. Bitte den Tisch-Code der laufenden Runde einlesen. Nichts wurde geändert.',
			'This table code is from round 1, but the standings after round 1 are already here: round 1 is over. Please read the table code of the current round. Nothing was changed.'
		],
		[
			{ code: 'older-table', round: 1, newest: 2 },
			'Dieser Tisch-Code ist von Runde 1; dieses Tablet spielt schon in Runde 2. Nichts wurde geändert.',
			'This table code is from round 1; this tablet already plays in round 2. Nothing was changed.'
		],
		[
			{ code: 'game-points-beyond-limit', player: 'Anna', points: 10_001, field: 'points', max: 10_000 },
			'Anna: 10001 Spielpunkte – eine Partie ergibt höchstens ±10.000 (so viel lassen die Regeln nicht zu).',
			'Anna: 10001 game points – one game scores at most ±10,000 (the rules allow no more).'
		],
		[
			{ code: 'fraction-too-large', num: '9007199254740993', den: '2', max: '9007199254740991' },
			'Der Bruch 9007199254740993/2 ist zu groß für einen Code oder eine Datei (Zähler und Nenner höchstens 9007199254740991); er würde ungenau. Nichts wurde geschrieben.',
			'The fraction 9007199254740993/2 is too large for a code or file (numerator and denominator at most 9007199254740991); it would lose precision. Nothing was written.'
		],
		[
			{ code: 'invalid', why: 'rule', entry: 4, problem: { code: 'nothing-to-undo' } },
			'Der Inhalt ist ungültig: Eintrag 5: Es gibt nichts rückgängig zu machen..',
			'The content is invalid: entry 5: There is nothing to undo..'
		]
	])('%j', (problem, de, en) => {
		expect(problemText(problem, 'de')).toBe(de);
		expect(problemText(problem, 'en')).toBe(en);
	});

	it.each([
		[
			{ what: 'preset', got: 'classic', want: 'tournament' },
			'Klassisch bis 400 statt Turnierrunde',
			'classic to 400 instead of tournament round'
		],
		[
			{ what: 'scoring', got: 'kids', want: 'standard' },
			'Kinderwertung statt normale Wertung',
			'kids’ scoring instead of standard scoring'
		],
		[{ what: 'tiles', got: 76, want: 56 }, '76 statt 56 Steine', '76 instead of 56 tiles'],
		[{ what: 'players', got: 4, want: 3 }, '4 statt 3 Spieler', '4 instead of 3 players'],
		[
			{ what: 'pool', got: 20, want: 28 },
			'20 statt 28 Steine im Vorrat',
			'20 instead of 28 tiles in the pool'
		],
		[{ what: 'seat-order' }, 'andere Sitzreihenfolge', 'another seat order']
	] as const)('a table played otherwise than handed out: %j', (difference, de, en) => {
		const problem: Problem = { code: 'setup-differs', round: 2, table: 3, difference };
		expect(problemText(problem, 'de')).toBe(
			`Runde 2, Tisch 3: am Tisch wurde anders gespielt, als die Turnierleitung den Tisch ausgegeben hat (${de}). Nichts wurde übernommen – bitte das Ergebnis am Schreibtisch eintragen.`
		);
		expect(problemText(problem, 'en')).toBe(
			`Round 2, table 3: the table played otherwise than the director handed it out (${en}). Nothing was taken over – please enter the result at the desk.`
		);
	});
});

describe('publishing’s problems, in words', () => {
	it.each<[Problem, string, string]>([
		[
			{ code: 'unreachable', origin: 'http://127.0.0.1:1', cause: 'fetch failed' },
			// Said by readers too, and by a publish that stored nothing yet: what was stored, publish-cut says.
			'Der Server http://127.0.0.1:1 ist nicht erreichbar (fetch failed).',
			'The server http://127.0.0.1:1 cannot be reached (fetch failed).'
		],
		[
			{ code: 'not-a-tournament', id: 'tournament:fremd', why: 'head' },
			'tournament:fremd: ist kein Wertungsblatt-Turnier.',
			'tournament:fremd: is not a Wertungsblatt tournament.'
		],
		[
			{ code: 'not-a-tournament', id: 'tournament:t', why: 'log', problem: { code: 'not-created' } },
			'tournament:t: Das Turnier ist noch nicht angelegt.',
			'tournament:t: The tournament has not been created.'
		],
		[
			{ code: 'forbidden', reason: 'Nur Turnierleiter. / Only directors.' },
			'Der Server lehnt das ab: Nur Turnierleiter. / Only directors.',
			'The server refuses it: Nur Turnierleiter. / Only directors.'
		],
		[
			{
				code: 'publish-cut',
				stored: 148,
				events: 200,
				cause: { code: 'unreachable', origin: 'https://x', cause: 'fetch failed' }
			},
			'Der Server https://x ist nicht erreichbar (fetch failed). 148 von 200 Ereignissen gespeichert, der Rest folgt beim nächsten Veröffentlichen; die Rangliste online ist noch die vorige.',
			'The server https://x cannot be reached (fetch failed). 148 of 200 events stored, the rest follows with the next publish; the standings online are still the previous ones.'
		],
		[
			{ code: 'bad-address', url: 'http://x/s', why: 'mixed-content' },
			'„http://x/s“ ist keine Datenbank-Adresse: diese Seite ist über https geladen und darf keinen Server über einfaches http erreichen (der Browser sperrt das). Der Server braucht eine https-Adresse (README: https), oder die App wird im selben Netz über http geöffnet.',
			'"http://x/s" is no database address: this page was loaded over https and may not reach a server over plain http (the browser blocks it). The server needs an https address (README: https), or the app is opened over http in the same network.'
		],
		[
			{ code: 'bad-address', url: 'ftp://x', why: 'not-http' },
			'„ftp://x“ ist keine Datenbank-Adresse: nur http und https.',
			'"ftp://x" is no database address: only http and https.'
		]
	])('%j', (problem, de, en) => {
		expect(problemText(problem, 'de')).toBe(de);
		expect(problemText(problem, 'en')).toBe(en);
	});
});
