// The season database's validate_doc_update: who may write what, and in which shape. CouchDB runs it for
// every write (admins pass) in its own JavaScript engine, so it is written in the JavaScript every CouchDB
// runs: ES5, no arrows, no let. `design-document.ts` puts it into the design document together with the document
// kinds — each kind's id, size bound and shape, generated from the schemas the app reads the documents
// with (src/lib/codecs/published.ts), so the server and the readers check the same bounds.
//
// Readers (role "reader") write nothing. A director (role "director") writes only documents whose id
// carries his own name (`tournament:<name>:<id>`, `event:<name>:<tournament>:<event>`): nobody can take,
// block or extend another director's tournament, whatever ids he guesses. Every document must be one of
// the kinds, within its size and shape; events never change; nothing is deleted.

/**
 * @typedef {{ prefix: string, parts: string[], maxChars: number, immutable: boolean, schema: any }} Kind
 */

/**
 * The check itself, with the kinds as an argument (the design document's function passes them in).
 * @param {any} newDoc
 * @param {any} oldDoc
 * @param {{ name: string | null, roles: string[] }} userCtx
 * @param {Record<string, Kind>} kinds
 */
export const checkDocument = function (newDoc, oldDoc, userCtx, kinds) {
	/**
	 * @param {string} de
	 * @param {string} en
	 * @returns {never}
	 */
	function refuse(de, en) {
		throw { forbidden: de + ' / ' + en };
	}
	/**
	 * Own members only (a document may name a member `hasOwnProperty`).
	 * @param {any} object
	 * @param {string} key
	 */
	function has(object, key) {
		return Object.prototype.hasOwnProperty.call(object, key);
	}
	/**
	 * Where `value` departs from `schema` (a JSON Schema of the few keywords design-document.ts allows), or null.
	 * @param {any} value
	 * @param {any} schema
	 * @param {string} path
	 * @returns {string | null}
	 */
	function misfit(value, schema, path) {
		var i, key, keys, found;
		if (schema.anyOf || schema.oneOf) {
			var options = schema.anyOf || schema.oneOf;
			for (i = 0; i < options.length; i++) if (misfit(value, options[i], path) === null) return null;
			return path;
		}
		if (has(schema, 'const') && value !== schema['const']) return path;
		if (schema['enum'] && schema['enum'].indexOf(value) === -1) return path;
		var type = schema.type;
		if (type === 'null') return value === null ? null : path;
		if (type === 'boolean') return typeof value === 'boolean' ? null : path;
		if (type === 'string') {
			if (typeof value !== 'string') return path;
			if (has(schema, 'minLength') && value.length < schema.minLength) return path;
			if (has(schema, 'maxLength') && value.length > schema.maxLength) return path;
			if (schema.pattern && !new RegExp(schema.pattern).test(value)) return path;
			return null;
		}
		if (type === 'number' || type === 'integer') {
			if (typeof value !== 'number' || !isFinite(value)) return path;
			if (type === 'integer' && Math.floor(value) !== value) return path;
			if (has(schema, 'minimum') && value < schema.minimum) return path;
			if (has(schema, 'maximum') && value > schema.maximum) return path;
			return null;
		}
		if (type === 'array') {
			if (!Array.isArray(value)) return path;
			if (has(schema, 'minItems') && value.length < schema.minItems) return path;
			if (has(schema, 'maxItems') && value.length > schema.maxItems) return path;
			for (i = 0; schema.items && i < value.length; i++) {
				found = misfit(value[i], schema.items, path + '[' + i + ']');
				if (found !== null) return found;
			}
			return null;
		}
		if (type === 'object') {
			if (typeof value !== 'object' || value === null || Array.isArray(value)) return path;
			var properties = schema.properties || {};
			var required = schema.required || [];
			for (i = 0; i < required.length; i++) {
				if (!has(value, required[i])) return path + '.' + required[i];
			}
			keys = Object.keys(value);
			for (i = 0; i < keys.length; i++) {
				key = /** @type {string} */ (keys[i]);
				// CouchDB's own members of a document (`_revisions` comes with a replicated write).
				if (path === '' && (key === '_id' || key === '_rev' || key === '_revisions')) continue;
				if (!has(properties, key)) return path + '.' + key;
				found = misfit(value[key], properties[key], path + '.' + key);
				if (found !== null) return found;
			}
			return null;
		}
		return path;
	}

	if (userCtx.roles.indexOf('_admin') !== -1) return;
	if (userCtx.roles.indexOf('director') === -1)
		refuse('Nur Turnierleiter (Rolle director) veröffentlichen.', 'Only directors (role director) publish.');
	var name = userCtx.name;
	if (typeof name !== 'string' || name === '' || name.indexOf(':') !== -1)
		refuse(
			'Der Name des Turnierleiters darf keinen Doppelpunkt enthalten.',
			"A director's name may not contain a colon."
		);
	if (newDoc._deleted)
		refuse(
			'Veröffentlichtes löscht nur der Verwalter der Saison.',
			'Only the season’s admin deletes what was published.'
		);
	var kind = has(kinds, newDoc.type) ? kinds[newDoc.type] : undefined;
	if (!kind) return refuse('Kein Wertungsblatt-Dokument.', 'Not a Wertungsblatt document.');
	if (JSON.stringify(newDoc).length > kind.maxChars)
		refuse(
			'Das Dokument ist größer als ' + kind.maxChars + ' Zeichen.',
			'The document is larger than ' + kind.maxChars + ' characters.'
		);
	var wrong = misfit(newDoc, kind.schema, '');
	if (wrong !== null)
		refuse(
			'Das Dokument hat nicht die Form eines Wertungsblatt-Dokuments (' + (wrong || 'Dokument') + ').',
			'The document does not have the shape of a Wertungsblatt document (' + (wrong || 'document') + ').'
		);
	if (newDoc.owner !== name) refuse('owner muss der eigene Name sein.', 'owner must be your own name.');
	var id = kind.prefix + ':' + name;
	for (var p = 0; p < kind.parts.length; p++) {
		var steps = String(kind.parts[p]).split('.');
		var value = newDoc;
		for (var s = 0; s < steps.length; s++) value = value[String(steps[s])];
		id += ':' + value;
	}
	if (newDoc._id !== id)
		refuse(
			'Die Id muss ' + id + ' sein: der eigene Name und das eigene Turnier.',
			'The id must be ' + id + ': your own name and your own tournament.'
		);
	if (kind.immutable && oldDoc && !oldDoc._deleted)
		refuse('Ein veröffentlichtes Ereignis ändert sich nie.', 'A published event never changes.');
};

/**
 * The design document's validate function: the check with the kinds written into it (CouchDB stores a
 * function's source, nothing around it).
 * @param {Record<string, Kind>} kinds
 * @returns {string}
 */
export function validateSource(kinds) {
	return (
		'function (newDoc, oldDoc, userCtx) {\n' +
		'\tvar kinds = ' +
		JSON.stringify(kinds) +
		';\n' +
		'\treturn (' +
		checkDocument.toString() +
		')(newDoc, oldDoc, userCtx, kinds);\n' +
		'}'
	);
}
