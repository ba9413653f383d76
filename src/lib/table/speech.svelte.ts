import type { Language } from '$lib/domain/announcement';

/**
 * Whether turns are read aloud, one choice per device, set in the settings and on the table screen:
 * localStorage `wb.speech`, 'on' | 'off' (unset: off).
 */
export const SPEECH_KEY = 'wb.speech';

export type SpeechSetting = 'on' | 'off';

export function storedSpeech(): SpeechSetting {
	try {
		return globalThis.localStorage?.getItem(SPEECH_KEY) === 'on' ? 'on' : 'off';
	} catch {
		return 'off';
	}
}

export function storeSpeech(value: SpeechSetting): void {
	try {
		globalThis.localStorage?.setItem(SPEECH_KEY, value);
	} catch {
		// storage blocked: the choice holds for this session only
	}
}

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

/**
 * Reads announcements aloud with speechSynthesis, in a German voice where the device has one (English
 * when the app is English). Off by default; the choice is kept on this device. Without
 * speechSynthesis it stays silent and says so.
 */
export class Speaker {
	readonly supported = typeof globalThis.speechSynthesis !== 'undefined';
	#enabled = $state(storedSpeech() === 'on');

	get enabled(): boolean {
		return this.supported && this.#enabled;
	}

	set enabled(value: boolean) {
		this.#enabled = value;
		storeSpeech(value ? 'on' : 'off');
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
