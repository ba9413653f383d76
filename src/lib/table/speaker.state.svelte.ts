import type { Language } from '$lib/domain/announcement';
import { storedSpeech, storeSpeech } from './speech';

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
