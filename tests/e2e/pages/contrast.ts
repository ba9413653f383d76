import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** What WCAG AA asks of body text; the app holds every text to it, large text too. */
export const MIN_CONTRAST = 4.5;

/** axe's reasons for not measuring that say nothing about the colours. */
const UNMEASURABLE = new Set(['nonBmp', 'shortTextContent', 'bgOverlap', 'hidden']);

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
	target: string[];
	html: string;
	any: { data?: { contrastRatio?: number; fgColor?: string; bgColor?: string } | null }[];
}
interface AxeResults {
	violations: { id: string; nodes: AxeNode[] }[];
	passes: { id: string; nodes: AxeNode[] }[];
	incomplete: { id: string; nodes: AxeNode[] }[];
}

/**
 * Every text on the page (or inside `scope`) whose contrast axe-core measures below 4.5:1, as
 * "selector: fg on bg = ratio". axe is evaluated through the DevTools protocol, which the app's
 * Content-Security-Policy does not stop. Texts axe cannot measure (over images, gradients) are listed
 * with "unmeasured" only when they are not hidden behind something else.
 */
export async function lowContrast(page: Page, scope?: string): Promise<string[]> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
	const results = await page.evaluate(
		async (include) =>
			(await (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(
				include ? { include: [include] } : document,
				{
					runOnly: ['color-contrast'],
					resultTypes: ['violations', 'passes', 'incomplete']
				}
			)) as unknown,
		scope ?? null
	);
	const { violations, passes, incomplete } = results as AxeResults;
	const low: string[] = [];
	for (const node of [...violations, ...passes, ...incomplete].flatMap((rule) => rule.nodes)) {
		const data = node.any[0]?.data as (AxeNode['any'][number]['data'] & { messageKey?: string }) | undefined;
		const ratio = data?.contrastRatio;
		// No ratio: text axe passes without measuring (hidden, a closed <details>), or one it cannot
		// measure by design — a single character or symbol (✓, "5"), covered by another element.
		if (typeof ratio !== 'number' || ratio === 0) {
			if (data?.messageKey && !UNMEASURABLE.has(data.messageKey))
				low.push(`${node.target.join(' ')}: unmeasured (${data.messageKey})`);
			continue;
		}
		if (ratio < MIN_CONTRAST)
			low.push(`${node.target.join(' ')}: ${data?.fgColor} on ${data?.bgColor} = ${ratio.toFixed(2)}`);
	}
	return low;
}
