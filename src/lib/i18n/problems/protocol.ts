import { MAX_REVISION, MAX_ROUND } from '../../domain/limits';
import type { Locale } from '../../domain/numbers';
import type { ProblemOf } from '../../domain/result';
import { problemTexts, type Say } from './texts';

// Codes and files refused (lib/protocol): unreadable, from another version, forged, not this table's.

type Words = Readonly<Record<Locale, string>>;

const UNREADABLE: Record<Exclude<ProblemOf<'unreadable'>['why'], 'malformed'>, Words> = {
	empty: { de: 'leer', en: 'empty' },
	'too-short': { de: 'zu kurz', en: 'too short' },
	'not-a-code': { de: 'kein Wertungsblatt-Code', en: 'not a Wertungsblatt code' },
	'not-a-file': { de: 'keine Wertungsblatt-Austauschdatei', en: 'not a Wertungsblatt exchange file' },
	frame: { de: 'fehlerhafter Rahmen', en: 'malformed frame' },
	'frame-count': { de: 'Rahmenzahl widersprüchlich', en: 'frame count differs' },
	kind: { de: 'unbekannte Art', en: 'unknown kind' },
	trailing: { de: 'überzählige Daten am Ende', en: 'trailing data' }
};

const BAD_BASE45: Record<ProblemOf<'bad-base45'>['why'], Words> = {
	length: { de: 'die Länge ist unmöglich', en: 'its length is impossible' },
	character: {
		de: 'er enthält ein Zeichen, das kein QR-Code trägt',
		en: 'it contains a character a QR code cannot carry'
	},
	group: { de: 'eine Gruppe ist zu groß', en: 'a group is out of range' },
	'last-group': { de: 'die letzte Gruppe ist zu groß', en: 'the last group is out of range' }
};

const OTHER_VERSION: Record<ProblemOf<'version'>['from']['kind'], Words> = {
	protocol: { de: 'Protokoll', en: 'protocol' },
	format: { de: 'Format', en: 'format' },
	marker: { de: 'Kennung', en: 'marker' },
	preset: { de: 'Spielregel Nr.', en: 'rule preset no.' },
	scoring: { de: 'Wertung Nr.', en: 'scoring no.' }
};

const KINDS: Record<ProblemOf<'wrong-kind'>['kind'], Words> = {
	assignment: { de: 'ein Tisch-Code', en: 'a table code' },
	batch: { de: 'ein Ergebnis-Code', en: 'a result code' },
	standings: { de: 'ein Ranglisten-Code', en: 'a standings code' },
	tournament: { de: 'eine Turnierdatei', en: 'a tournament file' },
	absence: { de: 'eine Meldung eines fehlenden Spielers', en: 'a report of a missing player' }
};

/** Where a code of each kind is read: results and reports at the desk, tables and standings at a table. */
const BELONGS: Record<ProblemOf<'wrong-kind'>['kind'], Words> = {
	assignment: {
		de: 'bitte mit dem Tablet des Tisches scannen',
		en: 'please scan it with the table’s tablet'
	},
	batch: { de: 'bitte bei der Turnierleitung scannen', en: 'please scan it at the tournament desk' },
	standings: {
		de: 'bitte mit den Tablets der Tische scannen',
		en: 'please scan it with the tables’ tablets'
	},
	tournament: {
		de: 'bitte am Gerät der Turnierleitung unter „Austausch“ öffnen',
		en: 'please open it on the tournament desk’s device under “Exchange”'
	},
	absence: { de: 'bitte bei der Turnierleitung scannen', en: 'please scan it at the tournament desk' }
};

const PRESETS: Record<'tournament' | 'classic', Words> = {
	tournament: { de: 'Turnierrunde', en: 'tournament round' },
	classic: { de: 'Klassisch bis 400', en: 'classic to 400' }
};
const SCORINGS: Record<'standard' | 'kids', Words> = {
	standard: { de: 'normale Wertung', en: 'standard scoring' },
	kids: { de: 'Kinderwertung', en: 'kids’ scoring' }
};

