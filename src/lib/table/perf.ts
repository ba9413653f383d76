/** User-timing names of the table screen (the benchmarks in scripts/bench/ read them). */
export const PERF = {
	tapToSheet: 'wb:tap-to-sheet',
	tapToCommit: 'wb:tap-to-commit',
	/** To the first frame painted after the sheet changed. */
	tapToPaint: 'wb:tap-to-paint'
} as const;
