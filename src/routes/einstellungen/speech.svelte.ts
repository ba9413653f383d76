/**
 * The device's default for reading turns aloud. The table screen reads this key when a round starts:
 * localStorage `wb.speech`, 'on' | 'off' (unset: off).
 */
export const SPEECH_KEY = 'wb.speech';

export type SpeechSetting = 'on' | 'off';

function stored(): SpeechSetting {
	try {
		return globalThis.localStorage?.getItem(SPEECH_KEY) === 'on' ? 'on' : 'off';
	} catch {
		return 'off';
	}
}

/** Speech output on or off by default, kept on this device. */
export class SpeechPreference {
	#value = $state<SpeechSetting>(stored());

	get value(): SpeechSetting {
		return this.#value;
	}

	set value(value: SpeechSetting) {
		this.#value = value;
		try {
			globalThis.localStorage?.setItem(SPEECH_KEY, value);
		} catch {
			// storage blocked: the choice holds for this session only
		}
	}
}