/** How a table played otherwise than handed out: "Kinderwertung statt normale Wertung". */
function difference(p: ProblemOf<'setup-differs'>['difference'], lang: Locale): string {
	const instead = lang === 'de' ? 'statt' : 'instead of';
	switch (p.what) {
		case 'preset':
			return `${PRESETS[p.got][lang]} ${instead} ${PRESETS[p.want][lang]}`;
		case 'scoring':
			return `${SCORINGS[p.got][lang]} ${instead} ${SCORINGS[p.want][lang]}`;
		case 'tiles':
			return `${p.got} ${instead} ${p.want} ${lang === 'de' ? 'Steine' : 'tiles'}`;
		case 'players':
			return `${p.got} ${instead} ${p.want} ${lang === 'de' ? 'Spieler' : 'players'}`;
		case 'pool':
			return `${p.got} ${instead} ${p.want} ${lang === 'de' ? 'Steine im Vorrat' : 'tiles in the pool'}`;
		case 'seat-order':
			return lang === 'de' ? 'andere Sitzreihenfolge' : 'another seat order';
	}
}

/** Why the header and the round disagree. */
function mismatch(p: ProblemOf<'mismatch'>, lang: Locale): string {
	const de = lang === 'de';
	switch (p.what) {
		case 'tournament':
			return de ? 'die Runde gehört zu einem anderen Turnier' : 'the round belongs to another tournament';
		case 'stored':
			return de
				? 'der gespeicherte Code gehört zu einem anderen Tisch oder Turnier'
				: 'the stored code belongs to another table or tournament';
		case 'table': {
			const [round, table] = [p.found.round ?? '–', p.found.table ?? '–'];
			return de
				? `der Code nennt Runde ${p.named.round}, Tisch ${p.named.table}, die Runde selbst Runde ${round}, Tisch ${table}`
				: `the code says round ${p.named.round}, table ${p.named.table}, the round itself round ${round}, table ${table}`;
		}
	}
}

/** What a code names beyond any tournament: "Runde 10000", "den Stand 1099511627776", or both. */
function beyond(p: ProblemOf<'beyond-tournament'>, lang: Locale): string {
	const de = lang === 'de';
	const parts = [
		p.round === null ? null : de ? `Runde ${p.round}` : `round ${p.round}`,
		p.revision === null
			? null
			: de
				? `den Stand ${p.revision.toLocaleString('de')}`
				: `revision ${p.revision.toLocaleString('en')}`
	].filter((part) => part !== null);
	return parts.join(de ? ' und ' : ' and ');
}

/** Why a code's content is invalid. */
function invalid(p: ProblemOf<'invalid'>, lang: Locale, say: Say): string {
	const de = lang === 'de';
	switch (p.why) {
		case 'after-confirmation':
			return de ? 'nach der Bestätigung folgen weitere Einträge' : 'entries follow the confirmation';
		case 'no-start':
			return de ? 'der Rundenbeginn fehlt' : 'the round start is missing';
		case 'shape':
			return p.detail;
		case 'rule':
			return `${p.entry === null ? '' : `${de ? 'Eintrag' : 'entry'} ${p.entry + 1}: `}${say(p.problem)}`;
	}
}

