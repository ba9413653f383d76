/** Offers a text file as a download. */
export function downloadRecord(file: { name: string; text: string }): void {
	const url = URL.createObjectURL(new Blob([file.text], { type: 'text/plain;charset=utf-8' }));
	const link = document.createElement('a');
	link.href = url;
	link.download = file.name;
	document.body.append(link);
	link.click();
	link.remove();
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The record as a File the Web Share API can send, or null where the browser cannot share files. */
export function shareableRecord(file: { name: string; text: string }): File | null {
	if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return null;
	const shared = new File([file.text], file.name, { type: 'text/plain' });
	try {
		return navigator.canShare({ files: [shared] }) ? shared : null;
	} catch {
		return null;
	}
}
