/**
 * A property test's number of runs: as the test asks, or a tenth of it (at least 20) in a mutation run
 * (`WB_PROPERTY_RUNS_SHARE`, set by scripts/mutation.ts). A mutant that breaks a property breaks it in the
 * first few of the cases, and each mutant the test covers runs it again: the 10,000-string property of the
 * announcement parser alone took 30 s a run.
 */
export function runs(count: number): number {
	const share = Number(process.env.WB_PROPERTY_RUNS_SHARE ?? 1);
	return share >= 1 ? count : Math.max(20, Math.ceil(count * share));
}
