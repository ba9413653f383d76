import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeenIds } from './state';

describe('SeenIds', () => {
	it('each state sees exactly the ids applied on its own path, however states branch (property)', () => {
		// Steps: append a fresh id to the state at some earlier index (0 = empty), like the desk trying an
		// event on an older state; every state must still see exactly its own ids.
		fc.assert(
			fc.property(fc.array(fc.nat(), { maxLength: 30 }), (parents) => {
				const states: { seen: SeenIds; ids: string[] }[] = [{ seen: new SeenIds(), ids: [] }];
				parents.forEach((parent, n) => {
					const from = states[parent % states.length] as (typeof states)[number];
					const id = `e${n}`;
					states.push({ seen: from.seen.with(id), ids: [...from.ids, id] });
				});
				for (const { seen, ids } of states) {
					expect(seen.size).toBe(ids.length);
					for (let n = 0; n < parents.length; n++) expect(seen.has(`e${n}`)).toBe(ids.includes(`e${n}`));
				}
			})
		);
	});
});
