import { liveQuery } from 'dexie';
import { createSubscriber } from 'svelte/reactivity';

/**
 * The one bridge from storage to the UI: a Dexie liveQuery read as a rune-friendly value.
 * Reading `current` inside a component or effect subscribes; the query re-runs when its tables change.
 */
export class Live<T> {
	#value: T | undefined;
	#error: unknown = null;
	#loaded = false;
	#subscribe: () => void;

	constructor(query: () => T | Promise<T>) {
		this.#subscribe = createSubscriber((update) => {
			// An async querier keeps Dexie's read tracking alive across awaits inside helpers.
			const subscription = liveQuery(async () => await query()).subscribe({
				next: (value) => {
					this.#value = value;
					this.#loaded = true;
					this.#error = null;
					update();
				},
				error: (error: unknown) => {
					this.#error = error;
					update();
				}
			});
			return () => subscription.unsubscribe();
		});
	}

	/** The latest result; undefined until the first answer. */
	get current(): T | undefined {
		this.#subscribe();
		return this.#value;
	}

	get loaded(): boolean {
		this.#subscribe();
		return this.#loaded;
	}

	/**
	 * Answered: a result came, or the query failed. A screen that lays out what lies below the answer only
	 * then does not move it when the answer comes.
	 */
	get settled(): boolean {
		this.#subscribe();
		return this.#loaded || this.#error !== null;
	}

	get error(): unknown {
		this.#subscribe();
		return this.#error;
	}
}
