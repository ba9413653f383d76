/** Splits a list into pages of `size` items (at least one page, possibly empty). */
export function paginate<T>(items: readonly T[], size: number): T[][] {
	if (items.length === 0) return [[]];
	const pages: T[][] = [];
	for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
	return pages;
}

/** The page shown at a tick of the projector's clock: pages cycle, and the count may shrink meanwhile. */
export function pageAt(tick: number, pages: number): number {
	return pages > 0 ? tick % pages : 0;
}
