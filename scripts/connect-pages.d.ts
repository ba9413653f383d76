// Types of connect-pages.js for the service worker's own tsconfig (which reads no JavaScript).
export const CONNECT_SHELL: string;
export const CONNECT_SOURCES: readonly string[];
export const CONNECT_PAGES: RegExp;
export function connectShell(html: string): string;
