import { fail, ok, type Problem, type Result } from '../domain/result';
import { readCode, Reassembly, type Progress } from '../protocol/frames';
import { FileBytes, fileTextBeyond, type PayloadBytes } from '../protocol/files';
import type { SequencePlace } from './cadence';

const REPEAT_MS = 4000;

/** A text read: what it was, where it stands in its sequence, and the whole payload when it completed one. */
interface Step {
	readonly result: Result<'progress' | 'done' | 'repeat'>;
	readonly place: SequencePlace | null;
	readonly payload?: PayloadBytes;
}

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
		return this.#finish(this.#step(text, camera, now));
	}

	/**
	 * A text the camera read, taken as {@link text} takes it. Answers at once where the code stands in its
	 * sequence and what of that is still missing (null for a single code or no code), so that the
	 * scanner can time its next read; `taken` when the code has been dealt with.
	 */
	camera(
		text: string,
		now = Date.now()
	): { place: SequencePlace | null; taken: Promise<Result<'progress' | 'done' | 'repeat'>> } {
		const step = this.#step(text, true, now);
		return { place: step.place, taken: this.#finish(step) };
	}

	/** Reads a text and adds it to its sequence; a whole payload is left to {@link #finish}. */
	#step(text: string, camera: boolean, now: number): Step {
		const code = readCode(text);
		if (!code.ok) return { result: code, place: null };
		const frame = code.value.kind === 'frame' ? code.value : null;
		const place = () =>
			frame && { index: frame.index, total: frame.total, missing: this.#reassembly.missing(frame.set) };
		const key = text.trim();
		if (camera && now - (this.#seen.get(key) ?? -Infinity) < REPEAT_MS) {
			return { result: ok('repeat'), place: place() };
		}
		const step = this.#reassembly.add(code.value);
		if (!step.ok) return { result: step, place: null };
		this.#seen.set(key, now);
		if ('progress' in step.value) {
			this.progress = step.value.progress;
			if (frame) this.missing = this.#reassembly.missing(frame.set);
			return { result: ok('progress'), place: place() };
		}
		this.progress = null;
		this.missing = [];
		return { result: ok('done'), place: null, payload: step.value.done };
	}

	async #finish(step: Step): Promise<Result<'progress' | 'done' | 'repeat'>> {
		if (step.payload) await this.#take(step.payload);
		return step.result;
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