export const protocolTexts = problemTexts({
	unreadable: {
		de: (p) =>
			`Der Code ist unlesbar: ${p.why === 'malformed' ? 'fehlerhafter Aufbau' : UNREADABLE[p.why].de}.`,
		en: (p) =>
			`The code is unreadable: ${p.why === 'malformed' ? `malformed (${p.detail})` : UNREADABLE[p.why].en}.`
	},
	'bad-base45': {
		de: (p) => `Der Code ist unlesbar: ${BAD_BASE45[p.why].de}.`,
		en: (p) => `The code is unreadable: ${BAD_BASE45[p.why].en}.`
	},
	checksum: {
		de: 'Die Prüfsumme stimmt nicht – der Code ist beschädigt oder unvollständig abgetippt.',
		en: 'The checksum does not match – the code is damaged or was copied incompletely.'
	},
	version: {
		de: (p) =>
			`${p.what === 'file' ? 'Die Datei' : 'Der Code'} stammt aus einer anderen App-Version (${OTHER_VERSION[p.from.kind].de} ${p.from.value}). Bitte beide Geräte aktualisieren.`,
		en: (p) =>
			`The ${p.what} comes from another app version (${OTHER_VERSION[p.from.kind].en} ${p.from.value}). Please update both devices.`
	},
	'wrong-kind': {
		de: (p) => `Das ist ${KINDS[p.kind].de} – ${BELONGS[p.kind].de}.`,
		en: (p) => `This is ${KINDS[p.kind].en} – ${BELONGS[p.kind].en}.`
	},
	forged: {
		de: (p) =>
			p.table !== null
				? `Die Signatur passt nicht zu Runde ${p.table.round}, Tisch ${p.table.table}: ein Tisch kann nur sein eigenes Ergebnis abgeben. Nichts wurde übernommen.`
				: p.standings
					? 'Die Signatur stimmt nicht: dieser Ranglisten-Code ist nicht mit dem Schlüssel der Turnierleitung unterschrieben, den dieses Tablet kennt – er wurde verändert oder kommt von einem anderen Gerät. Hat die Turnierleitung das Turnier auf einem anderen Gerät wiederhergestellt, bitte zuerst dort den Tisch-Code der laufenden Runde einlesen. Nichts wurde geändert.'
					: 'Die Signatur stimmt nicht: der Code wurde verändert oder mit einem fremden Turnierschlüssel erstellt. Nichts wurde übernommen.',
		en: (p) =>
			p.table !== null
				? `The signature does not fit round ${p.table.round}, table ${p.table.table}: a table can only hand in its own result. Nothing was taken over.`
				: p.standings
					? 'The signature does not match: this standings code is not signed with the director’s key this tablet knows – it was altered or comes from another device. If the director restored the tournament on another device, please read the table code of the running round there first. Nothing was changed.'
					: 'The signature does not match: the code was altered or made with another tournament key. Nothing was taken over.'
	},
	'unknown-tournament': {
		de: (p) => `Das Turnier ${p.id} ist auf diesem Gerät nicht bekannt.`,
		en: (p) => `Tournament ${p.id} is not known on this device.`
	},
	'other-tournament': {
		de: (p) =>
			p.round
				? `Die Datei enthält eine Runde des Turniers ${p.id}, nicht des Turniers der Datei. Nichts wurde übernommen.`
				: `${p.at ? `Runde ${p.at.round}, Tisch ${p.at.table}: ` : ''}Der Code gehört zu einem anderen Turnier (${p.id}) als dem hier geöffneten. Nichts wurde übernommen.`,
		en: (p) =>
			p.round
				? `The file holds a round of tournament ${p.id}, not of the file's tournament. Nothing was taken over.`
				: `${p.at ? `Round ${p.at.round}, table ${p.at.table}: ` : ''}The code belongs to another tournament (${p.id}) than the one open here. Nothing was taken over.`
	},
	'key-mismatch': {
		de: 'Dieses Turnier ist hier schon mit einem anderen Schlüssel bekannt – der Code ist nicht von dieser Turnierleitung.',
		en: 'This tournament is known here with another key – the code is not from this director.'
	},
	'new-director-key': {
		de: 'Dieser Tisch-Code ist von einem anderen Gerät der Turnierleitung unterschrieben als die bisherigen (z. B. nach einer Wiederherstellung). Nur übernehmen, wenn die Turnierleitung das bestätigt. Nichts wurde geändert.',
		en: 'This table code is signed by another device of the director than the ones before (e.g. after a restore). Take it over only if the director confirms it. Nothing was changed.'
	},
	'key-before-restore': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: Dieser Ergebnis-Code wurde mit einem Tisch-Code von vor der Wiederherstellung erstellt – das Turnier hat seitdem neue Schlüssel. Das Tablet liest den neuen Tisch-Code von Runde ${p.round}, Tisch ${p.table} und gibt dann noch einmal ab. Nichts wurde übernommen.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: this result code was made with a table code from before the restore – the tournament has new keys since. The tablet reads the new table code of round ${p.round}, table ${p.table} and then hands in again. Nothing was taken over.`
	},
	mismatch: {
		de: (p) => `Kopf und Inhalt passen nicht zusammen: ${mismatch(p, 'de')}.`,
		en: (p) => `Header and content disagree: ${mismatch(p, 'en')}.`
	},
	'unknown-table': {
		de: (p) => `Runde ${p.round}, Tisch ${p.table} gibt es in diesem Turnier nicht.`,
		en: (p) => `Round ${p.round}, table ${p.table} does not exist in this tournament.`
	},
	'older-table': {
		de: (p) =>
			`Dieser Tisch-Code ist von Runde ${p.round}; dieses Tablet spielt schon in Runde ${p.newest}. Nichts wurde geändert.`,
		en: (p) =>
			`This table code is from round ${p.round}; this tablet already plays in round ${p.newest}. Nothing was changed.`
	},
	'locked-take': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: Runde ${p.round} ist gesperrt${p.running === null ? '' : ` – Runde ${p.running} läuft`}. Übernehmen nur als Korrektur der Turnierleitung mit Begründung. Nichts wurde geändert.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: round ${p.round} is locked${p.running === null ? '' : ` – round ${p.running} is running`}. It can only be taken as a director override with a reason. Nothing was changed.`
	},
	'other-table-take': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: das Tablet gehört zu Runde ${p.holds.round}, Tisch ${p.holds.table}. Übernehmen nur mit Begründung der Turnierleitung. Nichts wurde geändert.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: the tablet belongs to round ${p.holds.round}, table ${p.holds.table}. It can only be taken with the director's reason. Nothing was changed.`
	},
	'locked-absence': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: Runde ${p.round} ist gesperrt${p.running === null ? '' : ` – Runde ${p.running} läuft`}. Eine Meldung, wer fehlt, gilt nur für die laufende Runde. Nichts wurde geändert.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: round ${p.round} is locked${p.running === null ? '' : ` – round ${p.running} is running`}. A report of a missing player counts only for the running round. Nothing was changed.`
	},
	'unseated-player': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: der gemeldete Spieler (${p.player}) sitzt nicht an diesem Tisch. Nichts wurde geändert.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: the reported player (${p.player}) is not seated at this table. Nothing was changed.`
	},
	'past-table': {
		de: (p) =>
			`Dieser Tisch-Code ist von Runde ${p.round}, doch die Rangliste nach Runde ${p.afterRound} liegt schon vor: Runde ${p.round} ist vorbei. Bitte den Tisch-Code der laufenden Runde einlesen. Nichts wurde geändert.`,
		en: (p) =>
			`This table code is from round ${p.round}, but the standings after round ${p.afterRound} are already here: round ${p.round} is over. Please read the table code of the current round. Nothing was changed.`
	},
	'other-table-code': {
		de: (p) =>
			`Dieser Tisch-Code ist für Tisch ${p.table} in Runde ${p.round} – dieses Tablet ist Tisch ${p.current.table} in Runde ${p.current.round}. Es wechselt den Tisch nur, wenn die Spieler es bestätigen. Nichts wurde geändert.`,
		en: (p) =>
			`This table code is for table ${p.table} in round ${p.round} – this tablet is table ${p.current.table} in round ${p.current.round}. It switches tables only when its players confirm it. Nothing was changed.`
	},
	'beyond-tournament': {
		de: (p) =>
			`Dieser Code nennt ${beyond(p, 'de')} – so weit reicht kein Turnier (höchstens ${MAX_ROUND} Runden mit dem Finale, ${MAX_REVISION.toLocaleString('de')} Einträge). Er kommt nicht von der Turnierleitung. Nichts wurde geändert.`,
		en: (p) =>
			`This code names ${beyond(p, 'en')} – no tournament goes that far (at most ${MAX_ROUND} rounds with the final, ${MAX_REVISION.toLocaleString('en')} entries). It does not come from the director. Nothing was changed.`
	},
	'unknown-seating': {
		de: (p) =>
			`Der Code nennt die Spieler nach der Sitzordnung von Runde ${p.round}, Tisch ${p.table} (Stand ${p.revision}) – die kennt dieses Gerät nicht. Bitte zuerst das Turnier übernehmen.`,
		en: (p) =>
			`The code names its players by the seating of round ${p.round}, table ${p.table} (revision ${p.revision}) – this device does not know it. Please take over the tournament first.`
	},
	superseded: {
		de: (p) =>
			`Veralteter Code: Tisch ${p.table} hat schon einen neueren Stand abgegeben. Nichts wurde verändert.`,
		en: (p) => `Outdated code: table ${p.table} has already handed in a newer state. Nothing was changed.`
	},
	inconsistent: {
		de: (p) =>
			`Ereignis ${p.id} ist hier schon mit anderem Inhalt gespeichert – der Code wurde verändert. Nichts wurde übernommen.`,
		en: (p) =>
			`Event ${p.id} is already stored here with other content – the code was altered. Nothing was taken over.`
	},
	'stream-elsewhere': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: Dieser Ergebnis-Code nennt eine Runde, die hier schon als etwas anderes gespeichert ist (ein anderer Tisch oder eine eigene Runde dieses Geräts) – er wurde verändert. Nichts wurde übernommen.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: this result code names a round that is stored here as something else (another table, or a round of this device's own) – it was altered. Nothing was taken over.`
	},
	'duplicate-id': {
		de: (p) => `Die Datei enthält das Ereignis ${p.id} zweimal. Nichts wurde übernommen.`,
		en: (p) => `The file holds event ${p.id} twice. Nothing was taken over.`
	},
	'not-pinned': {
		de: 'Dieses Tablet kennt den Schlüssel der Turnierleitung noch nicht. Bitte zuerst einen neuen Tisch-Code der Turnierleitung einlesen.',
		en: 'This tablet does not know the director’s key yet. Please read a new table code from the director first.'
	},
	invalid: {
		de: (p, say) => `Der Inhalt ist ungültig: ${invalid(p, 'de', say)}.`,
		en: (p, say) => `The content is invalid: ${invalid(p, 'en', say)}.`
	},
	'setup-differs': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: am Tisch wurde anders gespielt, als die Turnierleitung den Tisch ausgegeben hat (${difference(p.difference, 'de')}). Nichts wurde übernommen – bitte das Ergebnis am Schreibtisch eintragen.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: the table played otherwise than the director handed it out (${difference(p.difference, 'en')}). Nothing was taken over – please enter the result at the desk.`
	},
	'damaged-log': {
		de: (p) => `Ereignis ${p.index + 1} der Datei ist beschädigt (${p.detail}).`,
		en: (p) => `Event ${p.index + 1} of the file is damaged (${p.detail}).`
	},
	'not-an-export': {
		de: 'Die Datei ist kein vollständiger „Alles (JSON)“-Export (es fehlen Turnier oder Ereignisse).',
		en: 'The file is not a complete "Everything (JSON)" export (tournament or events are missing).'
	},
	'not-a-backup': {
		de: 'Die Datei ist keine Turniersicherung, sondern ein einzelner Code.',
		en: 'The file is not a tournament backup but a single code.'
	},
	'round-only': {
		de: 'Die Datei sichert nur eine Runde, nicht das ganze Turnier – bitte die Sicherung des ganzen Turniers nehmen.',
		en: 'The file backs up one round, not the whole tournament – please use the backup of the whole tournament.'
	}
});
