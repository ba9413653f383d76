import { storedSpeech, storeSpeech, type SpeechSetting } from './speech';

/** Speech output on or off by default, kept on this device; the table screen reads the same key. */
export class SpeechPreference {
	#value = $state<SpeechSetting>(storedSpeech());

	get value(): SpeechSetting {
		return this.#value;
	}

	set value(value: SpeechSetting) {
		this.#value = value;
		storeSpeech(value);
	}
}
