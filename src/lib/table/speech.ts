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
