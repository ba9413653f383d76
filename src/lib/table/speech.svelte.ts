import type { Language } from '$lib/domain/announcement';

const SPEAK_KEY = 'wb.table.speak';

/** The browser's speech recognition constructor, where there is one (Chromium: webkit-prefixed). */
export interface Recognizer {
	lang: string;
	interimResults: boolean;
	maxAlternatives: number;
	onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
	onerror: ((event: { error: string }) => void) | null;
	onend: (() => void) | null;
	start(): void;
	stop(): void;
}

type RecognizerClass = new () => Recognizer;

/** SpeechRecognition / webkitSpeechRecognition, or null. */
export function recognizerClass(): RecognizerClass | null {
	const scope = globalThis as unknown as {
		SpeechRecognition?: RecognizerClass;
		webkitSpeechRecognition?: RecognizerClass;
	};
	return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

function stored(): boolean {
	try {
		return globalThis.localStorage?.getItem(SPEAK_KEY) === '1';
	} catch {
		return false;
	}
}

/**
 * Reads announcements aloud with speechSynthesis, in a German voice where the device has one (English
 * when the app is English). Off by default; the choice is kept on this device. Without
 * speechSynthesis it stays silent and says so.
 */
export class Speaker {
	readonly supported = typeof globalThis.speechSynthesis !== 'undefined';
	#enabled = $state(stored());

	get enabled(): boolean {
		return this.supported && this.#enabled;
	}

	set enabled(value: boolean) {
		this.#enabled = value;
		try {
			globalThis.localStorage?.setItem(SPEAK_KEY, value ? '1' : '0');
		} catch {
			// kept for this session only
		}
		if (!value && this.supported) globalThis.speechSynthesis.cancel();
	}

	/** Speaks the steps (queued after what is being said). */
	say(steps: readonly string[], lang: Language): void {
		if (!this.enabled || steps.length === 0) return;
		const synth = globalThis.speechSynthesis;
		const tag = lang === 'de' ? 'de-DE' : 'en-GB';
		const voice =
			synth.getVoices().find((v) => v.lang === tag) ??
			synth.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang));
		const utterance = new SpeechSynthesisUtterance(steps.join(', '));
		utterance.lang = tag;
		if (voice) utterance.voice = voice;
		synth.speak(utterance);
	}
}
