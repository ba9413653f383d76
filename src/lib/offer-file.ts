/** Hands a file to the share sheet where the browser can share files, otherwise downloads it. */
export async function offerFile(name: string, text: string): Promise<'shared' | 'saved' | 'cancelled'> {
	const file = new File([text], name, { type: 'text/plain' });
	const canShare =
		typeof navigator !== 'undefined' &&
		typeof navigator.share === 'function' &&
		typeof navigator.canShare === 'function' &&
		safeCanShare(file);
	if (canShare) {
		try {
			await navigator.share({ files: [file], title: name });
			return 'shared';
		} catch (cause) {
			if (cause instanceof DOMException && cause.name === 'AbortError') return 'cancelled';
			// sharing failed: fall back to a download
		}
	}
	const url = URL.createObjectURL(file);
	const link = document.createElement('a');
	link.href = url;
	link.download = name;
	document.body.append(link);
	link.click();
	link.remove();
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
	return 'saved';
}

function safeCanShare(file: File): boolean {
	try {
		return navigator.canShare({ files: [file] });
	} catch {
		return false;
	}
}
