// The guard against hidden text: one function that runs in the page (Chromium through Playwright, WebKit
// and Firefox through the engine suite's driver) and names everything a person cannot read or reach on the
// screen as it is now. It imports nothing and uses nothing outside itself, so it can be sent into a page.

/** What the page is checked with. */
export interface HiddenTextOptions {
	/**
	 * Boxes that scroll by design (CSS selectors): what they hold may lie outside their visible part. The
	 * score sheet of a long round is one; a panel with something that blocks play never is.
	 */
	readonly scrollers: readonly string[];
	/**
	 * Pop-ups that lie over the screen by design while open (a drop-down menu): while one is shown, only it
	 * is checked, as a modal dialog is.
	 */
	readonly overlays: readonly string[];
}

/**
 * Everything hidden on the screen, one line each (empty: nothing):
 * - `clipped`: text that lies outside a box that hides or scrolls what overflows it (overflow other than
 *   visible, `contain: paint`), or beyond the right edge of the screen;
 * - `overlap`: two pieces of text drawn over each other;
 * - `covered`: a control, or a line of text, under something else (what the browser hits at its centre is
 *   neither it nor inside it).
 * While a modal dialog is open only the dialog is checked: the rest of the screen is behind it on purpose.
 * The page is scrolled through (and back) to look at what lies below the first screenful.
 */
