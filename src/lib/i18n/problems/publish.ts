import type { Locale } from '../../domain/numbers';
import type { ProblemOf } from '../../domain/result';
import { problemTexts, type Say } from './texts';

// Publishing to a CouchDB server beyond the venue, and reading a season from it (lib/publish).

const BAD_ADDRESS: Record<ProblemOf<'bad-address'>['why'], Readonly<Record<Locale, string>>> = {
	'not-a-url': { de: 'keine gültige URL', en: 'not a valid URL' },
	'not-http': { de: 'nur http und https', en: 'only http and https' },
	'no-name': {
		de: 'der Name der Datenbank fehlt (…/saison-2027)',
		en: 'the database name is missing (…/season-2027)'
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
		case 'event':
			return `${p.id}: ${de ? 'fehlt oder ist kein Turnierereignis.' : 'is missing or not a tournament event.'}`;
		case 'foreign-event':
			return `${p.id}: ${de ? 'stammt nicht aus diesem Turnier.' : 'does not belong to this tournament.'}`;
		case 'log':
			return `${p.id}: ${say(p.problem)}`;
	}
}

export const publishTexts = problemTexts({
	'bad-address': {
		de: (p) => `„${p.url}“ ist keine Datenbank-Adresse: ${BAD_ADDRESS[p.why].de}.`,
		en: (p) => `"${p.url}" is no database address: ${BAD_ADDRESS[p.why].en}.`
	},
	unreachable: {
		de: (p) => `Der Server ${p.origin} ist nicht erreichbar (${p.cause}). Nichts wurde geändert.`,
		en: (p) => `The server ${p.origin} cannot be reached (${p.cause}). Nothing was changed.`
	},
	unauthorized: {
		de: (p) =>
			`Name oder Passwort für ${p.origin} stimmen nicht, oder der Zugang fehlt. Nichts wurde geändert.`,
		en: (p) => `Name or password for ${p.origin} are wrong, or they are missing. Nothing was changed.`
	},
	forbidden: {
		de: (p) => `Der Server lehnt das ab: ${p.reason} Nichts wurde geändert.`,
		en: (p) => `The server refuses it: ${p.reason} Nothing was changed.`
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
	'other-owner': {
		de: (p) =>
			`Dieses Turnier hat ${p.owner ? `„${p.owner}“` : 'jemand anderes'} veröffentlicht; mit diesen Zugangsdaten kann es nicht geändert werden. Nichts wurde geändert.`,
		en: (p) =>
			`This tournament was published by ${p.owner ? `"${p.owner}"` : 'someone else'}; these credentials cannot change it. Nothing was changed.`
	},
	'not-a-tournament': {
		de: (p, say) => notATournament(p, 'de', say),
		en: (p, say) => notATournament(p, 'en', say)
	},
	busy: {
		de: 'Das Turnier wird gerade von einem anderen Gerät veröffentlicht – bitte gleich noch einmal.',
		en: 'The tournament is being published from another device right now – please try again in a moment.'
	}
});
