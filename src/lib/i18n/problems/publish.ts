import type { Locale } from '../../domain/numbers';
import type { ProblemOf } from '../../domain/result';
import { problemTexts, type Say } from './texts';

// Publishing to a CouchDB server beyond the venue, and reading a season from it (lib/publish). The
// server's own problems say nothing about what was stored: publishing says that itself (`publish-cut`).

const BAD_ADDRESS: Record<ProblemOf<'bad-address'>['why'], Readonly<Record<Locale, string>>> = {
	'not-a-url': { de: 'keine gültige URL', en: 'not a valid URL' },
	'not-http': { de: 'nur http und https', en: 'only http and https' },
	'no-name': {
		de: 'der Name der Datenbank fehlt (…/saison-2027)',
		en: 'the database name is missing (…/season-2027)'
	},
	'mixed-content': {
		de: 'diese Seite ist über https geladen und darf keinen Server über einfaches http erreichen (der Browser sperrt das). Der Server braucht eine https-Adresse (README: https), oder die App wird im selben Netz über http geöffnet',
		en: 'this page was loaded over https and may not reach a server over plain http (the browser blocks it). The server needs an https address (README: https), or the app is opened over http in the same network'
	}
};

/** What is wrong with a document that should be a tournament's, after its id. */
function notATournament(p: ProblemOf<'not-a-tournament'>, lang: Locale, say: Say): string {
	const de = lang === 'de';
	switch (p.why) {
		case 'document':
			return de
				? `Das Dokument ${p.id} auf dem Server ist kein Wertungsblatt-Turnier. Nichts wurde geändert.`
				: `The document ${p.id} on the server is not a Wertungsblatt tournament. Nothing was changed.`;
		case 'head':
			return `${p.id}: ${de ? 'ist kein Wertungsblatt-Turnier.' : 'is not a Wertungsblatt tournament.'}`;
		case 'old-version':
			return de
				? `${p.id}: wurde mit einer älteren Version veröffentlicht – bitte neu veröffentlichen.`
				: `${p.id}: was published by an older version – please publish it again.`;
		case 'signature':
			return de
				? `${p.id}: die Unterschrift der Turnierleitung passt nicht – verändert oder nicht von ihr.`
				: `${p.id}: the director's signature does not match – changed, or not the director's.`;
		case 'event':
			return `${p.id}: ${de ? 'fehlt oder ist kein Turnierereignis.' : 'is missing or not a tournament event.'}`;
		case 'foreign-event':
			return `${p.id}: ${de ? 'stammt nicht aus diesem Turnier.' : 'does not belong to this tournament.'}`;
		case 'log':
			return `${p.id}: ${say(p.problem)}`;
	}
}

const megabytes = (bytes: number, lang: Locale) =>
	`${(bytes / 1_000_000).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 1 })} MB`;

