/**
 * The notes tray at the bottom of the screen (the root layout's „works offline“ note, update banner,
 * storage notice): its height, for what keeps itself in view above it — the camera's live view scrolls
 * again when the tray grows after it was chosen.
 */
class NotesTray {
	height = $state(0);
}

export const notesTray = new NotesTray();
