// The season's design document: the validate function of validate.js with the document kinds written
// into it — each kind's id, size bound and shape as JSON Schema, generated from the very zod schemas the
// readers check documents with — and the season's settings (RULES.md §6a: move-up on or off).
import { z } from 'zod/mini';
import {
	DOCUMENT_CHARS,
	EVENT_DOC,
	HEAD_DOC,
	publishedEventSchema,
	publishedHeadSchema
} from '../src/lib/codecs/published';
import { SPECTATOR_CHARS, SPECTATOR_DOC, spectatorSchema } from '../src/lib/codecs/spectator';
import { validateSource, type Kind } from './validate.js';

/** The keywords validate.js understands; a schema that needs another one stops the build of the document. */
const KEYWORDS = new Set([
	'type',
	'const',
	'enum',
	'minLength',
	'maxLength',
	'pattern',
	'minimum',
	'maximum',
	'minItems',
	'maxItems',
	'items',
	'properties',
	'required',
	'anyOf',
	'oneOf',
	'additionalProperties'
]);

/** A zod schema as the JSON Schema validate.js reads, checked to use only keywords it knows. */
function shape(schema: z.ZodMiniType): unknown {
	const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>;
	delete json.$schema;
	const walk = (node: unknown, inside: 'schema' | 'map'): void => {
		if (Array.isArray(node)) return node.forEach((item) => walk(item, 'schema'));
		if (!node || typeof node !== 'object') return;
		for (const [key, value] of Object.entries(node)) {
			if (inside === 'map') walk(value, 'schema');
			else if (!KEYWORDS.has(key)) throw new Error(`validate.js does not understand "${key}"`);
			else if (key === 'properties') walk(value, 'map');
			else if (key === 'items' || key === 'anyOf' || key === 'oneOf') walk(value, 'schema');
		}
	};
	walk(json, 'schema');
	return json;
}

/** Every kind of document a director may write into a season. */
export function documentKinds(): Record<string, Kind> {
	return {
		[EVENT_DOC]: {
			prefix: 'event',
			parts: ['tournament', 'event.id'],
			maxChars: DOCUMENT_CHARS.event,
			immutable: true,
			schema: shape(publishedEventSchema)
		},
		[HEAD_DOC]: {
			prefix: 'tournament',
			parts: ['tournament.id'],
			maxChars: DOCUMENT_CHARS.head,
			immutable: false,
			schema: shape(publishedHeadSchema)
		},
		// What the live pages read (`live:<owner>:<tournament>`), replaced at each publish.
		[SPECTATOR_DOC]: {
			prefix: 'live',
			parts: ['tournament.id'],
			maxChars: SPECTATOR_CHARS,
			immutable: false,
			schema: shape(spectatorSchema)
		}
	};
}

/** The design document (`_design/wertungsblatt`). */
export function designDocument(moveUp = true) {
	return { season: { moveUp }, validate_doc_update: validateSource(documentKinds()) };
}