export const publishTexts = problemTexts({
	'bad-address': {
		de: (p) => `„${p.url}“ ist keine Datenbank-Adresse: ${BAD_ADDRESS[p.why].de}.`,
		en: (p) => `"${p.url}" is no database address: ${BAD_ADDRESS[p.why].en}.`
	},
	unreachable: {
		de: (p) => `Der Server ${p.origin} ist nicht erreichbar (${p.cause}).`,
		en: (p) => `The server ${p.origin} cannot be reached (${p.cause}).`
	},
	unauthorized: {
		de: (p) => `Name oder Passwort für ${p.origin} stimmen nicht, oder der Zugang fehlt.`,
		en: (p) => `Name or password for ${p.origin} are wrong, or they are missing.`
	},
	forbidden: {
		de: (p) => `Der Server lehnt das ab: ${p.reason}`,
		en: (p) => `The server refuses it: ${p.reason}`
	},
	'not-couchdb': {
		de: (p) => `${p.origin} antwortet nicht wie ein CouchDB-Server (HTTP ${p.status}).`,
		en: (p) => `${p.origin} does not answer like a CouchDB server (HTTP ${p.status}).`
	},
	'no-database': {
		de: (p) =>
			`Die Datenbank ${p.url} gibt es nicht. Bitte die Adresse prüfen (README: eine Saison einrichten).`,
		en: (p) => `The database ${p.url} does not exist. Please check the address (README: setting up a season).`
	},
	'not-a-season': {
		de: (p) =>
			`Die Datenbank ${p.url} ist keine Wertungsblatt-Saison (es fehlt ${p.design}; README: eine Saison einrichten). Nichts wurde geändert.`,
		en: (p) =>
			`The database ${p.url} is not a Wertungsblatt season (${p.design} is missing; README: setting up a season). Nothing was changed.`
	},
	'answer-too-large': {
		de: (p) =>
			`${p.origin} schickt mehr als ${megabytes(p.limit, 'de')} – so viel liest die App nicht (kein Saison-Server, oder die Saison ist zu groß).`,
		en: (p) =>
			`${p.origin} sends more than ${megabytes(p.limit, 'en')} – the app does not read that much (not a season server, or the season is too large).`
	},
	'answer-too-slow': {
		de: (p) => `${p.origin} hat nicht innerhalb von ${Math.round(p.ms / 1000)} s geantwortet.`,
		en: (p) => `${p.origin} did not answer within ${Math.round(p.ms / 1000)} s.`
	},
	'too-many-tournaments': {
		de: (p) => `${p.origin} nennt mehr als ${p.limit} Turniere – so viele liest die App nicht.`,
		en: (p) => `${p.origin} names more than ${p.limit} tournaments – the app does not read that many.`
	},
	'no-user': {
		de: (p) =>
			`${p.origin} kennt diese Zugangsdaten nicht als Benutzer (ohne Namen, oder der Server hat noch keinen Verwalter: „Admin Party“, README). Veröffentlichen braucht einen Benutzer mit der Rolle director. Nichts wurde geändert.`,
		en: (p) =>
			`${p.origin} does not know these credentials as a user (no name, or the server has no admin yet: "admin party", README). Publishing needs a user with the role director. Nothing was changed.`
	},
	'not-an-id-part': {
		de: (p) =>
			`„${p.value}“ darf keinen Doppelpunkt enthalten (er trennt die Teile der Ids). Nichts wurde geändert.`,
		en: (p) =>
			`"${p.value}" may not contain a colon (it separates the parts of the ids). Nothing was changed.`
	},
	'other-key': {
		de: (p) =>
			`Dieses Turnier ist auf dem Server schon mit einem anderen Schlüssel veröffentlicht (${p.stored}, hier: ${p.ours}) – von einem anderen Gerät oder aus einer anderen Datei. Mit der Sicherung (.wbsync) des Turniers veröffentlichen, oder der Verwalter entfernt die alte Veröffentlichung (README). Nichts wurde geändert.`,
		en: (p) =>
			`This tournament is on the server already, signed with another key (${p.stored}, here: ${p.ours}) – from another device or file. Publish with the tournament's backup (.wbsync), or the admin removes the old publication (README). Nothing was changed.`
	},
	'not-a-tournament': {
		de: (p, say) => notATournament(p, 'de', say),
		en: (p, say) => notATournament(p, 'en', say)
	},
	'publish-cut': {
		de: (p, say) =>
			`${say(p.cause)} ${p.stored} von ${p.events} ${p.events === 1 ? 'Ereignis' : 'Ereignissen'} gespeichert, der Rest folgt beim nächsten Veröffentlichen; die Rangliste online ist noch die vorige.`,
		en: (p, say) =>
			`${say(p.cause)} ${p.stored} of ${p.events} ${p.events === 1 ? 'event' : 'events'} stored, the rest follows with the next publish; the standings online are still the previous ones.`
	},
	busy: {
		de: 'Das Turnier wird gerade von einem anderen Gerät veröffentlicht – bitte gleich noch einmal.',
		en: 'The tournament is being published from another device right now – please try again in a moment.'
	}
});
