/** Saves text as a file on this device: a Blob behind a temporary `<a download>` (works offline). */
export function downloadText(fileName: string, text: string, type: string): void {
	const url = URL.createObjectURL(new Blob([text], { type }));
	const link = document.createElement('a');
	link.href = url;
	link.download = fileName;
	link.rel = 'noopener';
	document.body.append(link);
	link.click();
	link.remove();
	// Let the download start before the URL goes away.
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
