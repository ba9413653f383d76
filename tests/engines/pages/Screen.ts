import type { Tab } from '../driver';

/** Roles the tests look for, and the elements that carry them in this app. */
const ROLE_SELECTORS = {
	button: 'button, [role="button"], summary',
	textbox: 'input:not([type]), input[type="text"], input[type="search"], input[type="number"], textarea',
	radio: 'input[type="radio"], [role="radio"]',
	checkbox: 'input[type="checkbox"]',
	link: 'a[href]',
	heading: 'h1, h2, h3, h4, h5, h6',
	alertdialog: '[role="alertdialog"]',
	file: 'input[type="file"]'
} as const;
export type Role = keyof typeof ROLE_SELECTORS;

/** A name to match: the exact accessible name, or a pattern. */
export type Name = string | RegExp;

/**
 * Runs in the page: marks the `index`-th visible, enabled element of `selector` whose accessible name matches, and
 * says whether it found one. The name is worked out as the app gives it (aria-label, aria-labelledby, the
 * label, then the text) — enough for this app, not a full accessible-name computation.
 */
function markInPage(selector: string, pattern: string, exact: boolean, index: number): boolean {
	const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
	const nameOf = (element: Element): string => {
		const label = element.getAttribute('aria-label');
		if (label) return label.trim();
		const by = element.getAttribute('aria-labelledby');
		if (by)
			return by
				.split(/\s+/)
				.map((id) => text(document.getElementById(id)))
				.join(' ');
		const labels = (element as HTMLInputElement).labels;
		if (labels && labels.length > 0) return [...labels].map((each) => text(each)).join(' ');
		return text(element);
	};
	const matches = [...document.querySelectorAll(selector)].filter((element) => {
		if (element.closest('[inert]') || element.getClientRects().length === 0) return false;
		if ((element as HTMLButtonElement).disabled) return false; // a person waits until it can be tapped
		const name = nameOf(element);
		return exact ? name === pattern : new RegExp(pattern).test(name);
	});
	for (const old of document.querySelectorAll('[data-engine-target]'))
		old.removeAttribute('data-engine-target');
	const found = matches.at(index);
	found?.setAttribute('data-engine-target', '');
	return found !== undefined;
}

/**
 * How long a screen may take to show what a test waits for. A wait ends as soon as the thing shows; this
 * only decides when a missing thing counts as a failure. Firefox's draw screen missed a 15 s wait while
 * another test suite ran on the 2-core machine. WB_WAIT_MS sets another (the power-cut test's long runs,
 * which run for hours beside other work, wait longer rather than count a slow screen as a failure).
 */
export const WAIT_MS = Number(process.env.WB_WAIT_MS) || 45_000;

/** What every screen of the app offers a test: find by role and name, tap, type, wait. */
export class Screen {
	constructor(readonly tab: Tab) {}

	/** Marks the element; waits until it shows. Returns the CSS selector of the marked element. */
	async find(role: Role, name: Name, index = 0): Promise<string> {
		const pattern = typeof name === 'string' ? name : name.source;
		await this.until(
			() => this.tab.run(markInPage, ROLE_SELECTORS[role], pattern, typeof name === 'string', index),
			`${role} "${pattern}"`
		);
		return '[data-engine-target]';
	}

	async has(role: Role, name: Name): Promise<boolean> {
		const pattern = typeof name === 'string' ? name : name.source;
		return this.tab.run(markInPage, ROLE_SELECTORS[role], pattern, typeof name === 'string', 0);
	}

	/** Taps the element as a person does. */
	async tap(role: Role, name: Name, index = 0): Promise<void> {
		await this.dismissBanners();
		await this.tab.click(await this.find(role, name, index));
	}

	/** Types `value` into a text field found by its label (what was in it is replaced). */
	async fill(name: Name, value: string): Promise<void> {
		const selector = await this.find('textbox', name);
		await this.tab.fill(selector, value);
		const typed = await this.tab.run(
			(css: string) => document.querySelector<HTMLInputElement>(css)?.value,
			selector
		);
		if (typed !== value) throw new Error(`typed "${value}", the field holds "${typed}"`);
	}

	/** The page's visible text. */
	text(css = 'body'): Promise<string> {
		return this.tab.run(
			(selector: string) => document.querySelector<HTMLElement>(selector)?.innerText ?? '',
			css
		);
	}

	async waitText(wanted: Name, css = 'body'): Promise<void> {
		await this.until(
			async () => {
				const shown = await this.text(css);
				return typeof wanted === 'string' ? shown.includes(wanted) : wanted.test(shown);
			},
			`text "${String(wanted)}"`
		);
	}

	/** Polls `check` until it is true. */
	async until(check: () => Promise<boolean>, what: string, timeout = WAIT_MS): Promise<void> {
		const end = Date.now() + timeout;
		for (;;) {
			try {
				if (await check()) return;
			} catch (error) {
				if (Date.now() > end) throw error;
			}
			if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${what}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}

	/** The app's banners (offline ready, new version) lie over the header; a scorer taps them away. */
	async dismissBanners(): Promise<void> {
		await this.tab.run(() => {
			for (const button of document.querySelectorAll<HTMLButtonElement>('aside.banner button')) {
				if (/^(OK|Später|Later)$/.test(button.textContent?.trim() ?? '')) button.click();
			}
		});
	}
}
