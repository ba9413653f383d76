import { vi } from 'vitest';

/**
 * A chosen file that says it is `size` bytes long, for the file doors' tests: whether anything read it
 * is seen (`read`), so a test can say that a file past a bound was refused before it was read.
 */
export function fileOfSize(name: string, size: number): { file: File; read: () => boolean } {
	const file = new File([''], name);
	Object.defineProperty(file, 'size', { value: size });
	const text = vi.fn(() => Promise.resolve(''));
	Object.defineProperty(file, 'text', { value: text });
	return { file, read: () => text.mock.calls.length > 0 };
}
