import type { Screen } from '../engines/pages/Screen';

/** Runs in the page: puts `text` into the field as a paste does, at once (one input event, not one per key). */
function pasteText(css: string, text: string): string | null {
	const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(css);
	if (!field) return null;
	field.focus();
	const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
	Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(field, text);
	field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: text }));
	return field.value;
}

/**
 * Pastes a code's text into the field named `name`, as a person pastes a code handed over as text. Typed key by
 * key (hundreds of characters), a code took WebKit and Firefox over a minute per round on a loaded machine.
 */
export async function paste(screen: Screen, name: string, text: string): Promise<void> {
	const selector = await screen.find('textbox', name);
	const held = await screen.tab.run(pasteText, selector, text);
	if (held !== text) throw new Error(`pasted "${text}", the field holds "${held}"`);
}
