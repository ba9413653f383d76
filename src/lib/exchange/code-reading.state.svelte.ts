import { fail, ok, type Problem, type Result } from '../domain/result';
import { readCode, Reassembly, type Progress } from '../protocol/frames';
import { FileBytes, fileTextBeyond, type PayloadBytes } from '../protocol/files';

const REPEAT_MS = 4000;

/**
 * What a receiving screen has read so far: codes typed, pasted or scanned (single codes or frames of a
 * sequence, any order, repeats ignored) and files. Hands each complete payload to `onpayload` once.
 */
export class CodeReading {
	progress = $state<Progress | null>(null);
	missing = $state<number[]>([]);
	busy = $state(false);
	#reassembly = new Reassembly();
	/** Texts taken recently, with when: the camera sees one code many times a second. */
	// Bookkeeping only, never shown: no reactivity needed.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	#seen = new Map<string, number>();
	readonly #onpayload: (bytes: PayloadBytes) => Promise<void>;

	constructor(onpayload: (bytes: PayloadBytes) => Promise<void>) {
		this.#onpayload = onpayload;
	}

	/**
	 * One code's text. From the camera, the same text again within a few seconds is ignored (it sees a
	 * code many times a second); typed or pasted, every text counts.
	 */
	async text(
		text: string,
		options: { camera?: boolean; now?: number } = {}
	): Promise<Result<'progress' | 'done' | 'repeat'>> {
		const { camera = false, now = Date.now() } = options;
		const key = text.trim();
		if (camera && now - (this.#seen.get(key) ?? -Infinity) < REPEAT_MS) return ok('repeat');
		const code = readCode(text);
		if (!code.ok) return code;
		const step = this.#reassembly.add(code.value);
		if (!step.ok) return step;
		this.#seen.set(key, now);
		if ('progress' in step.value) {
			this.progress = step.value.progress;
			if (code.value.kind === 'frame') this.missing = this.#reassembly.missing(code.value.set);
			return ok('progress');
		}
		this.progress = null;
		this.missing = [];
		await this.#take(step.value.done);
		return ok('done');
	}

	/** Several codes pasted at once, one a line (no more than a file of them may hold). */
	async lines(text: string): Promise<Problem | null> {
		const beyond = fileTextBeyond(text.length);
		if (beyond) return beyond;
		const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
		for (const line of lines) {
			const read = await this.text(line);
			if (!read.ok) return read.error;
		}
		return null;
	}

	/**
	 * An exchange file, or its text: a file past the bound is refused by its size, before it is read; its
	 * payload is decoded as the import reads it (`FileBytes`), so it stops at the first element past a bound.
	 */
	async file(file: Blob | string): Promise<Result<null>> {
		const beyond = fileTextBeyond(typeof file === 'string' ? file.length : file.size);
		if (beyond) return fail(beyond);
		const bytes = FileBytes.of(typeof file === 'string' ? file : await file.text());
		if (!bytes.ok) return fail(bytes.error);
		await this.#take(bytes.value);
		return ok(null);
	}

	/** Forget what was taken, so the same code can be read again (e.g. after a refusal was resolved). */
	reset(): void {
		this.#seen.clear();
		this.#reassembly = new Reassembly();
		this.progress = null;
		this.missing = [];
	}

	async #take(bytes: PayloadBytes): Promise<void> {
		this.busy = true;
		try {
			await this.#onpayload(bytes);
		} finally {
			this.busy = false;
		}
	}
}
