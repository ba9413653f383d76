// The season database's validate_doc_update (written in the JavaScript CouchDB runs: no arrows).
// Who may write what in a season's database (CouchDB calls this for every write; admins pass).
// Readers (role "reader") write nothing; a director (role "director") writes only documents that name
// him as owner, never one another director owns, never changes a published event and deletes nothing.
/**
 * @param {any} newDoc
 * @param {any} oldDoc
 * @param {{ name: string | null, roles: string[] }} userCtx
 */
export const validateDocUpdate = function (newDoc, oldDoc, userCtx) {
	if (userCtx.roles.indexOf('_admin') !== -1) return;
	if (userCtx.roles.indexOf('director') === -1)
		throw {
			forbidden:
				'Nur Turnierleiter (Rolle director) veröffentlichen. / Only directors (role director) publish.'
		};
	if (newDoc._deleted)
		throw { forbidden: 'Veröffentlichtes wird nicht gelöscht. / Published documents are not deleted.' };
	if (newDoc.owner !== userCtx.name)
		throw { forbidden: 'owner muss der eigene Name sein. / owner must be your own name.' };
	if (oldDoc && oldDoc.owner !== userCtx.name)
		throw {
			forbidden:
				'Das Turnier gehört einem anderen Turnierleiter. / The tournament belongs to another director.'
		};
	if (newDoc.type === 'wertungsblatt.event') {
		if (oldDoc)
			throw {
				forbidden: 'Ein veröffentlichtes Ereignis ändert sich nie. / A published event never changes.'
			};
		if (!newDoc.event || newDoc._id !== 'event:' + newDoc.tournament + ':' + newDoc.event.id)
			throw { forbidden: 'Die Id passt nicht zum Ereignis. / The id does not match the event.' };
		return;
	}
	if (newDoc.type === 'wertungsblatt.tournament') {
		if (!newDoc.tournament || newDoc._id !== 'tournament:' + newDoc.tournament.id)
			throw { forbidden: 'Die Id passt nicht zum Turnier. / The id does not match the tournament.' };
		return;
	}
	// The spectators' document of a tournament (src/lib/codecs/spectator.ts), beside its head.
	if (newDoc.type === 'wertungsblatt.live') {
		if (!newDoc.tournament || newDoc._id !== 'live:' + newDoc.tournament.id)
			throw { forbidden: 'Die Id passt nicht zum Turnier. / The id does not match the tournament.' };
		return;
	}
	throw { forbidden: 'Kein Wertungsblatt-Dokument. / Not a Wertungsblatt document.' };
};