export function hiddenText(options: HiddenTextOptions): string[] {
	const found: string[] = [];
	const TOLERANCE = 1;
	const modal = [
		...document.querySelectorAll<HTMLElement>(
			['[aria-modal="true"]', 'dialog[open]', ...options.overlays].join(', ')
		)
	].find((element) => element.getClientRects().length > 0 && !element.matches('dialog:not(:modal)'));
	const root: Element = modal ?? document.body;

	const classesOf = (element: Element) =>
		[...element.classList].filter((name) => !name.startsWith('svelte-')).slice(0, 2);
	const describe = (element: Element): string => {
		const classes = classesOf(element);
		const label = element.getAttribute('aria-label');
		return `${element.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')}${label ? `[${label.slice(0, 30)}]` : ''}`;
	};
	const path = (element: Element): string => {
		const parts: string[] = [];
		for (
			let at: Element | null = element;
			at && at !== document.body && parts.length < 3;
			at = at.parentElement
		)
			parts.unshift(describe(at));
		return parts.join(' > ');
	};
	const words = (text: string) => {
		const clean = text.replace(/\s+/g, ' ').trim();
		return clean.length > 48 ? `${clean.slice(0, 47)}…` : clean;
	};
	const px = (value: number) => Math.round(value);
	// One look reads each element's style once: the walk below asks for the same ancestors' styles for every
	// line of text and every control (a desk's screen has thousands), which took seconds without this.
	const styles = new Map<Element, CSSStyleDeclaration>();
	const styleOf = (element: Element): CSSStyleDeclaration => {
		let style = styles.get(element);
		if (!style) styles.set(element, (style = getComputedStyle(element)));
		return style;
	};

	/** Shown at all: rendered, not `visibility: hidden`, not transparent. */
	const shown = (element: Element): boolean => {
		if (element.getClientRects().length === 0) return false;
		const check = (element as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility;
		if (check) return check.call(element, { visibilityProperty: true, opacityProperty: true });
		const style = styleOf(element);
		return style.visibility !== 'hidden' && style.opacity !== '0';
	};

	interface Box {
		left: number;
		top: number;
		right: number;
		bottom: number;
	}
	const area = (box: Box) => Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);
	const intersect = (a: Box, b: Box): Box => ({
		left: Math.max(a.left, b.left),
		top: Math.max(a.top, b.top),
		right: Math.min(a.right, b.right),
		bottom: Math.min(a.bottom, b.bottom)
	});

	/** The box an element clips its content to (its padding box), and in which directions it clips. */
	const clipOf = (element: Element): { box: Box; x: boolean; y: boolean } | null => {
		const style = styleOf(element);
		const paint = /\b(paint|strict|content)\b/.test(style.contain);
		const x = paint || style.overflowX !== 'visible';
		const y = paint || style.overflowY !== 'visible';
		if (!x && !y) return null;
		const rect = element.getBoundingClientRect();
		const left = rect.left + element.clientLeft;
		const top = rect.top + element.clientTop;
		// An element that is no box of its own (inline, display: contents) has no client size.
		if (element.clientWidth === 0 && element.clientHeight === 0 && rect.width > 0) return null;
		return {
			box: { left, top, right: left + element.clientWidth, bottom: top + element.clientHeight },
			x,
			y
		};
	};

	/** Whether `element` is the containing block of absolutely (`absolute`) or fixed (`fixed`) positioned boxes inside it. */
	const contains = (element: Element, kind: 'absolute' | 'fixed'): boolean => {
		const style = styleOf(element);
		return (
			(kind === 'absolute' && style.position !== 'static') ||
			style.transform !== 'none' ||
			style.willChange.includes('transform') ||
			/\b(layout|paint|strict|content)\b/.test(style.contain) ||
			style.filter !== 'none'
		);
	};

	type Clip = { by: Element; clip: { box: Box; x: boolean; y: boolean } };
	/**
	 * The ancestors that clip `element` (and the element itself, `self`), each with the box it clips to. A
	 * positioned box escapes the ancestors below its containing block. Worked out once per element, before
	 * the page is scrolled: later uses read only which ancestors clip, not their boxes.
	 */
	const clipLists = [new Map<Element, Clip[]>(), new Map<Element, Clip[]>()];
	const clippers = (element: Element, self: boolean): Clip[] => {
		const known = clipLists[Number(self)]!;
		let list = known.get(element);
		if (!list) known.set(element, (list = clippersOf(element, self)));
		return list;
	};
	const clippersOf = (element: Element, self: boolean): Clip[] => {
		const list: Clip[] = [];
		let escaping: 'absolute' | 'fixed' | null = null;
		for (let at: Element | null = element; at && at !== document.documentElement; at = at.parentElement) {
			if (at !== element && escaping && contains(at, escaping)) escaping = null;
			if (escaping) continue;
			if (at !== element || self) {
				const clip = clipOf(at);
				if (clip) list.push({ by: at, clip });
			}
			const position = styleOf(at).position;
			if (position === 'absolute' || position === 'fixed') escaping = position;
		}
		return list;
	};

	const scroller = (element: Element) => options.scrollers.some((selector) => element.matches(selector));
	const tiny = (box: Box) => box.right - box.left <= 2 || box.bottom - box.top <= 2;
	const screen: Box = {
		left: 0,
		top: -Infinity,
		right: document.documentElement.clientWidth,
		bottom: Infinity
	};

	/**
	 * Where a box can be seen: cut by every scroller by design it lies in; null when it is wholly outside
	 * one of them (scrolled away on purpose) or inside a box of 2 px or less (hidden for screen readers).
	 * Every other clipping ancestor that cuts it is a finding.
	 */
	const visiblePart = (element: Element, rect: Box, what: string): Box | null => {
		const clips = clippers(element, true);
		let part = rect;
		for (const { by, clip } of clips) {
			if (tiny(clip.box)) return null;
			if (!scroller(by)) continue;
			part = intersect(part, clip.box);
			if (area(part) <= 0) return null;
		}
		for (const { by, clip } of clips) {
			if (scroller(by)) continue;
			const outX =
				clip.x && (part.left < clip.box.left - TOLERANCE || part.right > clip.box.right + TOLERANCE);
			const outY =
				clip.y && (part.top < clip.box.top - TOLERANCE || part.bottom > clip.box.bottom + TOLERANCE);
			if (outX || outY) {
				const inner = by as HTMLElement;
				found.push(
					`clipped: ${what} (${px(part.left)},${px(part.top)}–${px(part.right)},${px(part.bottom)}) by ${path(by)} ` +
						`(${px(clip.box.left)},${px(clip.box.top)}–${px(clip.box.right)},${px(clip.box.bottom)}, content ${inner.scrollWidth}×${inner.scrollHeight})`
				);
				return null;
			}
		}
		if (part.left < screen.left - TOLERANCE || part.right > screen.right + TOLERANCE) {
			found.push(
				`clipped: ${what} (${px(part.left)}–${px(part.right)}) beyond the screen's width ${px(screen.right)}`
			);
			return null;
		}
		return part;
	};

	// A page wider than the screen hides what lies beyond its right edge: named by the boxes that begin it
	// (the outermost ones that reach beyond while their parent does not).
	if (document.documentElement.scrollWidth > screen.right + TOLERANCE) {
		const causes = [...root.querySelectorAll('*')]
			.filter((element) => {
				const right = element.getBoundingClientRect().right;
				const parent = element.parentElement?.getBoundingClientRect().right ?? 0;
				const inScroller = clippers(element, false).some(({ by }) => scroller(by));
				return (
					right > screen.right + TOLERANCE &&
					parent <= screen.right + TOLERANCE &&
					!inScroller &&
					shown(element)
				);
			})
			.slice(0, 3)
			.map((element) => `${path(element)} (to ${px(element.getBoundingClientRect().right)})`);
		found.push(`clipped: the page is wider than the screen (${px(screen.right)}): ${causes.join(', ')}`);
	}

	// The text: every line of every text node that is shown.
	interface Line {
		readonly element: Element;
		readonly text: string;
		readonly box: Box;
		readonly fixed: boolean;
	}
	const lines: Line[] = [];
	const fixedness = new Map<Element, boolean>();
	const inFixed = (element: Element | null): boolean => {
		if (!element) return false;
		let fixed = fixedness.get(element);
		if (fixed === undefined) {
			const position = styleOf(element).position;
			fixed = position === 'fixed' || position === 'sticky' || inFixed(element.parentElement);
			fixedness.set(element, fixed);
		}
		return fixed;
	};
	const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
	const range = document.createRange();
	const seen = new Map<Element, boolean>();
	for (let node = walker.nextNode(); node; node = walker.nextNode()) {
		const text = node.textContent ?? '';
		if (!text.trim()) continue;
		const element = node.parentElement;
		if (!element || element.closest('script, style, select, option, textarea, title, noscript')) continue;
		let ok = seen.get(element);
		if (ok === undefined) {
			ok = shown(element);
			seen.set(element, ok);
		}
		if (!ok) continue;
		range.selectNodeContents(node);
		const fixed = inFixed(element);
		for (const rect of range.getClientRects()) {
			if (rect.width < 1 || rect.height < 1) continue;
			const what = `"${words(text)}" in ${path(element)}`;
			const part = visiblePart(element, rect, what);
			if (part) lines.push({ element, text: words(text), box: part, fixed });
		}
	}

	/** The directions in which a box inside a scroller by design stays put: its own or its ancestors' stickiness. */
	const stuck = (element: Element): { x: boolean; y: boolean } => {
		const axes = { x: false, y: false };
		for (let at: Element | null = element; at && !scroller(at); at = at.parentElement) {
			const style = styleOf(at);
			if (style.position !== 'sticky') continue;
			if (style.top !== 'auto' || style.bottom !== 'auto') axes.y = true;
			if (style.left !== 'auto' || style.right !== 'auto') axes.x = true;
		}
		return axes;
	};
	/**
	 * Text that scrolls by design under a part of its scroller that stays (a row under the sheet's names or
	 * sums, a name under the lap column): one of the two stays put in a direction the other scrolls in. Two
	 * parts that both stay, over each other (the names over the sums), are a finding: the box is too small.
	 */
	const scrolledPast = (a: Element, b: Element): boolean => {
		const inScroller = clippers(a, true).some(({ by }) => scroller(by) && by.contains(b));
		if (!inScroller) return false;
		const [x, y] = [stuck(a), stuck(b)];
		return x.x !== y.x || x.y !== y.y;
	};

	// Two pieces of text over each other (more than a sliver: lines set tight touch by a pixel or two).
	const sorted = [...lines].sort((a, b) => a.box.top - b.box.top);
	const reported = new Set<string>();
	for (let i = 0; i < sorted.length; i++) {
		const a = sorted[i]!;
		for (let j = i + 1; j < sorted.length; j++) {
			const b = sorted[j]!;
			if (b.box.top >= a.box.bottom) break;
			if (a.element === b.element || a.fixed !== b.fixed || scrolledPast(a.element, b.element)) continue;
			const both = intersect(a.box, b.box);
			const width = both.right - both.left;
			const height = both.bottom - both.top;
			const smaller = Math.min(a.box.bottom - a.box.top, b.box.bottom - b.box.top);
			if (width > 2 && height > smaller * 0.25) {
				const key = `${a.text}|${b.text}`;
				if (reported.has(key)) continue;
				reported.add(key);
				found.push(`overlap: "${a.text}" in ${path(a.element)} and "${b.text}" in ${path(b.element)}`);
			}
		}
	}

	// Controls and lines under something else: looked at where the browser hits, the page scrolled so that
	// each lies on the screen (and back).
	const controls = [
		...root.querySelectorAll(
			'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"]'
		)
	].filter((element) => !element.closest('[inert]') && shown(element));
	interface Target {
		readonly element: Element;
		readonly what: string;
		/** Where it lies on the screen now. */
		readonly box: Box;
		/** It lies in a box that stays put while the page scrolls (a note in the corner). */
		readonly fixed: boolean;
	}
	const targets: Target[] = [];
	const startX = window.scrollX;
	const startY = window.scrollY;
	for (const element of controls) {
		const rect = element.getBoundingClientRect();
		if (tiny(rect)) continue;
		let part: Box | null = rect;
		let cut: Element | null = null;
		const clips = clippers(element, false);
		for (const { by, clip } of clips) {
			if (tiny(clip.box)) part = null;
			else if (scroller(by)) part = intersect(part, clip.box);
			if (!part || area(part) <= 0) break;
		}
		if (!part || area(part) <= 0) continue;
		// Its centre cut off by a box that is no scroller: said as clipped (its text is, if it has any).
		const x = (part.left + part.right) / 2;
		const y = (part.top + part.bottom) / 2;
		for (const { by, clip } of clips) {
			if (scroller(by)) continue;
			if (x < clip.box.left || x > clip.box.right || y < clip.box.top || y > clip.box.bottom) cut = by;
		}
		const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
		const what = `${describe(element)} "${words(label)}"`;
		if (cut) {
			if (!(element.textContent ?? '').trim()) found.push(`clipped: control ${what} by ${path(cut)}`);
			continue;
		}
		targets.push({ element, what, box: part, fixed: inFixed(element) });
	}
	for (const line of lines) {
		if (line.element.closest('[inert]')) continue;
		targets.push({
			element: line.element,
			what: `text "${line.text}" in ${path(line.element)}`,
			box: line.box,
			fixed: line.fixed
		});
	}
	const height = window.innerHeight;
	const end = Math.max(0, document.documentElement.scrollHeight - height);
	const steps: number[] = [];
	for (let y = 0; y < end; y += Math.max(100, Math.floor(height / 2))) steps.push(y);
	steps.push(end);
	/** Where on the page (not the screen) a target's centre lies; what stays put lies where it is now. */
	const pageY = (target: Target) => (target.box.top + target.box.bottom) / 2 + (target.fixed ? 0 : startY);
	/** The steps that show a target, nearest the middle of the screen first. */
	const stepsOf = (target: Target): number[] =>
		target.fixed
			? [startY]
			: steps
					.filter((step) => pageY(target) - step >= 0 && pageY(target) - step <= height)
					.sort(
						(a, b) => Math.abs(pageY(target) - a - height / 2) - Math.abs(pageY(target) - b - height / 2)
					);
	/** A header that stays on top of its own scroller (the sheet's names) over what scrolls there by design. */
	const scrolledUnder = (target: Target, hit: Element) =>
		clippers(target.element, false).some(({ by }) => scroller(by) && by.contains(hit) && inFixed(hit));
	/** What lies over the target at this scroll position: null when nothing does. */
	const over = (target: Target): Element | 'off' | null => {
		const x = (target.box.left + target.box.right) / 2;
		const y = (target.box.top + target.box.bottom) / 2 - (target.fixed ? 0 : window.scrollY - startY);
		const hit = document.elementFromPoint(x, y);
		if (!hit) return 'off';
		if (target.element.contains(hit) || hit.contains(target.element) || scrolledUnder(target, hit))
			return null;
		return hit;
	};
	// Each target where the page shows it best; one under a note or header that stays while the page scrolls
	// is looked at again wherever else the page shows it (the page leaves room to scroll it out from under).
	const pending = new Map<Target, number[]>(targets.map((target) => [target, stepsOf(target)]));
	const last = new Map<Target, Element | 'off'>();
	while (pending.size) {
		const step = [...pending.values()].find((list) => list.length)?.[0];
		if (step === undefined) break;
		window.scrollTo(startX, step);
		for (const [target, list] of pending) {
			if (list[0] !== step) continue;
			list.shift();
			const hit = over(target);
			if (hit === null) {
				last.delete(target);
				pending.delete(target);
				continue;
			}
			last.set(target, hit);
			if (hit === 'off' || !inFixed(hit) || target.fixed || !list.length) pending.delete(target);
		}
	}
	for (const target of targets) {
		const hit = last.get(target);
		if (hit)
			found.push(`covered: ${target.what} by ${hit === 'off' ? 'nothing (off the screen)' : path(hit)}`);
	}
	for (const [target] of pending) found.push(`covered: ${target.what}: never on the screen`);
	window.scrollTo(startX, startY);
	return found;
}
