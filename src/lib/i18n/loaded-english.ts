/**
 * The English texts of the areas that load it only when needed (english.ts), once loaded. The text modules
 * read it here; the loader, which imports their English, is not among their imports.
 */
const loaded = new Map<string, unknown>();

/** Keeps the loaded English texts, by area. */
export function keepEnglish(english: Record<string, unknown>): void {
	for (const [area, texts] of Object.entries(english)) loaded.set(area, texts);
}

/** An area's English texts, once loaded. */
export function englishOf(area: string): unknown {
	return loaded.get(area);
}
